/**
 * The metrics as an operator gets them: a real Prometheus scrapes two nodes
 * sharing one Redis while a game is played through both, and answers the
 * queries the dashboard (deploy/grafana/rollcall.json) is built on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type TestCluster } from './cluster.js';
import { dashboardQueries } from './dashboard-queries.js';
import { closeAfterTest, freePort, openTable } from './harness.js';
import { startPrometheus, type QueriedSeries, type TestPrometheus } from './prometheus-server.js';
import { playUntil, startWfgts } from './wfgts-driver.js';

let cluster: TestCluster;
let prometheus: TestPrometheus;
let metricsPorts: number[];
beforeAll(async () => {
  metricsPorts = [await freePort(), await freePort()];
  cluster = await startCluster(metricsPorts.map((port) => ({ env: { METRICS_PORT: String(port) } })));
  prometheus = await startPrometheus(metricsPorts.map((port) => `127.0.0.1:${port}`));
}, 120_000);
afterAll(async () => {
  await prometheus?.close();
  await cluster?.close();
});

/** Ask until `accept` takes the answer: Prometheus sees the nodes only as often as it scrapes them. */
async function eventually(expr: string, accept: (series: QueriedSeries[]) => boolean): Promise<QueriedSeries[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await prometheus.query(expr);
    if (accept(answer)) return answer;
    if (Date.now() > until) throw new Error(`Prometheus kept answering ${expr} with ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

it('a game played through two nodes shows in Prometheus: every accepted move, and the move latency quantiles', async () => {
  await eventually('up{job="rollcall"}', (s) => s.length === 2 && s.every((x) => x.value === 1));
  // The host screen and Cy on one node, Bob and the spectator on the other (see openTable).
  const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob', 'Cy'], spectator: true }));
  await startWfgts(t);
  const final = await playUntil(t);
  expect(final.status).toBe('finished');
  const played = 6 * 3 * 3;

  const [total] = await eventually('sum(rollcall_moves_accepted_total{by="seat"})', (s) => s[0]?.value === played);
  expect(total?.value).toBe(played);
  // Each node stored the moves of the phones it holds.
  const perNode = await prometheus.query('rollcall_moves_accepted_total{by="seat"}');
  expect(perNode.map((s) => s.metric.instance).sort()).toEqual(metricsPorts.map((p) => `127.0.0.1:${p}`).sort());
  expect(perNode.every((s) => s.value > 0)).toBe(true);

  for (const q of [0.5, 0.99]) {
    const expr = `histogram_quantile(${q}, sum by (le) (rate(rollcall_move_seconds_bucket[1m])))`;
    const [quantile] = await eventually(expr, (s) => s.length === 1 && Number.isFinite(s[0]!.value));
    expect(quantile!.value).toBeGreaterThan(0);
    expect(quantile!.value).toBeLessThanOrEqual(1);
  }
  const [moves] = await eventually('sum(rollcall_move_seconds_count)', (s) => s[0]?.value === played);
  expect(moves?.value).toBe(played);
  const roster = await eventually('rollcall_roster_nodes', (s) => s.length === 2 && s.every((x) => x.value === 2));
  expect(roster).toHaveLength(2);

  // Every query on the dashboard runs; those over what the game did have an answer.
  const empty: string[] = [];
  for (const { panel, expr } of dashboardQueries()) {
    const answer = await prometheus.query(expr);
    if (answer.length === 0) empty.push(`${panel}: ${expr}`);
  }
  // Nothing was refused, by the game or by a limit: no series of those exists yet.
  expect(empty.sort()).toEqual(
    [
      'Rate-limit hits: sum by (limit) (rate(rollcall_rate_limited_total[5m]))',
      'Refused moves by code: sum by (code) (rate(rollcall_moves_refused_total[5m]))',
    ].sort(),
  );
}, 180_000);

import { ClientEvent } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { closeAfterTest, dataDirForTest, freePort, openTable, startServer, type Player, type Table } from './harness.js';
import { value } from './metrics-text.js';
import { startWfgts } from './wfgts-driver.js';

const TOKEN = 'scrape-me-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Each phone carries nothing (the third move rolls the dice), then Ann sends two more moves. */
async function playSomeMoves(t: Table) {
  const carry = (p: Player, id: string) =>
    p.client.request(ClientEvent.action, { code: t.code, token: p.token, id, action: { type: 'carry', dice: [] } });
  const replies = [];
  for (const p of t.players) replies.push(await carry(p, 'first'));
  replies.push(await carry(t.players[0]!, 'second'), await carry(t.players[0]!, 'third'));
  return replies;
}

describe('metrics', () => {
  it('are served nowhere by default', async () => {
    const server = closeAfterTest(await startServer());
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: bearer(TOKEN) })).status).toBe(404);
  });

  it('are served on the main port with the bearer token alone: moves, refusals, latency and sockets, and no room code, name or token', async () => {
    // Two messages per connection and no refill: the host screen configures and starts, Ann's third move is refused.
    const server = closeAfterTest(await startServer({ env: { METRICS_TOKEN: TOKEN, ACTION_BURST: '2', ACTIONS_PER_SECOND: '0.001' } }));
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true }));
    await startWfgts(t);
    const replies = await playSomeMoves(t);
    expect(replies.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'room/rate-limited']);

    const url = `${server.url}/metrics`;
    const missing = await fetch(url);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(url, { headers: bearer('not-the-token-at-all') })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: TOKEN } })).status).toBe(401);

    const scrape = await fetch(url, { headers: bearer(TOKEN) });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(value(text, 'rollcall_moves_accepted_total', { by: 'seat' })).toBe(4);
    expect(value(text, 'rollcall_moves_accepted_total', { by: 'bot' })).toBe(0);
    expect(value(text, 'rollcall_moves_refused_total', { code: 'room/rate-limited' })).toBe(1);
    expect(value(text, 'rollcall_rate_limited_total', { limit: 'room/rate-limited' })).toBe(1);
    // Every accepted move was timed, and none took longer than its answer took to arrive.
    expect(value(text, 'rollcall_move_seconds_count')).toBe(4);
    expect(value(text, 'rollcall_move_seconds_bucket', { le: '+Inf' })).toBe(4);
    // Joins, configure, start and the moves: every commit timed, and all stored.
    const commits = value(text, 'rollcall_commits_total');
    expect(commits).toBeGreaterThanOrEqual(4 + 3 + 2);
    expect(value(text, 'rollcall_commits_total', { outcome: 'stored' })).toBe(commits);
    expect(value(text, 'rollcall_commit_seconds_count')).toBe(commits);
    expect(value(text, 'rollcall_sockets', { kind: 'phone' })).toBe(3);
    expect(value(text, 'rollcall_sockets', { kind: 'tv' })).toBe(1);
    expect(value(text, 'rollcall_sockets', { kind: 'spectator' })).toBe(1);
    expect(value(text, 'rollcall_live_rooms')).toBe(1);
    expect(value(text, 'rollcall_rooms_in_memory')).toBe(1);
    expect(value(text, 'rollcall_roster_nodes')).toBe(1);
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    for (const secret of [t.code, t.hostToken, 'Ann', 'Bob', 'Cy', ...t.players.map((p) => p.token)]) {
      expect(text).not.toContain(secret);
    }

    t.close();
    await expect.poll(async () => value(await (await fetch(url, { headers: bearer(TOKEN) })).text(), 'rollcall_live_rooms')).toBe(0);
  });

  it('are served on a listener of their own, which asks for the token when one is set, and not on the main port', async () => {
    const port = await freePort();
    const server = closeAfterTest(await startServer({ env: { METRICS_PORT: String(port) } }));
    const own = `http://127.0.0.1:${port}`;
    const scrape = await fetch(`${own}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('# TYPE rollcall_move_seconds histogram');
    expect((await fetch(`${own}/`)).status).toBe(404);
    expect((await fetch(`${own}/healthz`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    await server.close();
    await expect(fetch(`${own}/metrics`)).rejects.toThrow();

    const guardedPort = await freePort();
    const guarded = closeAfterTest(await startServer({ env: { METRICS_PORT: String(guardedPort), METRICS_TOKEN: TOKEN } }));
    expect((await fetch(`http://127.0.0.1:${guardedPort}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${guardedPort}/metrics`, { headers: bearer(TOKEN) })).status).toBe(200);
    expect((await fetch(`${guarded.url}/metrics`, { headers: bearer(TOKEN) })).status).toBe(200);
  });

  it('fail the start when their port is taken', async () => {
    const port = await freePort();
    closeAfterTest(await startServer({ env: { METRICS_PORT: String(port) } }));
    const second = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDirForTest(), METRICS_PORT: String(port) }));
    closeAfterTest(second);
    await expect(second.listen({ port: 0, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});

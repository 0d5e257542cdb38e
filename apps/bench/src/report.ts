import type { ProfileSummary } from './cpu-profile.js';
import { capacityRatio, errorCount, highestPassing, type LadderStep, type PointResult } from './point.js';

/** A run and how it was judged. */
export interface JudgedRun {
  result: PointResult;
  passed: boolean;
  reasons: string[];
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0));
const whole = (n: number) => (Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US'));
const pct = (n: number) => (Number.isNaN(n) ? '–' : `${Math.round(n)} %`);

/** The errors of a run, most frequent first, e.g. `3 (room/stale-version 2, socket/transport-close 1)`. */
export function describeErrors(errors: Record<string, number>): string {
  const total = errorCount(errors);
  if (total === 0) return '0';
  const parts = Object.entries(errors)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`);
  return `${total} (${parts.join(', ')})`;
}

/** One Markdown table of runs, a row each. */
export function formatRuns(runs: readonly JudgedRun[]): string {
  const head =
    '| target | rooms | sockets | offered/s | achieved/s | p50 ms | p95 ms | p99 ms | max ms | errors | timeouts | server CPU | server RSS MB | generator CPU | generator lag p99 ms | other CPU | view bytes public / seat part | parts per move | view bytes per socket per move | verdict |';
  const rule = `|${head.split('|').slice(1, -1).map(() => '---').join('|')}|`;
  const rows = runs.map(({ result: r, passed, reasons }) =>
    [
      r.target,
      whole(r.workload.rooms),
      whole(r.sockets),
      whole(r.offeredPerSecond),
      whole(r.achievedPerSecond),
      ms(r.latency.p50),
      ms(r.latency.p95),
      ms(r.latency.p99),
      ms(r.latency.max),
      describeErrors(r.errors),
      whole(r.timeouts),
      pct(r.server.cpuPercent),
      whole(r.server.rssMb),
      pct(r.generator.cpuPercent),
      ms(r.generator.eventLoopDelayP99Ms),
      pct(r.machine.otherCpuPercent),
      `${whole(r.viewBytes.public)} / ${whole(r.viewBytes.seatPart)}`,
      r.viewBytes.partsPerMove.toFixed(2),
      whole(r.viewBytes.perSocketPerMove),
      passed ? 'pass' : `fail: ${reasons.join('; ')}`,
    ].join(' | '),
  );
  return [head, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

/** A point passes on a target only when every run of it passed there. */
export function ladderSteps(runs: readonly JudgedRun[], target: PointResult['target']): LadderStep[] {
  const byRooms = new Map<number, boolean>();
  for (const run of runs) {
    if (run.result.target !== target) continue;
    const rooms = run.result.workload.rooms;
    byRooms.set(rooms, (byRooms.get(rooms) ?? true) && run.passed);
  }
  return [...byRooms.entries()].map(([rooms, passed]) => ({ rooms, passed }));
}

/** The ladder's verdict: the highest passing point for each target, and ours as a share of the floor's. */
export function formatCapacity(runs: readonly JudgedRun[], topOfLadder: number): string {
  const describe = (rooms: number | null) =>
    rooms === null ? 'none (the first step failed)' : rooms === topOfLadder ? `${rooms} rooms (the top of the ladder)` : `${rooms} rooms`;
  const ours = highestPassing(ladderSteps(runs, 'ours'));
  const floor = highestPassing(ladderSteps(runs, 'floor'));
  const ratio = capacityRatio(ours, floor);
  const lines = [`Highest passing point, ours: ${describe(ours)}`, `Highest passing point, floor: ${describe(floor)}`];
  if (ratio !== null) {
    const capped = floor === topOfLadder ? ' (the floor passed the top step, so its real capacity may be higher)' : '';
    lines.push(`Our capacity / the floor's: ${ratio.toFixed(2)}${capped}`);
  } else {
    lines.push("Our capacity / the floor's: not defined (one of them passed no step)");
  }
  return lines.join('\n');
}

/** A profile summary as three short Markdown tables. */
export function formatProfile(summary: ProfileSummary): string {
  const table = (title: string, shares: ProfileSummary['areas']) =>
    [`| ${title} | ms | share |`, '|---|---|---|', ...shares.map((s) => `| ${s.name} | ${whole(s.ms)} | ${s.percent.toFixed(1)} % |`)].join('\n');
  return [
    `Sampled ${whole(summary.totalMs)} ms, of which idle ${summary.idlePercent.toFixed(1)} %.`,
    '',
    table('self time by area', summary.areas),
    '',
    table('self time by function', summary.selfTop),
    '',
    table('our functions, inclusive', summary.oursInclusive),
  ].join('\n');
}

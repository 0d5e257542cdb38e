import type { StormOutcome, ViewBytes } from './generator.js';
import type { LatencySummary } from './latency.js';
import type { RedisUse } from './redis-use.js';

/** What a run is pointed at: our server, or the raw Socket.IO floor. */
export type TargetKind = 'ours' | 'floor';

/** The shape of one load point. */
export interface Workload {
  rooms: number;
  players: number;
  spectators: number;
  /** Moves per second per player. */
  rate: number;
}

/** Everything measured in one run of one point against one target. */
export interface PointResult {
  target: TargetKind;
  workload: Workload;
  /** Every socket the run held open: phones, spectators and one TV per room. */
  sockets: number;
  /** How long the measured window lasted, in seconds. */
  windowSeconds: number;
  /** Moves per second the workload asks for: rooms × players × rate. */
  offeredPerSecond: number;
  /** Moves sent in the window and accepted, per second. */
  achievedPerSecond: number;
  /** Latency from a phone sending a move to the last socket of its room holding a view of it. */
  latency: LatencySummary;
  /** Refused moves, failed controls, failed joins and lost connections, by code. */
  errors: Record<string, number>;
  /** Moves with no reply, or not delivered to the whole room, within the time limit. */
  timeouts: number;
  /** Beats a player could not use before its next one came (the game was waiting on others). */
  missedBeats: number;
  /** Views a phone received after a newer one: they arrived out of order (possible with several nodes). */
  olderViews: number;
  /** Our server's processes (or the floor's), over the window. */
  server: { cpuPercent: number; rssMb: number; peakRssMb: number };
  /** The load generator (this process), over the window. */
  generator: { cpuPercent: number; eventLoopDelayP99Ms: number };
  /** The rest of the machine over the window: CPU busy outside our processes, and the load average as the run began. */
  machine: { otherCpuPercent: number; loadAverage: number };
  /**
   * Mean sizes of the public view and of a seat part as received: the Socket.IO packet, i.e. the WebSocket
   * message less Engine.IO's 1-byte type; and seat parts received per move accepted, over the window.
   */
  viewBytes: ViewBytes;
  /** Spectators that crowded into one more room during the window, and the views that cost; null without a storm. */
  storm: StormOutcome | null;
  /** Redis's commands and bytes per accepted move over the window; null without Redis. */
  redis?: RedisUse | null;
}

/** What a point must show to pass. */
export interface Criteria {
  /** p99 must be under this, in milliseconds. */
  p99Ms: number;
  /** Accepted moves must reach this share of the offered rate, or the load was not really carried. */
  minAchievedShare: number;
}

/** The budget's own criteria for the ladder. */
export const LADDER_CRITERIA: Criteria = { p99Ms: 100, minAchievedShare: 0.9 };

/** The total of an error table. */
export function errorCount(errors: Record<string, number>): number {
  return Object.values(errors).reduce((sum, n) => sum + n, 0);
}

/** Whether a run passed, and if not every reason why. */
export function verdict(result: PointResult, criteria: Criteria): { passed: boolean; reasons: string[] } {
  const reasons: string[] = [];
  const { p99, count } = result.latency;
  if (count === 0) reasons.push('no move was measured');
  else if (!(p99 < criteria.p99Ms)) reasons.push(`p99 ${p99.toFixed(1)} ms ≥ ${criteria.p99Ms} ms`);
  const errors = errorCount(result.errors);
  if (errors > 0) reasons.push(`${errors} errors`);
  if (result.timeouts > 0) reasons.push(`${result.timeouts} timeouts`);
  const share = result.offeredPerSecond === 0 ? 0 : result.achievedPerSecond / result.offeredPerSecond;
  if (share < criteria.minAchievedShare) {
    reasons.push(`achieved ${(share * 100).toFixed(0)} % of offered < ${criteria.minAchievedShare * 100} %`);
  }
  return { passed: reasons.length === 0, reasons };
}

/** One step of a ladder: its room count and whether every run of it passed. */
export interface LadderStep {
  rooms: number;
  passed: boolean;
}

/**
 * The highest room count of a ladder that passed with every step below it
 * passing too, or null when the first step failed. A lucky pass above a
 * failure does not count: capacity is where the load is carried all the way up.
 */
export function highestPassing(steps: readonly LadderStep[]): number | null {
  let best: number | null = null;
  for (const step of [...steps].sort((a, b) => a.rooms - b.rooms)) {
    if (!step.passed) break;
    best = step.rooms;
  }
  return best;
}

/** Our capacity over the floor's; null when either has none. */
export function capacityRatio(ours: number | null, floor: number | null): number | null {
  if (ours === null || floor === null || floor === 0) return null;
  return ours / floor;
}

import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../clock.js';

/** How often every node looks for turn deadlines that nobody fired. */
export const SWEEP_EVERY_MS = 1_000;
/**
 * How late a deadline must be before any node steps in. The node that set a
 * timer fires it on time; one this late was set by a node that has gone (or
 * fired into a Redis outage), and the compare-and-set lets exactly one of the
 * nodes that step in apply each default.
 */
export const TAKE_OVER_AFTER_MS = 1_000;

/** What the sweep needs from the room service: set timers for the rooms due by a time. */
export interface TimerOwner {
  restoreTimers(dueBy?: number): Promise<number>;
}

/** Look for overdue turn deadlines every second until stopped. */
export function sweepDeadlines(owner: TimerOwner, clock: Clock, log: Logger): { stop(): void } {
  let handle: TimerHandle | null = null;
  let stopped = false;
  const sweep = async () => {
    try {
      const overdue = await owner.restoreTimers(clock.now() - TAKE_OVER_AFTER_MS);
      if (overdue > 0) log.info({ rooms: overdue }, 'taking over overdue turn timers');
    } catch (err) {
      log.warn({ err }, 'could not look for overdue turn timers');
    }
    if (!stopped) handle = clock.schedule(SWEEP_EVERY_MS, () => void sweep());
  };
  handle = clock.schedule(SWEEP_EVERY_MS, () => void sweep());
  return {
    stop() {
      stopped = true;
      handle?.cancel();
    },
  };
}

import type { Clock, TimerHandle } from './clock.js';

/**
 * One timer per room, kept in step with the room's stored deadline. The
 * deadline lives in the room record, so after a restart the timers are simply
 * set again from the store.
 */
export class TurnTimers {
  private readonly timers = new Map<string, { deadline: number; handle: TimerHandle }>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly fire: (code: string, deadline: number) => void,
  ) {}

  /** Make the room's timer fire at `deadline`, or not at all when null. */
  set(code: string, deadline: number | null): void {
    if (this.stopped) return;
    const current = this.timers.get(code);
    // Set again once the clock is past it, the timer has not fired: the clock jumped (a sleep, a correction), so fire now.
    if (current?.deadline === deadline && (deadline === null || deadline > this.clock.now())) return;
    current?.handle.cancel();
    this.timers.delete(code);
    if (deadline === null) return;
    const handle = this.clock.schedule(deadline - this.clock.now(), () => {
      this.timers.delete(code);
      this.fire(code, deadline);
    });
    this.timers.set(code, { deadline, handle });
  }

  /** Cancel every timer and set no more (on shutdown). */
  stop(): void {
    this.stopped = true;
    for (const { handle } of this.timers.values()) handle.cancel();
    this.timers.clear();
  }
}

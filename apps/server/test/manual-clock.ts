import type { Clock, TimerHandle } from '../src/clock.js';

/** A clock that only moves when a test moves it: timers fire in order as it passes them. */
export class ManualClock implements Clock {
  private pending: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 0;

  constructor(private current = 1_700_000_000_000) {}

  now(): number {
    return this.current;
  }

  schedule(ms: number, fn: () => void): TimerHandle {
    const id = this.nextId++;
    this.pending.push({ at: this.current + Math.max(0, ms), fn, id });
    return { cancel: () => void (this.pending = this.pending.filter((p) => p.id !== id)) };
  }

  /** Move time forward, calling every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.pending = this.pending.filter((p) => p.id !== due.id);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  /** How many timers are waiting. */
  get waiting(): number {
    return this.pending.length;
  }
}

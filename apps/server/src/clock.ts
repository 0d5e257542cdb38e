/** A handle for a scheduled call, to cancel it. */
export interface TimerHandle {
  cancel(): void;
}

/** Time as the server sees it; injected so tests can move turn timers by hand. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Call `fn` once, `ms` from now. */
  schedule(ms: number, fn: () => void): TimerHandle;
}

/** The real clock. Timers do not keep the process alive on their own. */
export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/** A clock that only moves when told to, for tests of the turn timer. */
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

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

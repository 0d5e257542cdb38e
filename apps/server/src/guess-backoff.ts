/**
 * How one connection (a phone's page) is slowed when it names codes with no
 * room behind them: a few are free, then each further one makes it wait
 * before its next join by code, twice as long each time up to a ceiling. A
 * person who mistypes barely notices; a script on one connection falls to
 * one guess per ceiling. Only this connection waits, not its whole network.
 * Pure: plain data in, plain data out, the time passed in.
 */

/** What one connection has guessed. */
export interface Guesses {
  /** Wrong codes named since it last started afresh. */
  wrong: number;
  /** When it named the last one (epoch ms). */
  lastWrongAt: number;
  /** Until when it waits before its next join by code (epoch ms). */
  waitUntil: number;
}

/** How much a connection may guess before it waits, and how long it may be made to wait. */
export interface GuessPolicy {
  /** Wrong codes named without any wait. */
  free: number;
  /** The longest wait after one wrong code. */
  maxWaitMs: number;
}

/** A connection that has named no wrong code. */
export const noGuesses: Guesses = { wrong: 0, lastWrongAt: 0, waitUntil: 0 };

/** The wait after the first wrong code beyond the free ones; each further one doubles it. */
export const FIRST_WAIT_MS = 2000;

/** A connection that named no wrong code for this long starts afresh: an evening's few typos never add up. */
export const FORGET_AFTER_MS = 10 * 60_000;

/** How long the connection must still wait before its next join by code; 0 when it may go now. */
export function waitLeftMs(guesses: Guesses, now: number): number {
  return Math.max(0, guesses.waitUntil - now);
}

/** The connection named a code with no room behind it at `now`. */
export function guessedWrong(guesses: Guesses, now: number, policy: GuessPolicy): Guesses {
  const fresh = now - guesses.lastWrongAt >= FORGET_AFTER_MS;
  const wrong = (fresh ? 0 : guesses.wrong) + 1;
  const over = wrong - policy.free;
  if (over <= 0) return { wrong, lastWrongAt: now, waitUntil: 0 };
  // 2^(over-1) overflows to Infinity long after it passed the ceiling; min() keeps the ceiling.
  const wait = Math.min(policy.maxWaitMs, FIRST_WAIT_MS * 2 ** (over - 1));
  return { wrong, lastWrongAt: now, waitUntil: now + wait };
}

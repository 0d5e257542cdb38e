import { describe, expect, it } from 'vitest';
import { FORGET_AFTER_MS, guessedWrong, noGuesses, waitLeftMs, type Guesses } from './guess-backoff.js';

const policy = { free: 5, maxWaitMs: 60_000 };
const start = 1_800_000_000_000;

/** `count` wrong codes named one second apart from `at`; the connection as it is after them. */
function wrongCodes(count: number, from: Guesses = noGuesses, at = start): Guesses {
  let guesses = from;
  for (let i = 0; i < count; i++) guesses = guessedWrong(guesses, at + i * 1000, policy);
  return guesses;
}

describe('a connection naming wrong codes', () => {
  it('waits for nothing over its first few', () => {
    const guesses = wrongCodes(5);
    expect(guesses.wrong).toBe(5);
    expect(waitLeftMs(guesses, start + 4000)).toBe(0);
  });

  it('then waits twice as long after each further one, up to the ceiling', () => {
    const waits: number[] = [];
    let guesses = wrongCodes(5);
    let at = start + 10_000;
    for (let i = 0; i < 8; i++) {
      guesses = guessedWrong(guesses, at, policy);
      waits.push(waitLeftMs(guesses, at));
      at = guesses.waitUntil;
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('may go again once its wait is over', () => {
    const guesses = wrongCodes(7);
    const until = guesses.waitUntil;
    expect(waitLeftMs(guesses, until - 1)).toBe(1);
    expect(waitLeftMs(guesses, until)).toBe(0);
  });

  it('starts afresh after a long quiet spell, and not before', () => {
    const busy = wrongCodes(12);
    const last = busy.lastWrongAt;
    expect(waitLeftMs(guessedWrong(busy, last + FORGET_AFTER_MS - 1, policy), last + FORGET_AFTER_MS - 1)).toBe(60_000);
    const again = guessedWrong(busy, last + FORGET_AFTER_MS, policy);
    expect(again.wrong).toBe(1);
    expect(waitLeftMs(again, last + FORGET_AFTER_MS)).toBe(0);
  });

  it('keeps the ceiling however long it goes on', () => {
    const guesses = wrongCodes(2000);
    expect(guesses.waitUntil - guesses.lastWrongAt).toBe(60_000);
  });
});

import { describe, expect, it } from 'vitest';
import { bestCarry, junkPays, quickGrouping } from './bot.js';
import { bestGrouping, SIDES } from './scoring.js';

/** A small seeded generator for test lines (Park–Miller). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe('the wfgts bot', () => {
  it('finds the same best grouping score as the sheet on 20,000 random lines', () => {
    const random = lcg(22);
    for (let i = 0; i < 20_000; i++) {
      const line = SIDES.map((s) => 1 + Math.floor(random() * s));
      expect(quickGrouping(line).score).toBe(bestGrouping(line).score);
    }
  }, 120_000);

  it('names the columns of the best grouping', () => {
    // Run 1-2-3-4 on d20 d8 d6 d12 (the seed's round 1): columns 1, 2, 5, 6.
    expect(quickGrouping([2, 3, 2, 10, 8, 4, 1])).toEqual({ score: 76, mask: 0b1100110 });
  });

  it('carries a finished run of seven and expects its full score', () => {
    const line = [1, 2, 3, 4, 5, 6, 7];
    const carry = bestCarry(line, 1, (l) => quickGrouping(l).score, lcg(5));
    expect(carry.columns).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(carry.expected).toBe(quickGrouping(line).score);
  });

  it('spends junk on a poor line only when the gain is large, or in the last round', () => {
    // Nothing groups and the numbers sum to 56.
    const poor = [2, 5, 7, 9, 1, 12, 20];
    expect(quickGrouping(poor).score).toBe(0);
    expect(junkPays(poor, 2)).toBe(true);
    // Junk beats the grouping by 12: worth keeping for later, but not in the last round.
    const slight = [3, 5, 4, 4, 9, 5, 12];
    expect(junkPays(slight, 2)).toBe(false);
    expect(junkPays(slight, 6)).toBe(true);
    // A grouping worth more than the sum never calls for junk.
    expect(junkPays([1, 1, 3, 9, 1, 5, 2], 6)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextRoll, nextUint32, seedGenerator, SEED_BYTES } from './generator.js';
import { generatorDice, scriptedDice } from './dice.js';

const seedOf = (n: number) => Uint8Array.from({ length: SEED_BYTES }, (_, i) => (n * 31 + i * 7) & 0xff);

describe('the seeded generator', () => {
  it('refuses a seed shorter than 128 bits', () => {
    expect(() => seedGenerator(new Uint8Array(15))).toThrow(RangeError);
  });

  it('matches the published xoshiro128** output for a known state', () => {
    // Reference: the first outputs of xoshiro128** from state {1, 2, 3, 4}.
    let state = { algorithm: 'xoshiro128**' as const, words: [1, 2, 3, 4] as [number, number, number, number] };
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [x, next] = nextUint32(state);
      out.push(x);
      state = next;
    }
    expect(out).toEqual([11520, 0, 5927040]);
  });

  it('replays exactly from a JSON round trip of its state', () => {
    const dice = generatorDice(seedGenerator(seedOf(1)));
    for (let i = 0; i < 10; i++) dice.roll(6);
    const saved = JSON.parse(JSON.stringify(dice.state()));
    const a = Array.from({ length: 50 }, () => dice.roll(20));
    const replay = generatorDice(saved);
    expect(Array.from({ length: 50 }, () => replay.roll(20))).toEqual(a);
  });

  it('never changes the state it is given', () => {
    const state = seedGenerator(seedOf(2));
    const copy = structuredClone(state);
    nextRoll(state, 6);
    expect(state).toEqual(copy);
  });

  it('gives different streams for seeds that differ in one bit', () => {
    const a = seedOf(3);
    const b = Uint8Array.from(a);
    b[0] = (b[0] ?? 0) ^ 1;
    const da = generatorDice(seedGenerator(a));
    const db = generatorDice(seedGenerator(b));
    const ra = Array.from({ length: 20 }, () => da.roll(1000));
    const rb = Array.from({ length: 20 }, () => db.roll(1000));
    expect(ra).not.toEqual(rb);
  });

  it('only rolls faces the die has', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 32 }), fc.integer({ min: 1, max: 100 }), (seed, sides) => {
        const dice = generatorDice(seedGenerator(seed));
        for (let i = 0; i < 20; i++) {
          const v = dice.roll(sides);
          if (!Number.isInteger(v) || v < 1 || v > sides) return false;
        }
        return true;
      }),
    );
  });

  it('rolls every face of a d6 about equally often', () => {
    const dice = generatorDice(seedGenerator(seedOf(4)));
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[dice.roll(6) - 1]! += 1;
    // Chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile.
    const chi = counts.reduce((acc, c) => acc + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe('scripted dice', () => {
  it('show the scripted numbers in order and refuse impossible faces', () => {
    const dice = scriptedDice([3, 7]);
    expect(dice.roll(4)).toBe(3);
    expect(() => dice.roll(6)).toThrow(/cannot show/);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedGenerator, nextRoll, nextUint32, seedGenerator, SEED_BYTES } from './generator.js';
import { generatorDice, scriptedDice } from './dice.js';

const popcount = (x: number): number => x.toString(2).replaceAll('0', '').length;
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

  it('starts seeds that differ only in their last bytes on unrelated streams', () => {
    // Each seed differs from the first in its last byte alone, or in the last
    // 4 bytes, or has 16 more bytes after the same 16: all of the seed counts.
    const base = seedOf(5);
    const lastByte = Uint8Array.from(base);
    lastByte[SEED_BYTES - 1] = (lastByte[SEED_BYTES - 1] ?? 0) ^ 0x80;
    const lastWord = Uint8Array.from(base);
    lastWord.fill(0xff, SEED_BYTES - 4);
    const longer = Uint8Array.from([...base, ...base]);
    const outputs = (seed: Uint8Array) => {
      let state = seedGenerator(seed);
      return Array.from({ length: 64 }, () => {
        const [x, next] = nextUint32(state);
        state = next;
        return x;
      });
    };
    const first = outputs(base);
    for (const other of [lastByte, lastWord, longer].map(outputs)) {
      // Unrelated 32-bit streams agree on a word with odds of 64 in 4 billion,
      // and differ in about half of their bits.
      expect(other.filter((x, i) => x === first[i])).toEqual([]);
      const bits = other.reduce((n, x, i) => n + popcount((x ^ (first[i] ?? 0)) >>> 0), 0);
      expect(bits / (64 * 32)).toBeGreaterThan(0.4);
      expect(bits / (64 * 32)).toBeLessThan(0.6);
    }
  });

  it('derives its state from the SHA-256 of the seed, as the fair dice page says', () => {
    // SHA-256 of 16 zero bytes begins 374708fff7719dd5979ec875d56cd228; its
    // first 16 bytes, read as four little-endian words, are the state.
    expect(seedGenerator(new Uint8Array(16)).words).toEqual([0xff084737, 0xd59d71f7, 0x75c89e97, 0x28d26cd5]);
  });

  it('starts fixed dice from exactly the state given, and never from all zero', () => {
    expect(fixedGenerator(Uint8Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? i / 4 + 1 : 0))).words).toEqual([
      1, 2, 3, 4,
    ]);
    expect(() => fixedGenerator(new Uint8Array(16))).toThrow(RangeError);
    expect(() => fixedGenerator(new Uint8Array(17).fill(1))).toThrow(RangeError);
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

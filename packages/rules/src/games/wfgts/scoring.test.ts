import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestGrouping, DICE, groupScore, junkScore, MIN_GROUP, SIDES, type GroupKind } from './scoring.js';

/** The columns of a line: d4 d6 d8 d10 d10 d12 d20. */
const D4 = 0;
const D6 = 1;
const D8 = 2;
const D10_ONES = 3;
const D10_TENS = 4;
const D12 = 5;
const D20 = 6;

const sortedGroups = (line: number[]) =>
  bestGrouping(line)
    .groups.map((g) => ({ kind: g.kind, dice: [...g.dice].sort((a, b) => a - b), score: g.score }))
    .sort((a, b) => a.dice[0]! - b.dice[0]!);

// ── The reference: every way to split the dice into blocks, tried one by one.

function kindOf(line: readonly number[], block: readonly number[]): GroupKind | null {
  if (block.length < MIN_GROUP) return null;
  const shown = block.map((c) => line[c]!).sort((a, b) => a - b);
  if (shown.every((n) => n === shown[0])) return 'set';
  for (let i = 1; i < shown.length; i++) if (shown[i] !== shown[i - 1]! + 1) return null;
  return 'run';
}

function valueOf(block: readonly number[]): number {
  return block.reduce((acc, c) => acc + DICE[c]!.value, 0);
}

/** Highest score over every assignment of each die to "unused" or to one of the blocks. */
function exhaustiveBest(line: readonly number[]): number {
  let best = 0;
  const blocks: number[][] = [];
  const place = (column: number): void => {
    if (column === line.length) {
      let total = 0;
      for (const block of blocks) {
        const kind = kindOf(line, block);
        if (kind === null) return;
        total += valueOf(block) * (kind === 'run' ? block.length : block.length + 2);
      }
      best = Math.max(best, total);
      return;
    }
    place(column + 1); // the die stays out of every group
    for (const block of blocks) {
      block.push(column);
      place(column + 1);
      block.pop();
    }
    blocks.push([column]);
    place(column + 1);
    blocks.pop();
  };
  place(0);
  return best;
}

// Faces biased towards small numbers too, so runs and sets actually turn up.
const lineArb = fc.tuple(
  ...SIDES.map((sides) => fc.oneof(fc.integer({ min: 1, max: sides }), fc.integer({ min: 1, max: Math.min(sides, 5) }))),
);

describe('the dice table', () => {
  it('lists d4 d6 d8 d10 d10 d12 d20 worth 1 2 3 4 4 5 9 points', () => {
    expect(DICE.map((d) => d.sides)).toEqual([4, 6, 8, 10, 10, 12, 20]);
    expect(DICE.map((d) => d.value)).toEqual([1, 2, 3, 4, 4, 5, 9]);
    expect(DICE.map((d) => d.column)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('group scores', () => {
  it('a run multiplies its point values by its size', () => {
    expect(groupScore('run', [D6, D8, D12])).toBe(30);
    expect(groupScore('run', [D4, D8, D12])).toBe(27);
  });

  it('a set multiplies its point values by its size plus two', () => {
    expect(groupScore('set', [D4, D6, D8])).toBe(30);
    expect(groupScore('set', [D4, D10_ONES, D10_TENS])).toBe(45);
  });
});

describe('the best grouping of a line', () => {
  it('scores three 3s on the d4, d6 and d8 as a set worth 30', () => {
    expect(bestGrouping([3, 3, 3, 8, 8, 4, 14])).toEqual({
      score: 30,
      groups: [{ kind: 'set', dice: [D4, D6, D8], score: 30 }],
    });
  });

  it('builds a 2-3-4 run with the d6 (30) rather than the d4 (27)', () => {
    expect(bestGrouping([3, 3, 2, 8, 8, 4, 14])).toEqual({
      score: 30,
      groups: [{ kind: 'run', dice: [D8, D6, D12], score: 30 }],
    });
  });

  it('takes a 1-2-3-4 run with the d20 for the 1 (76) on the first example line c', () => {
    expect(bestGrouping([2, 3, 2, 10, 8, 4, 1])).toEqual({
      score: 76,
      groups: [{ kind: 'run', dice: [D20, D8, D6, D12], score: 76 }],
    });
  });

  it('finds a better split than the 76 run plus the 45 set of 2s when both d10s show 2', () => {
    // Pairing the set of 2s on the d4 and both d10s (45) with the 76 run makes
    // 121; giving the d8's 2 to the set and the d4's 2 to the run makes 123.
    const line = [2, 3, 2, 2, 2, 4, 1];
    expect(groupScore('run', [D20, D8, D6, D12]) + groupScore('set', [D4, D10_ONES, D10_TENS])).toBe(121);
    expect(sortedGroups(line)).toEqual([
      { kind: 'run', dice: [D4, D6, D12, D20], score: 68 },
      { kind: 'set', dice: [D8, D10_ONES, D10_TENS], score: 55 },
    ]);
    expect(bestGrouping(line).score).toBe(123);
  });

  it.each([
    { line: [4, 6, 3, 2, 6, 1, 5], score: 156, groups: [{ kind: 'run', dice: [D4, D8, D10_ONES, D10_TENS, D12, D20] }] },
    { line: [1, 2, 1, 10, 9, 1, 1], score: 108, groups: [{ kind: 'set', dice: [D4, D8, D12, D20] }] },
    {
      line: [2, 1, 3, 6, 8, 4, 7],
      score: 95,
      groups: [
        { kind: 'run', dice: [D4, D6, D8, D12] },
        { kind: 'run', dice: [D10_ONES, D10_TENS, D20] },
      ],
    },
    {
      line: [2, 6, 6, 3, 6, 4, 19],
      score: 75,
      groups: [
        { kind: 'run', dice: [D4, D10_ONES, D12] },
        { kind: 'set', dice: [D6, D8, D10_TENS] },
      ],
    },
    { line: [3, 2, 4, 10, 6, 1, 1], score: 60, groups: [{ kind: 'run', dice: [D4, D6, D8, D20] }] },
  ])('scores the example line c $line at $score', ({ line, score, groups }) => {
    expect(bestGrouping(line).score).toBe(score);
    expect(sortedGroups(line).map(({ kind, dice }) => ({ kind, dice }))).toEqual(groups);
  });

  it('lists a run from its lowest number up', () => {
    const [run] = bestGrouping([4, 6, 3, 2, 6, 1, 5]).groups;
    const line = [4, 6, 3, 2, 6, 1, 5];
    expect(run?.dice.map((c) => line[c])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('scores nothing when no three dice make a run or a set', () => {
    expect(bestGrouping([1, 3, 5, 7, 9, 11, 13])).toEqual({ score: 0, groups: [] });
    expect(bestGrouping([4, 6, 8, 10, 10, 12, 20])).toEqual({ score: 0, groups: [] });
  });

  it('does not count a pair, nor two dice in a row', () => {
    expect(bestGrouping([1, 2, 5, 5, 9, 12, 17]).score).toBe(0);
  });

  it('refuses a line without exactly seven whole numbers', () => {
    expect(() => bestGrouping([1, 2, 3])).toThrow(RangeError);
    expect(() => bestGrouping([1, 2, 3, 4, 5, 6, 7.5])).toThrow(RangeError);
  });

  it('equals an exhaustive search over every grouping', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        expect(bestGrouping(line).score).toBe(exhaustiveBest(line));
      }),
      { numRuns: 2000 },
    );
  });

  it('returns disjoint valid groups whose scores add up to its total', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const { score, groups } = bestGrouping(line);
        const used = groups.flatMap((g) => g.dice);
        expect(new Set(used).size).toBe(used.length);
        for (const g of groups) {
          expect(kindOf(line, g.dice)).toBe(g.kind);
          expect(g.score).toBe(groupScore(g.kind, g.dice));
        }
        expect(groups.reduce((acc, g) => acc + g.score, 0)).toBe(score);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the junk score', () => {
  it('is the plain sum of the seven numbers', () => {
    expect(junkScore([2, 3, 2, 10, 8, 4, 1])).toBe(30);
  });
});

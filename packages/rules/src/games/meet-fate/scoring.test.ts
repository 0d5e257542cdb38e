import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOX_IDS, BOXES, isF8, scoreAll, scoreBox, type BoxId } from './scoring.js';

// ── A plain reference, written without face counts ─────────────────────────
// It searches every way of dealing the six dice into groups, so it checks the
// "disjoint groups that may share a number" reading directly.

/** Whether some dice can be dealt into disjoint groups of these sizes, each of one number. */
function canDeal(dice: readonly number[], sizes: readonly number[]): boolean {
  const groups = sizes.map(() => [] as number[]);
  const deal = (i: number): boolean => {
    if (i === dice.length) return groups.every((g, k) => g.length === sizes[k]);
    const value = dice[i]!;
    if (deal(i + 1)) return true; // this die in no group
    for (let k = 0; k < groups.length; k++) {
      const g = groups[k]!;
      if (g.length < sizes[k]! && (g.length === 0 || g[0] === value)) {
        g.push(value);
        if (deal(i + 1)) return true;
        g.pop();
      }
    }
    return false;
  };
  return deal(0);
}

/** Whether some `length` of the dice show `length` consecutive numbers. */
function hasRun(dice: readonly number[], length: number): boolean {
  for (let low = 1; low + length - 1 <= 8; low++) {
    if (Array.from({ length }, (_, k) => low + k).every((v) => dice.includes(v))) return true;
  }
  return false;
}

const total = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

function referenceScore(box: BoxId, dice: readonly number[]): number {
  const faceBoxes: BoxId[] = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights'];
  const face = faceBoxes.indexOf(box) + 1;
  if (face > 0) return total(dice.filter((d) => d === face));
  const sumIf = (ok: boolean) => (ok ? total(dice) : 0);
  const pointsIf = (ok: boolean, points: number) => (ok ? points : 0);
  switch (box) {
    case 'two-pair':
      return sumIf(canDeal(dice, [2, 2]));
    case 'three-pair':
      return sumIf(canDeal(dice, [2, 2, 2]));
    case 'three-of-a-kind':
      return sumIf(canDeal(dice, [3]));
    case 'four-of-a-kind':
      return sumIf(canDeal(dice, [4]));
    case 'chance':
      return total(dice);
    case 'small-straight':
      return pointsIf(hasRun(dice, 5), 30);
    case 'large-straight':
      return pointsIf(hasRun(dice, 6), 45);
    case 'full-house':
      return pointsIf(canDeal(dice, [3, 2]), 25);
    case 'trips':
      return pointsIf(canDeal(dice, [3, 3]), 35);
    case 'five-of-a-kind':
      return pointsIf(canDeal(dice, [5]), 50);
    case 'six-of-a-kind':
      return pointsIf(canDeal(dice, [6]), 80);
    default:
      throw new Error(`reference has no rule for ${box}`);
  }
}

/** Every distinct six-d8 roll, as a non-decreasing list. */
function allRolls(): number[][] {
  const out: number[][] = [];
  const build = (prefix: number[], min: number) => {
    if (prefix.length === 6) {
      out.push(prefix);
      return;
    }
    for (let v = min; v <= 8; v++) build([...prefix, v], v);
  };
  build([], 1);
  return out;
}

const sixD8 = fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 6, maxLength: 6 });

describe('the sheet', () => {
  it('has 19 boxes: eight face totals, five sums and six fixed-point patterns', () => {
    expect(BOX_IDS).toHaveLength(19);
    expect(BOXES.map((b) => b.id)).toEqual(BOX_IDS);
    expect(BOXES.filter((b) => b.section === 1)).toHaveLength(8);
    expect(BOXES.filter((b) => b.section === 2)).toHaveLength(5);
    expect(BOXES.filter((b) => b.section === 3).map((b) => [b.id, b.points])).toEqual([
      ['small-straight', 30],
      ['large-straight', 45],
      ['full-house', 25],
      ['trips', 35],
      ['five-of-a-kind', 50],
      ['six-of-a-kind', 80],
    ]);
  });
});

describe("the spec's worked examples", () => {
  it('2 2 2 2 5 5 fills the sums, a full house and Twos and Fives, but not Trips', () => {
    const s = scoreAll([2, 2, 2, 2, 5, 5]);
    expect(s).toMatchObject({
      'two-pair': 18,
      'three-pair': 18,
      'three-of-a-kind': 18,
      'four-of-a-kind': 18,
      chance: 18,
      'full-house': 25,
      trips: 0,
      twos: 8,
      fives: 10,
    });
  });

  it('1 4 5 6 7 8 is a small straight and one in Ones, not a large straight', () => {
    const s = scoreAll([1, 4, 5, 6, 7, 8]);
    expect(s['small-straight']).toBe(30);
    expect(s['large-straight']).toBe(0);
    expect(s.ones).toBe(1);
  });

  it('six 3s count as every "of a kind", trips, a full house and three pairs', () => {
    const s = scoreAll([3, 3, 3, 3, 3, 3]);
    expect(s).toMatchObject({
      'six-of-a-kind': 80,
      'five-of-a-kind': 50,
      trips: 35,
      'full-house': 25,
      'three-pair': 18,
      threes: 18,
    });
  });

  it('2 2 4 5 7 8 scores 4 in Twos and in Fours', () => {
    expect(scoreBox('twos', [2, 2, 4, 5, 7, 8])).toBe(4);
    expect(scoreBox('fours', [2, 2, 4, 5, 7, 8])).toBe(4);
  });
});

describe('patterns made of groups that share a number', () => {
  it('five of one number hold a full house (a triple and a pair of the same number)', () => {
    expect(scoreBox('full-house', [6, 6, 6, 6, 6, 1])).toBe(25);
  });

  it('a lone triple is not a full house and two triples of different numbers are trips', () => {
    expect(scoreBox('full-house', [4, 4, 4, 1, 2, 3])).toBe(0);
    expect(scoreBox('trips', [4, 4, 4, 7, 7, 7])).toBe(35);
  });

  it('a large straight also counts as a small one', () => {
    expect(scoreBox('small-straight', [3, 4, 5, 6, 7, 8])).toBe(30);
    expect(scoreBox('large-straight', [3, 4, 5, 6, 7, 8])).toBe(45);
  });
});

describe('every box against the plain reference', () => {
  const rolls = allRolls();

  it('covers all 1,716 distinct six-d8 rolls', () => {
    expect(rolls).toHaveLength(1716);
    expect(new Set(rolls.map((r) => r.join(''))).size).toBe(1716);
  });

  it('scores every box of every distinct roll as the reference does', () => {
    const mismatches: string[] = [];
    for (const dice of rolls) {
      const scores = scoreAll(dice);
      for (const box of BOX_IDS) {
        const want = referenceScore(box, dice);
        if (scores[box] !== want) mismatches.push(`${dice.join(' ')} ${box}: ${scores[box]} ≠ ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('does not care in which order the dice lie', () => {
    fc.assert(
      fc.property(sixD8, (dice) => {
        const sorted = [...dice].sort((a, b) => a - b);
        expect(scoreAll(dice)).toEqual(scoreAll(sorted));
      }),
    );
  });
});

describe('F8', () => {
  it('is six 8s and nothing less', () => {
    expect(isF8([8, 8, 8, 8, 8, 8])).toBe(true);
    expect(isF8([8, 8, 8, 8, 8, 7])).toBe(false);
    expect(isF8([8, 8, 8, 8, 8])).toBe(false);
  });
});

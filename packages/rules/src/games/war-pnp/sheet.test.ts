import { describe, expect, it } from 'vitest';
import {
  boxValue,
  columnForSum,
  COLUMN_IDS,
  emptySheet,
  growGift,
  nextEmptyRank,
  POINTS_TABLE,
  POWER_NAMES,
  POWER_TABLE,
  powerAmount,
  rowLevel,
  rowSize,
} from './sheet.js';

describe('the Points columns', () => {
  it('give every two-dice sum exactly one column', () => {
    for (let sum = 2; sum <= 12; sum++) {
      expect(POINTS_TABLE.filter((c) => c.sums.includes(sum))).toHaveLength(1);
    }
    expect(() => columnForSum(13)).toThrow(RangeError);
  });

  it("keep the seed's fixed boxes: 5/9 has 9 in box 3 and 15 in box 5", () => {
    expect(boxValue('5/9', 3)).toBe(9);
    expect(boxValue('5/9', 5)).toBe(15);
  });

  it('hold the values of the rules of record, bottom to top', () => {
    expect(Object.fromEntries(POINTS_TABLE.map((c) => [c.id, c.values]))).toEqual({
      '2/12': [10, 20, 30, 40, 50, 60],
      '3/11': [5, 10, 15, 20, 25, 30],
      '4/10': [4, 8, 12, 16, 20, 24],
      '5/9': [3, 6, 9, 12, 15, 18],
      '6/8': [2, 4, 6, 8, 10, 12],
      '7': [4, 8, 12, 16, 20, 24],
    });
  });

  it('match the chance per roll the rules list', () => {
    const ways = (id: string) => {
      let n = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (columnForSum(a + b) === id) n += 1;
      return n;
    };
    expect(COLUMN_IDS.map(ways)).toEqual([2, 4, 6, 8, 10, 6]);
  });

  it('are worth nothing below box 1', () => {
    expect(boxValue('2/12', 0)).toBe(0);
    expect(boxValue('2/12', -3)).toBe(0);
  });
});

describe('the power table', () => {
  it("has Grow's row as the seed gives it", () => {
    expect([1, 2, 3, 4, 5, 6].map((l) => [powerAmount('grow', l), growGift(l)])).toEqual([
      [1, 0],
      [2, 1],
      [2, 0],
      [3, 2],
      [3, 1],
      [3, 0],
    ]);
  });

  it('marks PowerUp one above the rank, and Decay and Steal by the rank', () => {
    for (let level = 1; level <= 6; level++) {
      expect(powerAmount('powerup', level)).toBe(level + 1);
      expect(powerAmount('decay', level)).toBe(level);
      expect(powerAmount('steal', level)).toBe(level);
    }
  });

  it('has six levels for each of the ten powers', () => {
    expect(POWER_NAMES).toHaveLength(10);
    for (const name of POWER_NAMES) expect(POWER_TABLE[name].amount).toHaveLength(6);
  });
});

describe('a Powers row', () => {
  it('has its level from the highest filled rank and its size from the count', () => {
    const row = emptySheet().powers[0]!;
    expect([rowLevel(row), rowSize(row)]).toEqual([0, 0]);
    row.filled = [false, true, true, false, false, false];
    expect([rowLevel(row), rowSize(row)]).toEqual([3, 2]);
    expect(nextEmptyRank(row.filled)).toBe(1);
  });
});

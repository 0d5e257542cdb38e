import { describe, expect, it } from 'vitest';
import { pointsColumn } from './sheet.js';
import { sheetWith } from './test-support/scenario.js';
import { highestValueBox, isFilled, removableBoxes, removeBox } from './traps.js';

describe("a trap owner's removal", () => {
  it('may take any filled box, Powers or Points', () => {
    const sheet = sheetWith({ powers: { 3: ['grow', 2] }, points: { '7': 1 } });
    expect(removableBoxes(sheet)).toEqual([
      { kind: 'power', row: 3, rank: 1 },
      { kind: 'power', row: 3, rank: 2 },
      { kind: 'points', column: '7', box: 1 },
    ]);
  });

  it('leaves higher boxes filled and keeps the mark on the emptied box', () => {
    const sheet = sheetWith({ points: { '3/11': 3 }, marks: [{ column: '3/11', box: 1, mark: { kind: 'double' } }] });
    removeBox(sheet, { kind: 'points', column: '3/11', box: 1 });
    expect(pointsColumn(sheet, '3/11').filled.slice(0, 3)).toEqual([false, true, true]);
    expect(pointsColumn(sheet, '3/11').marks[0]).toEqual({ kind: 'double' });
    expect(isFilled(sheet, { kind: 'points', column: '3/11', box: 1 })).toBe(false);
  });

  it('falls back to the Points box worth the most, first in sheet order on a tie', () => {
    // 3/11 box 3 and 5/9 box 5 are both worth 15.
    expect(highestValueBox(sheetWith({ powers: { 1: ['grow', 6] }, points: { '3/11': 3, '5/9': 5, '6/8': 6 } }))).toEqual({
      kind: 'points',
      column: '3/11',
      box: 3,
    });
  });

  it('falls back to the highest-ranked Powers box when no Points box is filled', () => {
    expect(highestValueBox(sheetWith({ powers: { 2: ['bend', 3], 5: ['trap', 4] } }))).toEqual({ kind: 'power', row: 5, rank: 4 });
    expect(highestValueBox(sheetWith({}))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Effect } from './actions.js';
import { bestGainBox, legalBends } from './gain.js';
import { type PowerName, pointsColumn, type Sheet } from './sheet.js';
import type { WarState } from './state.js';
import { declareBoth, play, readyToRoll, rolled, sheetWith, use } from './test-support/scenario.js';

/** Every column filled up to `boxes`, so gaining always asks. */
const filled = (sheet: Sheet, boxes = 2): Sheet => {
  for (const col of sheet.points) col.filled = col.filled.map((f, i) => f || i < boxes);
  return sheet;
};

/**
 * Seat 0 has `power` at `level` in row 1; seat 1 (score 50) has a Block of
 * size 1 in row 1, six marks and Withering 6 on its 7 column. The roll is
 * 1 + 6 (sum 7); seat 0 declares `effect`, seat 1 passes.
 */
function afterUsing(power: PowerName, level: number, effect: Effect, seat0Boxes = 2): WarState {
  const target = filled(
    sheetWith({
      powers: { 1: ['block', 1] },
      marks: [1, 2, 3, 4, 5, 6].map((box) => ({ column: '2/12' as const, box, mark: { kind: 'double' as const } })),
      withering: { '7': 6 },
    }),
  );
  const state = rolled(
    readyToRoll([filled(sheetWith({ powers: { 1: [power, level] } }), seat0Boxes), target], { scores: [0, 50] }),
    [1, 6],
  );
  return declareBoth(state, [use(0, effect)], [{ activation: 0, pass: true }]);
}

const boxes = (n: number) => Array.from({ length: n }, (_, i) => ({ column: '4/10' as const, box: i + 1 }));
const marksOn = (state: WarState, seat: number) => pointsColumn(state.sheets[seat]!, '4/10').marks;

describe('each power at level i and level vi', () => {
  it('Grow i gives one development to you; Grow vi gives three', () => {
    for (const [level, owed] of [
      [1, [1, 0]],
      [6, [3, 0]],
    ] as const) {
      const state = afterUsing('grow', level, { power: 'grow' });
      expect(state.step.kind === 'grow' && state.step.owed).toEqual(owed);
    }
  });

  it('Grow iv gives three to you and two to the opponent', () => {
    const state = afterUsing('grow', 4, { power: 'grow' });
    expect(state.step.kind === 'grow' && state.step.owed).toEqual([3, 2]);
  });

  it('Double i marks one of your boxes 2x; Double vi marks three', () => {
    expect(marksOn(afterUsing('double', 1, { power: 'double', boxes: boxes(1) }), 0).filter(Boolean)).toHaveLength(1);
    const vi = afterUsing('double', 6, { power: 'double', boxes: boxes(3) });
    expect(marksOn(vi, 0).slice(0, 3)).toEqual([{ kind: 'double' }, { kind: 'double' }, { kind: 'double' }]);
  });

  it('Bend i reaches one either way; Bend vi reaches three', () => {
    expect(legalBends(afterUsing('bend', 1, { power: 'bend' }), 0)).toEqual([-1, 0, 1]);
    expect(legalBends(afterUsing('bend', 6, { power: 'bend' }), 0)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
  });

  it("Block i marks one of an opponent's boxes X; Block vi marks three", () => {
    expect(marksOn(afterUsing('block', 1, { power: 'block', target: 1, boxes: boxes(1) }), 1)[0]).toEqual({ kind: 'block' });
    const vi = afterUsing('block', 6, { power: 'block', target: 1, boxes: boxes(3) });
    expect(marksOn(vi, 1).filter(Boolean)).toHaveLength(3);
  });

  it('Steal i takes up to box 1 of your column; Steal vi up to box 6', () => {
    for (const [level, stolen] of [
      [1, 4],
      [6, 24],
    ] as const) {
      let state = afterUsing('steal', level, { power: 'steal', target: 1 }, 6);
      state = play(state, 0, { type: 'gain', bend: 0, box: 6 });
      state = play(state, 1, { type: 'gain', bend: 0, box: 1 });
      expect(state.scoresByRound.at(-1)).toEqual([24 + stolen, 50 - stolen]);
    }
  });

  it('Cancel i stops a row of size 1; Cancel vi erases six marks or lowers Withering by six', () => {
    const stopped = afterUsing('cancel', 1, { power: 'cancel', mode: 'stop', target: { seat: 1, row: 1 } });
    expect(stopped.turn?.report.stopped).toEqual([{ seat: 1, row: 1 }]);
    const erased = afterUsing('cancel', 6, {
      power: 'cancel',
      mode: 'erase',
      marks: [1, 2, 3, 4, 5, 6].map((box) => ({ kind: 'box' as const, seat: 1, column: '2/12' as const, box })),
    });
    expect(pointsColumn(erased.sheets[1]!, '2/12').marks.every((m) => m === null)).toBe(true);
    const lowered = afterUsing('cancel', 6, { power: 'cancel', mode: 'unwither', target: 1, column: '7' });
    expect(pointsColumn(lowered.sheets[1]!, '7').withering).toBe(0);
  });

  it("Trap i marks one of an opponent's score values; Trap vi marks three", () => {
    expect(afterUsing('trap', 1, { power: 'trap', target: 1, values: [60] }).sheets[1]?.traps).toEqual([{ value: 60, owner: 0 }]);
    expect(afterUsing('trap', 6, { power: 'trap', target: 1, values: [70, 55, 60] }).sheets[1]?.traps).toEqual([
      { value: 55, owner: 0 },
      { value: 60, owner: 0 },
      { value: 70, owner: 0 },
    ]);
  });

  it("Decay i lowers an opponent's box one row; Decay vi six rows, to nothing", () => {
    // The target's 7 column has boxes 1–2 (4 and 8) under Withering 6.
    const i = afterUsing('decay', 1, { power: 'decay', target: 1 });
    expect(bestGainBox(i, 1, 0)?.points).toBe(0);
    const unwithered = afterUsing('decay', 1, { power: 'decay', target: 1 });
    pointsColumn(unwithered.sheets[1]!, '7').withering = 0;
    expect(bestGainBox(unwithered, 1, 0)).toEqual({ bend: 0, column: '7', box: 2, points: 4 });
    const vi = afterUsing('decay', 6, { power: 'decay', target: 1 });
    pointsColumn(vi.sheets[1]!, '7').withering = 0;
    expect(bestGainBox(vi, 1, 0)?.points).toBe(0);
  });

  it('PowerUp i marks PU2; PowerUp vi marks PU7', () => {
    expect(marksOn(afterUsing('powerup', 1, { power: 'powerup', box: boxes(1)[0]! }), 0)[0]).toEqual({ kind: 'powerup', factor: 2 });
    expect(marksOn(afterUsing('powerup', 6, { power: 'powerup', box: boxes(1)[0]! }), 0)[0]).toEqual({ kind: 'powerup', factor: 7 });
  });

  it("Wither i adds 1 to an opponent's column; Wither vi adds 6", () => {
    expect(pointsColumn(afterUsing('wither', 1, { power: 'wither', target: 1, column: '3/11' }).sheets[1]!, '3/11').withering).toBe(1);
    expect(pointsColumn(afterUsing('wither', 6, { power: 'wither', target: 1, column: '7' }).sheets[1]!, '7').withering).toBe(12);
  });

  it('PowerUp iv marks PU5', () => {
    expect(marksOn(afterUsing('powerup', 4, { power: 'powerup', box: boxes(1)[0]! }), 0)[0]).toEqual({ kind: 'powerup', factor: 5 });
  });
});

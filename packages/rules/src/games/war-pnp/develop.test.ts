import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../core/dice.js';
import {
  checkDevelopment,
  developNeed,
  developSheet,
  fallbackDevelopments,
  legalDevelopments,
  SETUP_DEVELOPMENTS,
} from './develop.js';
import { warPnp } from './index.js';
import { emptySheet, pointsColumn, powerRow, rowLevel, rowSize } from './sheet.js';
import { play, readyToRoll, refusal, sheetWith } from './test-support/scenario.js';
import type { WarState } from './state.js';

const newGame = (seats = 2): WarState =>
  warPnp.setup({ seats, options: warPnp.options.parse({}), dice: scriptedDice([1]) });

describe('developing a box', () => {
  it('fills the lowest empty box of a row and names the row the first time', () => {
    const result = developSheet(emptySheet(), [
      { kind: 'power', row: 3, name: 'trap' },
      { kind: 'power', row: 3 },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(powerRow(result.value, 3)).toEqual({ name: 'trap', filled: [true, true, false, false, false, false] });
  });

  it('fills a Points column from the bottom up', () => {
    const result = developSheet(sheetWith({ points: { '7': 2 } }), [{ kind: 'points', column: '7' }]);
    expect(result.ok && pointsColumn(result.value, '7').filled).toEqual([true, true, true, false, false, false]);
  });

  it('asks for a power name when a row is started, and refuses another name later', () => {
    expect(developSheet(emptySheet(), [{ kind: 'power', row: 1 }])).toEqual({ ok: false, code: 'rule/war-name-needed' });
    const named = sheetWith({ powers: { 1: ['grow', 1] } });
    expect(developSheet(named, [{ kind: 'power', row: 1, name: 'bend' }])).toEqual({ ok: false, code: 'rule/war-row-named' });
    expect(developSheet(named, [{ kind: 'power', row: 1, name: 'grow' }]).ok).toBe(true);
  });

  it('refuses a full row or column', () => {
    expect(developSheet(sheetWith({ points: { '6/8': 6 } }), [{ kind: 'points', column: '6/8' }])).toEqual({
      ok: false,
      code: 'rule/war-full',
    });
    expect(developSheet(sheetWith({ powers: { 2: ['bend', 6] } }), [{ kind: 'power', row: 2 }])).toEqual({
      ok: false,
      code: 'rule/war-full',
    });
  });

  it('refills a box a trap removed before going higher, and a row keeps its name with no box left', () => {
    const sheet = sheetWith({ powers: { 4: ['steal', 3] } });
    powerRow(sheet, 4).filled[0] = false;
    const refilled = developSheet(sheet, [{ kind: 'power', row: 4 }]);
    expect(refilled.ok && powerRow(refilled.value, 4).filled.slice(0, 4)).toEqual([true, true, true, false]);
    const bare = sheetWith({ powers: { 4: ['steal', 1] } });
    powerRow(bare, 4).filled[0] = false;
    expect(legalDevelopments(bare).powers.find((p) => p.row === 4)).toEqual({ row: 4, rank: 1, needsName: false });
  });

  it('leaves the sheet it was given alone', () => {
    const sheet = emptySheet();
    developSheet(sheet, [{ kind: 'points', column: '7' }]);
    expect(sheet).toEqual(emptySheet());
  });

  it('shares every row and column it did not fill with the sheet it was given', () => {
    const sheet = emptySheet();
    const next = developSheet(sheet, [
      { kind: 'power', row: 2, name: 'grow' },
      { kind: 'points', column: '7' },
    ]);
    if (!next.ok) throw new Error(next.code);
    expect(next.value.powers.map((row, i) => row === sheet.powers[i])).toEqual([true, false, true, true, true, true]);
    expect(next.value.points.map((col, i) => col === sheet.points[i])).toEqual([true, true, true, true, true, false]);
    expect(next.value.traps).toBe(sheet.traps);
    expect(developSheet(sheet, [])).toEqual({ ok: true, value: sheet });
  });
});

describe('the boxes a sheet can develop', () => {
  it('lists one next box per row and column that has room', () => {
    const legal = legalDevelopments(sheetWith({ powers: { 1: ['grow', 6], 2: ['bend', 2] }, points: { '2/12': 6, '7': 1 } }));
    expect(legal.powers.map((p) => [p.row, p.rank])).toEqual([
      [2, 3],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    expect(legal.points).toEqual([
      { column: '3/11', box: 1 },
      { column: '4/10', box: 1 },
      { column: '5/9', box: 1 },
      { column: '6/8', box: 1 },
      { column: '7', box: 2 },
    ]);
  });
});

describe('setup', () => {
  it('needs five developments from every seat, any mix', () => {
    const state = newGame();
    expect(developNeed(state, 0)).toEqual({ count: SETUP_DEVELOPMENTS, pair: null });
    expect(refusal(state, 0, { type: 'develop', picks: [{ kind: 'points', column: '7' }] })).toBe('rule/war-pick-count');
  });

  it('keeps the picks pending until everyone is in, then applies them together and starts round 1', () => {
    const five = (column: '7' | '6/8') => Array.from({ length: 5 }, () => ({ kind: 'points' as const, column }));
    let state = play(newGame(), 1, { type: 'develop', picks: five('7') });
    expect(state.sheets[1]).toEqual(emptySheet());
    expect(state.round).toBe(0);
    state = play(state, 1, { type: 'develop', picks: five('6/8') });
    state = play(state, 0, { type: 'develop', picks: five('7') });
    expect(state.round).toBe(1);
    expect(state.step.kind).toBe('develop');
    expect(rowSize({ name: null, filled: pointsColumn(state.sheets[0]!, '7').filled })).toBe(5);
    expect(pointsColumn(state.sheets[1]!, '6/8').filled.filter(Boolean)).toHaveLength(5);
    expect(pointsColumn(state.sheets[1]!, '7').filled.filter(Boolean)).toHaveLength(0);
  });
});

describe("a round's development", () => {
  it('is one Powers box and one Points box', () => {
    const state: WarState = { ...readyToRoll([emptySheet(), emptySheet()]), step: { kind: 'develop', picks: [null, null] } };
    expect(refusal(state, 0, { type: 'develop', picks: [{ kind: 'points', column: '7' }] })).toBe('rule/war-develop-pair');
    expect(
      refusal(state, 0, {
        type: 'develop',
        picks: [
          { kind: 'points', column: '7' },
          { kind: 'points', column: '6/8' },
        ],
      }),
    ).toBe('rule/war-develop-pair');
    const next = play(state, 0, {
      type: 'develop',
      picks: [
        { kind: 'points', column: '7' },
        { kind: 'power', row: 5, name: 'decay' },
      ],
    });
    expect(next.step).toEqual({ kind: 'develop', picks: [expect.any(Array), null] });
  });

  it('skips the part of a sheet that is full', () => {
    const fullPowers = sheetWith({
      powers: { 1: ['grow', 6], 2: ['grow', 6], 3: ['grow', 6], 4: ['grow', 6], 5: ['grow', 6], 6: ['grow', 6] },
    });
    const state: WarState = { ...readyToRoll([fullPowers, emptySheet()]), step: { kind: 'develop', picks: [null, null] } };
    expect(developNeed(state, 0)).toEqual({ count: 1, pair: { powers: false, points: true } });
    expect(checkDevelopment(fullPowers, { count: 1, pair: { powers: false, points: true } }, [{ kind: 'points', column: '7' }]).ok).toBe(
      true,
    );
  });

  it('rolls on once both pairs are in', () => {
    let state: WarState = { ...readyToRoll([emptySheet(), emptySheet()]), step: { kind: 'develop', picks: [null, null] } };
    const pair = [
      { kind: 'power' as const, row: 1, name: 'grow' as const },
      { kind: 'points' as const, column: '5/9' as const },
    ];
    state = play(state, 0, { type: 'develop', picks: pair });
    state = play(state, 1, { type: 'develop', picks: pair });
    expect(state.step).toEqual({ kind: 'roll' });
    expect(rowLevel(powerRow(state.sheets[1]!, 1))).toBe(1);
  });
});

describe('the fallback developments', () => {
  it('are legal and alternate Powers and Points', () => {
    const picks = fallbackDevelopments(emptySheet(), { count: 5, pair: null });
    expect(picks.map((p) => p.kind)).toEqual(['power', 'points', 'power', 'points', 'power']);
    expect(developSheet(emptySheet(), picks).ok).toBe(true);
  });

  it('give a round pair only the kinds that have room', () => {
    const sheet = sheetWith({ points: { '2/12': 6, '3/11': 6, '4/10': 6, '5/9': 6, '6/8': 6, '7': 6 } });
    expect(fallbackDevelopments(sheet, { count: 1, pair: { powers: true, points: false } })).toEqual([
      { kind: 'power', row: 1, name: 'grow' },
    ]);
  });
});

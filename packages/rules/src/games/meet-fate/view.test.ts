import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice } from '../../core/dice.js';
import type { Viewer } from '../../core/viewer.js';
import { BOX_IDS, meetFate, MeetFateOptions, type MeetFateAction, type MeetFateState } from './index.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const viewers: Viewer[] = [{ role: 'seat', seat: 0 }, { role: 'seat', seat: 1 }, { role: 'host' }, { role: 'spectator' }];

function play(state: MeetFateState, seat: number, action: MeetFateAction, values: number[] = []): MeetFateState {
  const result = applyAction(meetFate, state, seat, action, { dice: scriptedDice(values) });
  if (!result.ok) throw new Error(result.error.code);
  return result.state;
}

const start = (seats: number) => meetFate.setup({ seats, options: MeetFateOptions.parse({}), dice: noDice });

describe('the Meet Fate view', () => {
  it('shows every viewer the same table; only `you` differs', () => {
    let state = start(2);
    state = play(state, 0, { type: 'roll', hold: [] }, [2, 2, 4, 5, 7, 8]);
    const views = viewers.map((v) => meetFate.view(state, v));
    expect(views.map((v) => v.you)).toEqual([0, 1, null, null]);
    const rest = views.map(({ you: _you, ...shared }) => JSON.stringify(shared));
    expect(new Set(rest).size).toBe(1);
  });

  it("gives, for the dice on the table, what each of the active seat's open boxes would score, and the best", () => {
    let state = start(1);
    state = play(state, 0, { type: 'roll', hold: [] }, [5, 5, 5, 5, 5, 5]);
    state = play(state, 0, { type: 'fill', box: 'six-of-a-kind' });
    state = play(state, 0, { type: 'roll', hold: [] }, [2, 2, 2, 2, 5, 5]);
    const view = meetFate.view(state, { role: 'seat', seat: 0 });
    expect(view.preview.map((p) => p.box)).toEqual(BOX_IDS.filter((b) => b !== 'six-of-a-kind'));
    expect(view.preview).toContainEqual({ box: 'full-house', score: 25 });
    expect(view.preview).toContainEqual({ box: 'twos', score: 8 });
    expect(view.best).toEqual(['full-house']);
    expect(view).toMatchObject({ active: 0, round: 2, rolls: 1, rollsLeft: 2, dice: [2, 2, 2, 2, 5, 5] });
  });

  it('has no preview before the first roll of a turn', () => {
    const view = meetFate.view(start(2), { role: 'host' });
    expect(view.preview).toEqual([]);
    expect(view.best).toEqual([]);
    expect(view).toMatchObject({ active: 0, round: 1, rolls: 0, rollsLeft: 3, dice: [] });
  });

  it('keeps running totals per seat for the score-by-round chart', () => {
    let state = start(1);
    for (const [values, box] of [
      [[1, 1, 1, 2, 3, 4], 'ones'],
      [[3, 3, 3, 3, 3, 3], 'chance'],
      [[1, 2, 3, 4, 5, 6], 'large-straight'],
    ] as const) {
      state = play(state, 0, { type: 'roll', hold: [] }, [...values]);
      state = play(state, 0, { type: 'fill', box });
    }
    const sheet = meetFate.view(state, { role: 'host' }).sheets[0]!;
    expect(sheet.running).toEqual([3, 21, 66]);
    expect(sheet.total).toBe(66);
    expect(sheet.boxes).toMatchObject({ ones: 3, chance: 18, 'large-straight': 45, twos: null });
  });

  it('after an F8 names the winner and waits for no one', () => {
    const state = play(start(2), 0, { type: 'roll', hold: [] }, [8, 8, 8, 8, 8, 8]);
    const view = meetFate.view(state, { role: 'spectator' });
    expect(view).toMatchObject({ active: null, rollsLeft: 0, preview: [], best: [], f8: { seat: 0, roll: 1 } });
    expect(view.outcome?.winners).toEqual([0]);
  });

  it('is plain JSON, built from a deep-frozen state without changing it', () => {
    const state = play(start(2), 0, { type: 'roll', hold: [] }, [1, 2, 3, 4, 5, 6]);
    const frozen = deepFreeze(structuredClone(state));
    for (const viewer of viewers) {
      const view = meetFate.view(frozen, viewer);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      expect(view).toEqual(meetFate.view(state, viewer));
    }
  });

  it('is built once per state: every viewer holds the very same table', () => {
    const state = play(start(2), 0, { type: 'roll', hold: [] }, [1, 2, 3, 4, 5, 6]);
    const host = meetFate.view(state, { role: 'host' });
    const [zero, one] = [meetFate.view(state, viewers[0]!), meetFate.view(state, viewers[1]!)];
    expect(meetFate.view(state, { role: 'spectator' })).toBe(host);
    expect(zero.sheets).toBe(host.sheets);
    expect(one.sheets).toBe(host.sheets);
    expect(one.preview).toBe(host.preview);
    const next = play(state, 0, { type: 'fill', box: 'chance' });
    expect(meetFate.view(next, { role: 'host' })).toMatchObject({ active: 1, lastFill: { seat: 0, box: 'chance' } });
    expect(meetFate.view(state, { role: 'host' })).toBe(host);
    expect(host).toMatchObject({ active: 0, lastFill: null });
  });
});

import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice, type Dice } from '../../core/dice.js';
import type { Viewer } from '../../core/viewer.js';
import { faceIndicesFor, facesOf, scorePhase, tenPhases, type TenPhasesAction, type TenPhasesState } from './index.js';

const showing = (faces: number[]) => scriptedDice(faces.map((f) => f + 1));
const PHASE_1 = faceIndicesFor([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);
const MISS = faceIndicesFor([5, 5, 6, 6, 9, 9], [1, 1, 2, 2]);

function play(state: TenPhasesState, seat: number, action: TenPhasesAction, dice: Dice = noDice): TenPhasesState {
  const result = applyAction(tenPhases, state, seat, action, { dice });
  if (!result.ok) throw new Error(result.error.code);
  return result.state;
}

const newGame = (seats: number) =>
  tenPhases.setup({ seats, options: {}, dice: scriptedDice([6, 5, 4, 3].slice(0, seats)) });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const viewers: Viewer[] = [{ role: 'seat', seat: 0 }, { role: 'seat', seat: 1 }, { role: 'host' }, { role: 'spectator' }];

describe('the view', () => {
  it('is the same public table for every viewer, who only learns which seat is their own', () => {
    const state = play(newGame(2), 0, { type: 'roll', keep: [] }, showing(PHASE_1));
    const views = viewers.map((v) => tenPhases.view(state, v));
    expect(views.map((v) => v.you)).toEqual([0, 1, null, null]);
    const withoutYou = views.map(({ you: _, ...rest }) => rest);
    for (const v of withoutYou) expect(v).toEqual(withoutYou[0]);
  });

  it('shows the active dice with number, colour and whether set aside, and what they would score', () => {
    let state = play(newGame(2), 0, { type: 'roll', keep: [] }, showing(MISS));
    state = play(state, 0, { type: 'roll', keep: [0, 1, 2] }, showing(PHASE_1.slice(3)));
    const view = tenPhases.view(state, { role: 'host' });
    expect(view.turn).toMatchObject({ seat: 0, phase: 1, rolls: 2, rollsLeft: 1, final: false });
    const dice = view.turn!.dice;
    expect(dice).toHaveLength(10);
    expect(dice[0]).toEqual({ die: 0, label: 'H0', kind: 'high', face: 0, value: 5, colour: 0, kept: true });
    expect(dice[6]).toEqual({ die: 6, label: 'L0', kind: 'low', face: 4, value: null, colour: 0, kept: false });
    expect(dice.filter((d) => d.kept).map((d) => d.die)).toEqual([0, 1, 2]);
    expect(view.turn!.best).toEqual(scorePhase(1, facesOf(state.turn!.faces!)));
  });

  it('shows no dice and no score before the first roll', () => {
    const view = tenPhases.view(newGame(2), { role: 'spectator' });
    expect(view.turn).toMatchObject({ seat: 0, rolls: 0, rollsLeft: 3, dice: [], best: null });
    expect(view.lastTurn).toBeNull();
    expect(view.outcome).toBeNull();
  });

  it('shows the last turn with its dice and the groups that made the phase', () => {
    let state = play(newGame(2), 0, { type: 'roll', keep: [] }, showing(PHASE_1));
    state = play(state, 0, { type: 'stop' });
    const view = tenPhases.view(state, { role: 'seat', seat: 1 });
    expect(view.lastTurn).toMatchObject({ seat: 0, phase: 1, made: { score: 34, dice: [0, 1, 2, 3, 6, 7] } });
    expect(view.lastTurn!.dice.map((d) => d.value)).toEqual([8, 8, 8, 10, 5, 6, null, null, 1, 2]);
    expect(view.sheets[0]).toMatchObject({ seat: 0, phase: 2, total: 34, running: [34], penalty: 0 });
    expect(view.turn).toMatchObject({ seat: 1, dice: [] });
  });

  it('shows the roll-off, the turn order and the solitaire penalty', () => {
    const duo = tenPhases.view(newGame(2), { role: 'host' });
    expect(duo.order).toEqual([0, 1]);
    expect(duo.rollOff).toEqual([
      [
        { seat: 0, value: 10 },
        { seat: 1, value: 9 },
      ],
    ]);
    let solo = play(newGame(1), 0, { type: 'roll', keep: [] }, showing(MISS));
    solo = play(solo, 0, { type: 'stop' });
    const view = tenPhases.view(solo, { role: 'seat', seat: 0 });
    expect(view.solitaire).toBe(true);
    expect(view.sheets[0]).toMatchObject({ failedTurns: 1, penalty: 5, total: -5 });
  });

  it('is plain JSON, built from a deep-frozen state without changing it', () => {
    const state = play(play(newGame(2), 0, { type: 'roll', keep: [] }, showing(PHASE_1)), 0, { type: 'stop' });
    const frozen = deepFreeze(structuredClone(state));
    for (const viewer of viewers) {
      const view = tenPhases.view(frozen, viewer);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      expect(view).toEqual(tenPhases.view(state, viewer));
    }
  });

  it('is built once per state: every viewer holds the very same table', () => {
    const state = play(newGame(2), 0, { type: 'roll', keep: [] }, showing(PHASE_1));
    const host = tenPhases.view(state, { role: 'host' });
    const [zero, one] = [tenPhases.view(state, viewers[0]!), tenPhases.view(state, viewers[1]!)];
    expect(tenPhases.view(state, { role: 'spectator' })).toBe(host);
    expect(zero.sheets).toBe(host.sheets);
    expect(one.sheets).toBe(host.sheets);
    expect(one.turn).toBe(host.turn);
    const next = play(state, 0, { type: 'stop' });
    expect(tenPhases.view(next, { role: 'host' }).lastTurn).toMatchObject({ seat: 0, phase: 1 });
    expect(tenPhases.view(state, { role: 'host' })).toBe(host);
    expect(host.lastTurn).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { applyAction, type GameDefinition } from '../../core/define-game.js';
import { noDice, scriptedDice } from '../../core/dice.js';
import { ruleErrors } from '../../core/errors.js';
import { warPnp } from './index.js';
import type { WarState } from './state.js';
import { readyToRoll, rolled, sheetWith } from './test-support/scenario.js';

const game = warPnp as unknown as GameDefinition<unknown, WarState, unknown, unknown>;

describe('the war-pnp game object', () => {
  it('credits its designer and seats two to six', () => {
    expect(warPnp.id).toBe('war-pnp');
    expect(warPnp.designer).toBe('Jonathan Leistiko');
    expect(warPnp.players).toEqual({ min: 2, max: 6 });
  });

  it('has "Hard decisions" off unless asked for', () => {
    expect(warPnp.options.parse({})).toEqual({ hardDecisions: false });
    expect(warPnp.options.parse({ hardDecisions: true })).toEqual({ hardDecisions: true });
  });

  it('draws the first main player with the dice and starts at setup', () => {
    const state = warPnp.setup({ seats: 4, options: { hardDecisions: false }, dice: scriptedDice([3]) });
    expect(state.main).toBe(2);
    expect(state.step).toEqual({ kind: 'setup', picks: [null, null, null, null] });
    expect(warPnp.seatCount(state)).toBe(4);
    expect(warPnp.outcome(state)).toBeNull();
  });

  it('refuses a payload that is not one of its actions', () => {
    const state = readyToRoll([sheetWith({}), sheetWith({})]);
    for (const payload of [
      { type: 'develop', picks: [{ kind: 'power', row: 7 }] },
      { type: 'declare', declarations: [{ activation: 0, effect: { power: 'cancel', mode: 'steal' } }] },
      { type: 'gain', bend: 0.5, box: 1 },
      { type: 'remove', target: { kind: 'points', column: '8', box: 1 } },
    ]) {
      expect(applyAction(game, state, 0, payload, { dice: noDice })).toMatchObject({
        ok: false,
        error: { code: 'rule/bad-action' },
      });
    }
  });

  it('rolls with the dice it is given, whatever numbers a phone sends', () => {
    const state = readyToRoll([sheetWith({}), sheetWith({})]);
    const result = applyAction(game, state, 0, { type: 'roll', dice: [6, 6] }, { dice: scriptedDice([2, 5]) });
    expect(result.ok && result.state.rolls).toEqual([{ round: 1, main: 0, dice: [2, 5] }]);
  });

  it('gives standings with the single winner once over', () => {
    const state = rolled(readyToRoll([sheetWith({}), sheetWith({ points: { '7': 1 } }), sheetWith({})], { scores: [50, 99, 50] }), [3, 4]);
    expect(warPnp.outcome(state)).toEqual({
      standings: [
        { seat: 1, score: 103, place: 1 },
        { seat: 0, score: 50, place: 2 },
        { seat: 2, score: 50, place: 2 },
      ],
      winners: [1],
    });
  });

  it('has a message for each of its refusal codes', () => {
    const codes = Object.keys(ruleErrors).filter((c) => c.startsWith('rule/war-'));
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(ruleErrors[code as keyof typeof ruleErrors].length).toBeGreaterThan(5);
  });
});

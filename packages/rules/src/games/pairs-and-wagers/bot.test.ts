import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice } from '../../core/dice.js';
import { pairsOptions, type PairsAction } from './actions.js';
import { pairsBot, wagerValues } from './bot.js';
import { pairsAndWagers as game } from './index.js';
import { startTurn, type PairsState } from './state.js';

/** Two seats with these totals, seat 0 to start a turn. */
function at(totals: number[]): PairsState {
  const state = game.setup({ seats: 2, options: pairsOptions.parse({}), dice: noDice });
  return { ...state, totals, turn: startTurn(0, totals) };
}

function act(state: PairsState, action: PairsAction, rolls: number[]): PairsState {
  const result = applyAction(game, state, 0, action, { dice: scriptedDice(rolls) });
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.state;
}

const worthOf = (state: PairsState, type: PairsAction['type']): number =>
  wagerValues(state, 0).find((v) => v.action.type === type)?.worth ?? NaN;

describe('the Pairs and Wagers bot', () => {
  it('weighs Bet to Better on trips exactly: 1 in 6 to gain 2, else lose the stake', () => {
    const trips = act(at([4, 0]), { type: 'roll' }, [4, 4, 4, 6]);
    // Ending banks 4 + 3 = 7; betting: 1/6 of 4 + 5 = 9, 5/6 of 7 - 1 = 6.
    expect(worthOf(trips, 'end-turn')).toBe(7);
    expect(worthOf(trips, 'bet-better')).toBeCloseTo(9 / 6 + (6 * 5) / 6, 10);
    expect(pairsBot(trips, 0, () => 0)).toEqual({ type: 'end-turn' });
  });

  it('bets to better a pair, which gains more often than it loses', () => {
    const pair = act(at([4, 0]), { type: 'roll' }, [2, 2, 5, 6]);
    expect(worthOf(pair, 'bet-better')).toBeGreaterThan(worthOf(pair, 'end-turn'));
    expect(pairsBot(pair, 0, () => 0)).toEqual({ type: 'bet-better' });
  });

  it('risks a point for the chance to pass the leader on its last turn', () => {
    // Seat 1 leads with 12; seat 0 has 10 and a pair banks only 11: it must bet to get past.
    const base = at([10, 12]);
    const racing: PairsState = { ...base, leader: { seat: 1, remaining: 1 } };
    const pair = act(racing, { type: 'roll' }, [2, 2, 5, 6]);
    expect(pairsBot(pair, 0, () => 0)).toEqual({ type: 'bet-better' });
  });

  it('never wagers with nothing banked', () => {
    expect(wagerValues(at([0, 0]), 0).map((v) => v.action.type)).toEqual(['roll']);
  });
});

import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice } from '../../core/dice.js';
import type { RuleErrorCode } from '../../core/errors.js';
import { pairsAndWagers as game } from './index.js';
import { pairsOptions, type PairsAction } from './actions.js';
import { startTurn, type PairsState } from './state.js';

function newGame(seats: number, options: Record<string, unknown> = {}): PairsState {
  return game.setup({ seats, options: pairsOptions.parse(options), dice: noDice });
}

/** The game with these totals, `seat` about to start a turn. */
function at(state: PairsState, totals: number[], seat = 0): PairsState {
  return { ...state, totals, turn: startTurn(seat, totals) };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Apply an action that must be accepted, with exactly these dice; the input is frozen, so any mutation throws. */
function act(state: PairsState, seat: number, action: PairsAction, rolls: number[] = []): PairsState {
  const dice = scriptedDice(rolls);
  const result = applyAction(game, deepFreeze(state), seat, action, { dice });
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  expect(dice.remaining()).toBe(0);
  return result.state;
}

/** The code an action is refused with; the state must come back unchanged and no die rolled. */
function refusal(state: PairsState, seat: number, payload: unknown): RuleErrorCode {
  const before = JSON.stringify(state);
  const result = applyAction(game, deepFreeze(state), seat, payload, { dice: noDice });
  expect(JSON.stringify(state)).toBe(before);
  if (result.ok) throw new Error('the action was accepted');
  return result.error.code;
}

const roll = { type: 'roll' } as const;
const endTurn = { type: 'end-turn' } as const;
const betGet = { type: 'bet-get' } as const;
const betBetter = { type: 'bet-better' } as const;
const odd = { type: 'bet-odd', call: 'odd' } as const;
const even = { type: 'bet-odd', call: 'even' } as const;

const turnOf = (state: PairsState) => state.turn?.seat;
const offersOf = (state: PairsState) => game.view(state, { role: 'host' }).turn?.offers.map((o) => o.type);
const wagersOf = (state: PairsState) => state.lastTurn?.wagers.map((w) => `${w.kind}:${w.status}`);

describe('the worked examples', () => {
  it('3 3 5 1 banks a Pair: 1 point from the two 3s', () => {
    const s = act(newGame(2), 0, roll, [3, 3, 5, 1]);
    expect(s.totals).toEqual([1, 0]);
    expect(s.lastTurn?.rolls[0]).toMatchObject({ pattern: 'pair', points: 1, scoring: [0, 1] });
    expect(turnOf(s)).toBe(1);
  });

  it('2 2 5 5 scores Two Pair, and a call of even misses on the 5s', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, even);
    s = act(s, 0, roll, [2, 2, 5, 5]);
    // The staked point is lost, the Two Pair still scores, undoubled, and the turn is over.
    expect(s.totals).toEqual([3 - 1 + 2, 0]);
    expect(s.lastTurn).toMatchObject({ points: 2, doubled: false, lost: 1 });
    expect(turnOf(s)).toBe(1);
  });

  it('4 4 4 6 scores Trips, and Bet to Better rerolls the 6 into a Quad', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [4, 4, 4, 6]);
    expect(s.turn).toMatchObject({ step: 'scored', counting: { pattern: 'trips', points: 3 } });
    s = act(s, 0, betBetter, [4]);
    expect(s.lastTurn?.rolls.map((r) => r.dice)).toEqual([
      [4, 4, 4, 6],
      [4, 4, 4, 4],
    ]);
    expect(s.totals).toEqual([2 + 5, 0]);
    expect(wagersOf(s)).toEqual(['better:kept']);
  });

  it('6 6 6 6 scores a Quad and offers no Bet to Better: the turn ends at once', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, roll, [6, 6, 6, 6]);
    expect(s.totals).toEqual([8, 0]);
    expect(turnOf(s)).toBe(1);
    expect(refusal(s, 0, betBetter)).toBe('rule/not-your-turn');
  });

  it('a player at 9 reaches 10 with a Pair and leads on 12; the next, at 8, makes 11 with Trips and does not lead', () => {
    let s = at(newGame(3), [9, 8, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, endTurn);
    expect(s.totals[0]).toBe(12);
    expect(s.leader).toEqual({ seat: 0, remaining: 2 });
    s = act(s, 1, roll, [2, 2, 2, 6]);
    s = act(s, 1, endTurn);
    expect(s.totals[1]).toBe(11);
    expect(s.leader).toEqual({ seat: 0, remaining: 1 });
  });
});

describe('Bet to Odd', () => {
  it('doubles the turn on a match and keeps its stake', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, endTurn);
    expect(s.totals).toEqual([1 + 2, 0]);
    expect(s.lastTurn).toMatchObject({ doubled: true, lost: 0 });
    expect(wagersOf(s)).toEqual(['odd:kept']);
  });

  it('on a miss loses its stake and ends the turn, scoring the roll undoubled with no Bet to Better', () => {
    let s = at(newGame(2), [5, 0]);
    s = act(s, 0, even);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    expect(s.totals).toEqual([5 - 1 + 1, 0]);
    expect(turnOf(s)).toBe(1);
  });

  it('is lost when the roll scores nothing and no Bet to Get follows', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(s.turn?.step).toBe('missed');
    s = act(s, 0, endTurn);
    expect(s.totals).toEqual([2, 0]);
    expect(wagersOf(s)).toEqual(['odd:lost']);
  });

  it('stays open through a miss and is settled by the Bet to Get reroll', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [1, 1, 3, 6]);
    expect(s.turn).toMatchObject({ step: 'scored', wagers: [{ kind: 'odd', status: 'kept' }, { kind: 'get', status: 'kept' }] });
    // The Pair of 1s is doubled; a third stake still fits under 3 banked, and it fails here.
    s = act(s, 0, betBetter, [2, 4]);
    expect(s.totals).toEqual([3 - 1 + 2 * 1, 0]);
    expect(wagersOf(s)).toEqual(['odd:kept', 'get:kept', 'better:lost']);
  });

  it('doubles the score a Bet to Better raised', () => {
    let s = at(newGame(2, { goal: 20 }), [4, 0]);
    s = act(s, 0, even);
    s = act(s, 0, roll, [4, 4, 4, 1]);
    s = act(s, 0, betBetter, [4]);
    expect(s.totals).toEqual([4 + 2 * 5, 0]);
  });
});

describe('Bet to Get', () => {
  it('is offered after a roll that scores nothing and, on a scoring reroll, keeps its stake and scores', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [1, 2, 3, 5]);
    expect(s.turn?.step).toBe('missed');
    s = act(s, 0, betGet, [6, 6, 1, 2]);
    s = act(s, 0, endTurn);
    expect(s.totals).toEqual([3, 0]);
    expect(wagersOf(s)).toEqual(['get:kept']);
  });

  it('loses its stake when the reroll also scores nothing, and the turn ends', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [1, 2, 3, 5]);
    expect(s.totals).toEqual([1, 0]);
    expect(turnOf(s)).toBe(1);
  });

  it('loses every point at stake this turn when the reroll misses', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [2, 3, 4, 5]);
    expect(s.totals).toEqual([0, 0]);
    expect(wagersOf(s)).toEqual(['odd:lost', 'get:lost']);
  });

  it('may be declined: the turn ends with nothing scored and nothing lost', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, endTurn);
    expect(s.totals).toEqual([2, 0]);
  });

  it('is followed by Bet to Better when stakes allow', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [5, 5, 1, 2]);
    s = act(s, 0, betBetter, [5, 3]);
    expect(s.totals).toEqual([2 + 3, 0]);
    expect(wagersOf(s)).toEqual(['get:kept', 'better:kept']);
  });
});

describe('Bet to Better', () => {
  it('loses its stake when the score does not go up, and the earlier score stands', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, roll, [4, 4, 4, 6]);
    s = act(s, 0, betBetter, [5]);
    expect(s.totals).toEqual([2 - 1 + 3, 0]);
    expect(s.lastTurn?.rolls.at(-1)?.dice).toEqual([4, 4, 4, 5]);
    expect(s.lastTurn?.points).toBe(3);
  });

  it('turns a Pair into Two Pair by rerolling the two loose dice', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, betBetter, [6, 6]);
    expect(s.lastTurn?.rolls.at(-1)?.dice).toEqual([3, 3, 6, 6]);
    expect(s.totals).toEqual([1 + 2, 0]);
  });

  it('is not offered on Two Pair, which like a Quad has no loose die', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, roll, [2, 5, 5, 2]);
    expect(s.totals).toEqual([5, 0]);
    expect(turnOf(s)).toBe(1);
  });

  it('may be declined: ending the turn banks the roll', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, endTurn);
    expect(s.totals).toEqual([2, 0]);
    expect(s.lastTurn?.wagers).toEqual([]);
  });
});

describe('stake limits', () => {
  it('a player at 0 cannot wager: no call, no Bet to Get, no Bet to Better', () => {
    let s = newGame(2);
    expect(refusal(s, 0, odd)).toBe('rule/wager-needs-points');
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(s.totals).toEqual([0, 0]);
    expect(turnOf(s)).toBe(1);
    s = act(s, 1, roll, [2, 2, 3, 4]);
    expect(s.totals).toEqual([0, 1]);
    expect(turnOf(s)).toBe(0);
  });

  it('with 1 banked and a call not yet settled, Bet to Get is refused and a miss ends the turn', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, odd);
    expect(refusal(s, 0, betGet)).toBe('rule/stake-limit');
    expect(refusal(s, 0, even)).toBe('rule/stake-limit');
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(s.totals).toEqual([0, 0]);
    expect(wagersOf(s)).toEqual(['odd:lost']);
    expect(turnOf(s)).toBe(1);
  });

  it('with 1 banked, a call that matched is settled: Bet to Better is offered and played', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    expect(s.turn).toMatchObject({ step: 'scored', wagers: [{ kind: 'odd', status: 'kept' }] });
    expect(offersOf(s)).toEqual(['bet-better']);
    s = act(s, 0, betBetter, [3, 2]);
    // Trips of 3s, doubled: 1 banked + 2 × 3, and both stakes kept.
    expect(s.totals).toEqual([1 + 2 * 3, 0]);
    expect(wagersOf(s)).toEqual(['odd:kept', 'better:kept']);
  });

  it('with 1 banked, a won Bet to Get is settled: Bet to Better is offered, and losing it leaves 1 point from the roll', () => {
    let s = at(newGame(2), [1, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [1, 1, 2, 3]);
    expect(s.turn).toMatchObject({ step: 'scored', wagers: [{ kind: 'get', status: 'kept' }] });
    expect(offersOf(s)).toEqual(['bet-better']);
    s = act(s, 0, betBetter, [4, 5]);
    expect(s.totals).toEqual([1 - 1 + 1, 0]);
    expect(wagersOf(s)).toEqual(['get:kept', 'better:lost']);
  });

  it('with 2 banked, a call and a won Bet to Get are both settled: Bet to Better is offered', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(offersOf(s)).toEqual(['bet-get']);
    s = act(s, 0, betGet, [3, 3, 4, 6]);
    expect(s.turn).toMatchObject({
      step: 'scored',
      wagers: [
        { kind: 'odd', status: 'kept' },
        { kind: 'get', status: 'kept' },
      ],
    });
    expect(offersOf(s)).toEqual(['bet-better']);
    s = act(s, 0, betBetter, [1, 5]);
    // The Pair of 3s stays, doubled; only the Bet to Better stake is lost.
    expect(s.totals).toEqual([2 - 1 + 2 * 1, 0]);
    expect(wagersOf(s)).toEqual(['odd:kept', 'get:kept', 'better:lost']);
  });

  it('with 2 banked, a call and a Bet to Get at stake together are both lost on a second miss, down to 0', () => {
    let s = at(newGame(2), [2, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(s.turn).toMatchObject({ step: 'missed' });
    s = act(s, 0, betGet, [1, 2, 4, 5]);
    expect(s.totals).toEqual([0, 0]);
    expect(wagersOf(s)).toEqual(['odd:lost', 'get:lost']);
  });
});

describe('a game stored before the stake rule was revised', () => {
  /** The same game as `setup` makes it, as a store would hand it back from before the field existed. */
  function stored(seats: number): PairsState {
    const { stakeRule, ...state } = newGame(seats);
    expect(stakeRule).toBe('unsettled');
    return state;
  }

  it('keeps counting every wager placed, so its logged moves play back to the states they made', () => {
    // With 1 banked a matched call used the whole allowance: the turn banked at once and seat 1 rolled next.
    let s = at(stored(2), [1, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    expect(s.totals).toEqual([1 + 2, 0]);
    expect(turnOf(s)).toBe(1);
    s = act(s, 1, roll, [2, 2, 3, 4]);
    expect(s.totals).toEqual([3, 1]);
    expect(s.stakeRule).toBeUndefined();
  });

  it('banks at once after a won Bet to Get with 1 banked, offering no Bet to Better, as it did then', () => {
    let s = at(stored(2), [1, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, betGet, [1, 1, 2, 3]);
    expect(s.totals).toEqual([2, 0]);
    expect(wagersOf(s)).toEqual(['get:kept']);
    expect(turnOf(s)).toBe(1);
  });
});

describe('the leader and the surpass cycle', () => {
  it('the leader may still use Bet to Better, and the bonus lands on the improved total', () => {
    let s = at(newGame(2), [9, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, betBetter, [3, 2]);
    expect(s.totals).toEqual([9 + 3 + 2, 0]);
    expect(s.leader?.seat).toBe(0);
  });

  it('reaching the goal is judged after the wagers settle: a lost Bet to Better can keep a player short', () => {
    let s = at(newGame(2), [9, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, betBetter, [2, 4]);
    expect(s.totals).toEqual([9, 0]);
    expect(s.leader).toBeNull();
  });

  it('a leader overtaken hands the lead on, and the cycle restarts from the new leader, old leader included', () => {
    let s = at(newGame(3), [9, 9, 9]);
    s = act(s, 0, roll, [1, 1, 2, 3]);
    s = act(s, 0, endTurn);
    expect(s.totals[0]).toBe(12);
    // Tying the leader is not passing them.
    s = act(s, 1, roll, [2, 2, 2, 5]);
    s = act(s, 1, endTurn);
    expect(s.leader).toEqual({ seat: 0, remaining: 1 });
    s = act(s, 2, roll, [4, 4, 4, 4]);
    expect(s.totals).toEqual([12, 12, 14]);
    expect(s.leader).toEqual({ seat: 2, remaining: 2 });
    expect(turnOf(s)).toBe(0);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    s = act(s, 0, endTurn);
    expect(game.outcome(s)).toBeNull();
    s = act(s, 1, roll, [1, 2, 3, 4]);
    s = act(s, 1, endTurn);
    expect(s.phase).toBe('over');
    expect(game.outcome(s)).toEqual({
      winners: [2],
      standings: [
        { seat: 2, score: 14, place: 1 },
        { seat: 0, score: 12, place: 2 },
        { seat: 1, score: 12, place: 2 },
      ],
    });
  });

  it('gives the bonus once: a later player reaching the goal without passing the leader gets none', () => {
    let s = at(newGame(2), [8, 9]);
    s = act(s, 0, roll, [2, 2, 4, 4]);
    expect(s.totals).toEqual([8 + 2 + 2, 9]);
    s = act(s, 1, roll, [5, 5, 5, 5]);
    expect(s.totals).toEqual([12, 14]);
    expect(s.leader).toEqual({ seat: 1, remaining: 1 });
  });

  it('a full cycle without a pass ends the game and the leader wins, even against a tie', () => {
    let s = at(newGame(2), [9, 8]);
    s = act(s, 0, roll, [6, 6, 1, 2]);
    s = act(s, 0, endTurn);
    s = act(s, 1, even);
    s = act(s, 1, roll, [2, 2, 4, 4]);
    expect(s.totals).toEqual([12, 12]);
    expect(game.outcome(s)).toEqual({
      winners: [0],
      standings: [
        { seat: 0, score: 12, place: 1 },
        { seat: 1, score: 12, place: 2 },
      ],
    });
    expect(game.awaiting(s)).toEqual([]);
    expect(refusal(s, 0, roll)).toBe('rule/game-over');
  });

  it('in the long game the leader is the first to reach 20', () => {
    let s = at(newGame(2, { goal: 20 }), [18, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, endTurn);
    expect(s.leader).toBeNull();
    s = at(s, [19, 0]);
    s = act(s, 0, roll, [3, 3, 5, 1]);
    s = act(s, 0, endTurn);
    expect(s.totals[0]).toBe(22);
    expect(s.leader?.seat).toBe(0);
  });
});

describe('Bet to Mid', () => {
  const midGame = (seats: number) => newGame(seats, { goal: 20, betToMid: true });

  it('waits for every seat to choose before the first turn, defaulting absent seats to staying out', () => {
    const s = midGame(3);
    expect(s.phase).toBe('mid-choice');
    expect(game.awaiting(s)).toEqual([0, 1, 2].map((seat) => ({ seat, fallback: { type: 'mid-opt-in', join: false } })));
    expect(refusal(s, 0, roll)).toBe('rule/mid-choices-open');
  });

  it('lets a seat change its mind until the last choice is in', () => {
    let s = midGame(2);
    s = act(s, 0, { type: 'mid-opt-in', join: true });
    s = act(s, 0, { type: 'mid-opt-in', join: false });
    expect(game.awaiting(s).map((a) => a.seat)).toEqual([1]);
    s = act(s, 1, { type: 'mid-opt-in', join: true });
    expect(s.mid).toMatchObject({ status: 'void', bettors: [1], pool: 0 });
    expect(refusal(s, 0, { type: 'mid-opt-in', join: true })).toBe('rule/mid-closed');
  });

  it('is void with a single bettor, and no one pays', () => {
    let s = midGame(3);
    s = act(s, 0, { type: 'mid-opt-in', join: true });
    s = act(s, 1, { type: 'mid-opt-in', join: false });
    s = act(s, 2, { type: 'mid-opt-in', join: false });
    expect(s.mid).toMatchObject({ status: 'void', owing: [], pool: 0 });
    expect(turnOf(s)).toBe(0);
    s = act(s, 0, roll, [2, 2, 3, 4]);
    expect(s.totals).toEqual([1, 0, 0]);
    s = at(s, [9, 0, 0]);
    s = act(s, 0, roll, [2, 2, 3, 4]);
    s = act(s, 0, endTurn);
    expect(s.totals[0]).toBe(10);
    expect(s.mid?.winner).toBeNull();
  });

  it('charges each bettor 1 from their first scoring turn, down to 0 and not below, and only once', () => {
    let s = midGame(3);
    s = act(s, 0, { type: 'mid-opt-in', join: true });
    s = act(s, 1, { type: 'mid-opt-in', join: false });
    s = act(s, 2, { type: 'mid-opt-in', join: true });
    expect(s.mid).toMatchObject({ status: 'open', bettors: [0, 2], owing: [0, 2], pool: 2 });
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(s.mid?.owing).toEqual([0, 2]);
    s = act(s, 1, roll, [2, 2, 3, 4]);
    s = act(s, 2, roll, [2, 2, 3, 4]);
    expect(s.totals).toEqual([0, 1, 0]);
    expect(s.lastTurn).toMatchObject({ points: 1, midPaid: 1 });
    expect(s.mid?.owing).toEqual([0]);
    s = act(s, 0, roll, [5, 5, 5, 1]);
    expect(s.totals[0]).toBe(2);
    s = act(s, 1, roll, [1, 2, 3, 4]);
    s = act(s, 1, endTurn);
    s = act(s, 2, roll, [2, 2, 3, 4]);
    expect(s.totals).toEqual([2, 1, 1]);
    expect(s.mid?.owing).toEqual([]);
  });

  it('pays the pool to the first bettor to reach 10; a player outside it reaching 10 first takes nothing', () => {
    let s = midGame(3);
    s = act(s, 0, { type: 'mid-opt-in', join: false });
    s = act(s, 1, { type: 'mid-opt-in', join: true });
    s = act(s, 2, { type: 'mid-opt-in', join: true });
    s = { ...at(s, [9, 9, 8]), mid: s.mid && { ...s.mid, owing: [] } };
    s = act(s, 0, roll, [3, 3, 1, 2]);
    s = act(s, 0, endTurn);
    expect(s.totals[0]).toBe(10);
    expect(s.mid?.status).toBe('open');
    s = act(s, 1, roll, [3, 3, 1, 2]);
    s = act(s, 1, endTurn);
    expect(s.totals[1]).toBe(10 + 2);
    expect(s.mid).toMatchObject({ status: 'won', winner: 1 });
    expect(s.lastTurn?.midWon).toBe(2);
    s = act(s, 2, roll, [3, 3, 3, 2]);
    s = act(s, 2, endTurn);
    expect(s.totals[2]).toBe(11);
    expect(s.mid?.winner).toBe(1);
  });

  it('pays the pool before the goal is judged, so it can carry a bettor over 20', () => {
    let s = midGame(2);
    s = act(s, 0, { type: 'mid-opt-in', join: true });
    s = act(s, 1, { type: 'mid-opt-in', join: true });
    s = { ...at(s, [9, 3]), mid: s.mid && { ...s.mid, owing: [] } };
    s = act(s, 0, even);
    s = act(s, 0, roll, [6, 6, 6, 6]);
    // 9 + 10 (doubled Quad) = 19, + the pool of 2 = 21, + the leader's 2.
    expect(s.totals).toEqual([23, 3]);
    expect(s.leader?.seat).toBe(0);
  });

  it('is refused in a game without it, and a turn action is refused while choices are open', () => {
    expect(refusal(newGame(2), 0, { type: 'mid-opt-in', join: true })).toBe('rule/mid-not-in-play');
    expect(refusal(newGame(2, { goal: 20 }), 1, { type: 'mid-opt-in', join: false })).toBe('rule/mid-not-in-play');
  });
});

describe('refusals', () => {
  it('only the active seat may act', () => {
    const s = newGame(3);
    expect(refusal(s, 1, roll)).toBe('rule/not-your-turn');
    expect(refusal(s, 2, endTurn)).toBe('rule/not-your-turn');
  });

  it('a call comes before the first roll, and only once', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, odd);
    expect(refusal(s, 0, even)).toBe('rule/odd-already-called');
    s = act(s, 0, roll, [1, 1, 2, 3]);
    expect(s.turn?.step).toBe('scored');
    expect(refusal(s, 0, odd)).toBe('rule/odd-too-late');
  });

  it('the turn has one plain roll; the rest come from wagers', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(refusal(s, 0, roll)).toBe('rule/already-rolled');
    expect(refusal(s, 0, betBetter)).toBe('rule/better-needs-score');
  });

  it('Bet to Get needs a roll that scored nothing', () => {
    let s = at(newGame(2), [3, 0]);
    expect(refusal(s, 0, betGet)).toBe('rule/get-needs-miss');
    s = act(s, 0, roll, [1, 1, 2, 3]);
    expect(refusal(s, 0, betGet)).toBe('rule/get-needs-miss');
  });

  it('Bet to Better needs a scoring roll, and the turn needs a roll before it can end', () => {
    const s = at(newGame(2), [3, 0]);
    expect(refusal(s, 0, betBetter)).toBe('rule/better-needs-score');
    expect(refusal(s, 0, endTurn)).toBe('rule/end-before-roll');
  });

  it('a malformed action or an unknown seat is refused before the rules look at it', () => {
    const s = newGame(2);
    expect(refusal(s, 0, { type: 'roll', dice: [6, 6, 6, 6] })).toBe('rule/bad-action');
    expect(refusal(s, 0, { type: 'bet-odd', call: 'both' })).toBe('rule/bad-action');
    expect(refusal(s, 2, roll)).toBe('rule/unknown-seat');
  });
});

describe('the turn timer', () => {
  it('rolls for an absent player, then declines the wager on offer', () => {
    let s = at(newGame(2), [2, 0]);
    expect(game.awaiting(s)).toEqual([{ seat: 0, fallback: roll }]);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(game.awaiting(s)).toEqual([{ seat: 0, fallback: endTurn }]);
    s = act(s, 0, endTurn);
    s = at(s, [2, 0]);
    s = act(s, 0, roll, [1, 1, 2, 3]);
    expect(game.awaiting(s)).toEqual([{ seat: 0, fallback: endTurn }]);
  });
});

describe('setup', () => {
  it('starts everyone at 0 with seat 0 to roll', () => {
    const s = newGame(4);
    expect(s.totals).toEqual([0, 0, 0, 0]);
    expect(game.awaiting(s)).toEqual([{ seat: 0, fallback: roll }]);
    expect(game.seatCount(s)).toBe(4);
    expect(game.outcome(s)).toBeNull();
  });

  it('supports 2 to 12 players', () => {
    expect(game.players).toEqual({ min: 2, max: 12 });
  });

  it('keeps its state as plain JSON', () => {
    let s = at(newGame(3, { goal: 20, betToMid: false }), [3, 0, 0]);
    s = act(s, 0, odd);
    s = act(s, 0, roll, [1, 2, 3, 4]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice } from '../../core/dice.js';
import { pairsAndWagers as game } from './index.js';
import { pairsOptions, type PairsAction } from './actions.js';
import { chanceToMatch, chanceToScore } from './scoring.js';
import { startTurn, type PairsState } from './state.js';

const pairsView = game.view;

function newGame(seats: number, options: Record<string, unknown> = {}): PairsState {
  return game.setup({ seats, options: pairsOptions.parse(options), dice: noDice });
}

function at(state: PairsState, totals: number[], seat = 0): PairsState {
  return { ...state, totals, turn: startTurn(seat, totals) };
}

function act(state: PairsState, seat: number, action: PairsAction, rolls: number[] = []): PairsState {
  const result = applyAction(game, state, seat, action, { dice: scriptedDice(rolls) });
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.state;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const host = { role: 'host' } as const;

describe('the wagers a view offers', () => {
  it('offers nothing to a player at 0: only the roll', () => {
    const turn = pairsView(newGame(2), host).turn;
    expect(turn).toMatchObject({ seat: 0, step: 'start', canRoll: true, canEndTurn: false, offers: [], stakeRoom: 0 });
  });

  it('offers Bet to Odd before the roll, with its stake, risk and best outcome', () => {
    const s = at(newGame(2), [3, 0]);
    expect(pairsView(s, host).turn?.offers).toEqual([
      { type: 'bet-odd', stake: 1, risk: 1, chance: chanceToMatch('odd'), bestPoints: 10, currentPoints: 0 },
    ]);
    const called = act(s, 0, { type: 'bet-odd', call: 'even' });
    expect(pairsView(called, host).turn).toMatchObject({ call: 'even', atStake: 1, stakeRoom: 2, offers: [] });
  });

  it('offers Bet to Get after a miss, risking every point still at stake', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, { type: 'bet-odd', call: 'odd' });
    s = act(s, 0, { type: 'roll' }, [1, 2, 3, 4]);
    const turn = pairsView(s, host).turn;
    expect(turn).toMatchObject({ step: 'missed', dice: [1, 2, 3, 4], counting: null, canRoll: false, canEndTurn: true });
    expect(turn?.offers).toEqual([
      { type: 'bet-get', stake: 1, risk: 2, chance: chanceToScore(), bestPoints: 10, currentPoints: 0 },
    ]);
  });

  it('offers Bet to Better after a scoring roll, with the chance to improve and what the roll is worth now', () => {
    let s = at(newGame(2, { goal: 20 }), [3, 0]);
    s = act(s, 0, { type: 'bet-odd', call: 'even' });
    s = act(s, 0, { type: 'roll' }, [4, 4, 4, 6]);
    const turn = pairsView(s, host).turn;
    // The call is settled (won), so it no longer counts: all 3 banked points are free to stake again.
    expect(turn).toMatchObject({ step: 'scored', doubled: true, turnPoints: 6, atStake: 0, lost: 0, stakeRoom: 3 });
    expect(turn?.offers).toEqual([
      { type: 'bet-better', stake: 1, risk: 1, chance: { ways: 1, of: 6 }, bestPoints: 10, currentPoints: 6 },
    ]);
  });

  it('shows the dice on the table apart from the roll that counts after a lost Bet to Better', () => {
    let s = at(newGame(3), [3, 0, 0]);
    s = act(s, 0, { type: 'roll' }, [4, 4, 4, 6]);
    s = act(s, 0, { type: 'bet-better' }, [2]);
    const last = pairsView(s, host).lastTurn;
    expect(last?.rolls.map((r) => r.dice)).toEqual([
      [4, 4, 4, 6],
      [4, 4, 4, 2],
    ]);
    expect(last).toMatchObject({ before: 3, after: 5, points: 3, lost: 1 });
    expect(last?.counting?.dice).toEqual([4, 4, 4, 6]);
  });

  it('tells what ending the turn now would bank, matching what ending it does', () => {
    let s = at(newGame(3, { goal: 20 }), [4, 0, 0]);
    expect(pairsView(s, host).turn?.bankNow).toBeNull();
    s = act(s, 0, { type: 'bet-odd', call: 'odd' });
    s = act(s, 0, { type: 'roll' }, [1, 2, 3, 4]);
    // A miss with the call still pending: ending loses the call.
    expect(pairsView(s, host).turn?.bankNow).toBe(3);
    s = act(s, 0, { type: 'bet-get' }, [3, 3, 5, 2]);
    // The reroll scores odd: the Get stake is kept and the pair is doubled.
    const turn = pairsView(s, host).turn;
    expect(turn).toMatchObject({ step: 'scored', turnPoints: 2, bankNow: 6 });
    const ended = act(s, 0, { type: 'end-turn' });
    expect(ended.totals[0]).toBe(turn?.bankNow);
    expect(pairsView(ended, host).lastTurn?.counting?.dice).toEqual([3, 3, 5, 2]);
  });
});

describe('what every viewer sees', () => {
  it('is the same public picture for seats, host and spectators, apart from whose phone it is', () => {
    let s = at(newGame(3), [2, 5, 1], 1);
    s = act(s, 1, { type: 'bet-odd', call: 'odd' });
    const hostView = pairsView(s, host);
    expect(pairsView(s, { role: 'spectator' })).toEqual(hostView);
    expect(pairsView(s, { role: 'seat', seat: 2 })).toEqual({ ...hostView, you: 2 });
    expect(hostView).toMatchObject({ you: null, goal: 10, totals: [2, 5, 1], turn: { seat: 1, call: 'odd' } });
    expect(JSON.stringify(hostView)).not.toContain('xoshiro');
  });

  it('names the leader and who still gets a turn to pass them', () => {
    let s = at(newGame(4), [0, 9, 0, 0], 1);
    s = act(s, 1, { type: 'roll' }, [5, 5, 5, 5]);
    expect(pairsView(s, host).leader).toEqual({ seat: 1, total: 16, stillToTry: [2, 3, 0] });
    s = act(s, 2, { type: 'roll' }, [1, 2, 3, 4]);
    expect(pairsView(s, host).leader?.stillToTry).toEqual([3, 0]);
  });

  it('shows the Bet to Mid choices, pool and target', () => {
    let s = newGame(2, { goal: 20, betToMid: true });
    s = act(s, 1, { type: 'mid-opt-in', join: true });
    expect(pairsView(s, host).mid).toMatchObject({ status: 'choosing', choices: [null, true], target: 10 });
    s = act(s, 0, { type: 'mid-opt-in', join: true });
    expect(pairsView(s, host).mid).toMatchObject({ status: 'open', pool: 2, bettors: [0, 1], owing: [0, 1] });
  });

  it('names the winner once the game is over', () => {
    let s = at(newGame(2), [9, 0]);
    expect(pairsView(s, host).winner).toBeNull();
    s = act(s, 0, { type: 'roll' }, [5, 5, 5, 5]);
    s = act(s, 1, { type: 'roll' }, [1, 2, 3, 4]);
    expect(pairsView(s, host)).toMatchObject({ phase: 'over', winner: 0, turn: null });
  });

  it('is built from a deep-frozen state without changing it', () => {
    let s = at(newGame(2), [3, 0]);
    s = act(s, 0, { type: 'roll' }, [1, 1, 2, 3]);
    const frozen = deepFreeze(structuredClone(s));
    for (const viewer of [host, { role: 'spectator' } as const, { role: 'seat', seat: 1 } as const]) {
      expect(pairsView(frozen, viewer)).toEqual(pairsView(s, viewer));
    }
  });

  it('is built once per state: every viewer holds the very same turn and totals', () => {
    let s = at(newGame(3), [2, 5, 1], 1);
    s = act(s, 1, { type: 'roll' }, [1, 1, 2, 3]);
    const shared = pairsView(s, host);
    const [zero, two] = [pairsView(s, { role: 'seat', seat: 0 }), pairsView(s, { role: 'seat', seat: 2 })];
    expect(pairsView(s, { role: 'spectator' })).toBe(shared);
    expect(zero.turn).toBe(shared.turn);
    expect(two.turn).toBe(shared.turn);
    expect(two.totals).toBe(shared.totals);
    const ended = act(s, 1, { type: 'end-turn' });
    const after = pairsView(ended, host);
    expect(after).toMatchObject({ totals: ended.totals, turn: { seat: 2 } });
    expect(after.totals).not.toEqual(shared.totals);
    expect(pairsView(s, host)).toBe(shared);
    expect(shared).toMatchObject({ totals: [2, 5, 1], turn: { seat: 1 } });
  });
});

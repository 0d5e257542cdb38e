import { afterEach, describe, expect, it } from 'vitest';
import { applyAction, pairsAndWagers as pw, scriptedDice } from '@rollcall/rules';
import {
  choiceName,
  hintText,
  lastThrown,
  listNames,
  midPoolText,
  offerText,
  percent,
  rollName,
  rollNews,
  scoringParity,
  signed,
  stepText,
  tableRoll,
  totalsByTurn,
  trackLength,
  turnNews,
  turnRecap,
  wagerLine,
} from './describe.js';
import { pickLocale } from '$lib/i18n/locale.svelte.js';

const game = pw.pairsAndWagers;

/** A game where seat 0 starts its turn with `banked` points. */
function turnWith(banked: number): pw.PairsState {
  const state = game.setup({ seats: 3, options: game.options.parse({}), dice: scriptedDice([]) });
  const totals = [banked, 0, 0];
  return { ...state, totals, turn: { ...state.turn!, bankedAtStart: banked } };
}

function act(state: pw.PairsState, action: pw.PairsAction, rolls: number[] = []): pw.PairsState {
  const result = applyAction(game, state, state.turn?.seat ?? 0, action, { dice: scriptedDice(rolls) });
  if (!result.ok) throw new Error(result.error.code);
  return result.state;
}

const viewOf = (state: pw.PairsState) => game.view(state, { role: 'host' });
const named = (dice: number[]) => rollName({ dice, ...pw.scoreRoll(dice) });

describe('naming a roll', () => {
  it('names the pattern and the numbers that make it, from the worked examples', () => {
    expect(named([3, 3, 5, 1])).toBe('Pair of 3s');
    expect(named([2, 2, 5, 5])).toBe('Two Pair: 2s and 5s');
    expect(named([5, 2, 5, 2])).toBe('Two Pair: 2s and 5s');
    expect(named([4, 4, 4, 6])).toBe('Trips of 4s');
    expect(named([6, 6, 6, 6])).toBe('Quad of 6s');
    expect(named([1, 2, 3, 4])).toBe('No score');
  });

  it('tells the parity of the scoring dice, or none when they are mixed', () => {
    const parity = (dice: number[]) => scoringParity({ dice, ...pw.scoreRoll(dice) });
    expect(parity([3, 3, 5, 1])).toBe('odd');
    expect(parity([2, 2, 5, 5])).toBeNull();
    expect(parity([4, 4, 4, 6])).toBe('even');
    expect(parity([1, 2, 3, 4])).toBeNull();
  });
});

describe('figures in words', () => {
  it('rounds chances to whole percentages', () => {
    expect(percent(pw.chanceToMatch('odd'))).toBe('34%');
    expect(percent(pw.chanceToScore())).toBe('72%');
    expect(percent({ ways: 1, of: 6 })).toBe('17%');
  });

  it('signs changes to a total', () => {
    expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '−1', '±0']);
  });
});

describe('what a wager says before it is placed', () => {
  it('a player at 0 is told to roll and offered nothing', () => {
    const turn = viewOf(turnWith(0)).turn!;
    expect(turn.offers).toEqual([]);
    expect(stepText(turn, null)).toContain('need banked points');
  });

  it('Bet to Odd tells its stake, its chance and both outcomes', () => {
    const offer = viewOf(turnWith(3)).turn!.offers[0]!;
    expect(offerText(offer, null)).toEqual({
      title: 'Bet to Odd',
      does: 'Call the parity of your scoring dice, then roll',
      stake: 'Stake 1 point',
      chance: '34% to match',
      win: "Match: this turn's points double (up to 10)",
      lose: 'Miss: lose 1 point, and the turn ends',
    });
  });

  it('Bet to Get after a call risks both stakes', () => {
    let s = act(turnWith(3), { type: 'bet-odd', call: 'odd' });
    s = act(s, { type: 'roll' }, [1, 2, 3, 4]);
    const turn = viewOf(s).turn!;
    const text = offerText(turn.offers[0]!, turn.counting);
    expect(text).toMatchObject({ title: 'Bet to Get', chance: '72% to score', lose: 'Nothing again: lose 2 points' });
    expect(stepText(turn, 'Bo')).toBe('Bo scored nothing: Bet to Get, or end the turn?');
  });

  it('Bet to Better on Trips counts the one loose die and the score it can reach', () => {
    const s = act(turnWith(3), { type: 'roll' }, [4, 4, 4, 6]);
    const turn = viewOf(s).turn!;
    expect(offerText(turn.offers[0]!, turn.counting)).toMatchObject({
      does: 'Reroll the 1 loose die',
      chance: '17% to beat Trips of 4s',
      win: 'Better: keep your stake, score up to 5 instead of 3',
      lose: 'No better: lose 1 point, still score 3',
    });
    expect(stepText(turn, null)).toBe('Trips of 4s. Bet to Better, or bank it.');
  });
});

describe('the wagers a phone offers with 1 point banked', () => {
  const offered = (state: pw.PairsState) => viewOf(state).turn?.offers.map((o) => o.type) ?? [];

  it('after a call that matched, offers Bet to Better, risking only its own stake', () => {
    let s = act(turnWith(1), { type: 'bet-odd', call: 'odd' });
    expect(offered(s)).toEqual([]);
    s = act(s, { type: 'roll' }, [3, 3, 5, 1]);
    const turn = viewOf(s).turn!;
    expect(offered(s)).toEqual(['bet-better']);
    expect(offerText(turn.offers[0]!, turn.counting)).toMatchObject({
      chance: '44% to beat Pair of 3s',
      win: 'Better: keep your stake, score up to 10 instead of 2',
      lose: 'No better: lose 1 point, still score 2',
    });
  });

  it('after a Bet to Get that scored, offers Bet to Better', () => {
    let s = act(turnWith(1), { type: 'roll' }, [1, 2, 3, 4]);
    expect(offered(s)).toEqual(['bet-get']);
    s = act(s, { type: 'bet-get' }, [6, 6, 2, 3]);
    expect(offered(s)).toEqual(['bet-better']);
    expect(stepText(viewOf(s).turn!, null)).toBe('Pair of 6s. Bet to Better, or bank it.');
  });

  it('while a call is still at stake, offers no Bet to Get: a miss ends the turn', () => {
    let s = act(turnWith(1), { type: 'bet-odd', call: 'even' });
    s = act(s, { type: 'roll' }, [1, 2, 3, 4]);
    expect(viewOf(s).turn?.seat).toBe(1);
    expect(turnRecap(viewOf(s).lastTurn!)).toEqual({ result: 'No score', change: '−1', details: ['Bet to Odd (even): lost'] });
  });
});

describe('the last turn in words', () => {
  it('tells a doubled Bet to Better win with the leader bonus', () => {
    let s = { ...turnWith(5), totals: [5, 0, 0] };
    s = act(s, { type: 'bet-odd', call: 'odd' });
    s = act(s, { type: 'roll' }, [5, 5, 2, 4]);
    s = act(s, { type: 'bet-better' }, [5, 1]);
    const recap = turnRecap(viewOf(s).lastTurn!);
    expect(recap).toEqual({
      result: 'Trips of 5s ×2',
      change: '+8',
      details: ['Bet to Odd (odd): won', 'Bet to Better: won', 'Reached the goal first: +2 bonus'],
    });
  });

  it('keeps the earlier roll when Bet to Better is lost', () => {
    let s = act(turnWith(3), { type: 'roll' }, [4, 4, 4, 6]);
    s = act(s, { type: 'bet-better' }, [2]);
    expect(turnRecap(viewOf(s).lastTurn!)).toEqual({ result: 'Trips of 4s', change: '+2', details: ['Bet to Better: lost'] });
  });

  it('labels a wager still waiting on its roll', () => {
    expect(wagerLine({ kind: 'get', status: 'pending' }, null)).toBe('Bet to Get: at stake');
  });
});

describe('the dice on the table', () => {
  it('shows the turn\'s latest throw, then keeps the last turn\'s until the next player rolls', () => {
    let s = turnWith(3);
    expect(tableRoll(viewOf(s))).toBeNull();
    s = act(s, { type: 'roll' }, [5, 5, 2, 4]);
    const live = tableRoll(viewOf(s));
    expect(live).toMatchObject({ whose: 0, live: true, keys: ['0-0', '0-0', '0-0', '0-0'] });
    expect(live?.rolls.at(-1)?.dice).toEqual([5, 5, 2, 4]);
    // Bet to Better rerolls only the loose dice and ends the turn; the pair stays where it lay.
    s = act(s, { type: 'bet-better' }, [5, 1]);
    expect(viewOf(s).turn?.seat).toBe(1);
    const last = tableRoll(viewOf(s));
    expect(last).toMatchObject({ whose: 0, live: false, keys: ['0-0', '0-0', '0-1', '0-1'] });
    expect(last?.rolls.at(-1)?.dice).toEqual([5, 5, 5, 1]);
  });
});

describe('the Bet to Mid pool in words', () => {
  const names = ['Ann', 'Bo', 'Cy'];
  const name = (s: number) => names[s] ?? '?';

  it('follows the pool from the choices to the winner', () => {
    let s = game.setup({ seats: 3, options: game.options.parse({ goal: 20, betToMid: true }), dice: scriptedDice([]) });
    s = act(s, { type: 'mid-opt-in', join: true });
    const mid = () => viewOf(s).mid!;
    expect(midPoolText(mid(), name)).toBe('Joined so far: Ann; 2 still deciding.');
    for (const seat of [1, 2]) {
      const result = applyAction(game, s, seat, { type: 'mid-opt-in', join: seat === 1 }, { dice: scriptedDice([]) });
      if (!result.ok) throw new Error(result.error.code);
      s = result.state;
    }
    expect(midPoolText(mid(), name)).toBe('2 points for the first of Ann and Bo to reach 10. Still to pay in from a scoring turn: Ann and Bo.');
    expect(midPoolText({ ...mid(), status: 'won', winner: 1 }, name)).toBe('Bo reached 10 first and took 2 points.');
    expect(midPoolText({ ...mid(), status: 'void', bettors: [], pool: 0 }, name)).toContain('nobody pays');
    // The phone of a seat in the pool names it "you".
    expect(midPoolText(mid(), name, 0)).toBe('2 points for the first of you and Bo to reach 10. Still to pay in from a scoring turn: you and Bo.');
    expect(midPoolText({ ...mid(), status: 'won', winner: 1 }, name, 1)).toBe('You reached 10 first and took 2 points.');
  });

  it('lists names the way people say them', () => {
    expect([listNames([]), listNames(['Ann']), listNames(['Ann', 'Bo'])]).toEqual(['nobody', 'Ann', 'Ann and Bo']);
    expect(listNames(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
  });
});

describe('which dice tumble', () => {
  it('moves every die on a roll or Bet to Get, and only the loose ones on Bet to Better', () => {
    expect(lastThrown([])).toEqual([-1, -1, -1, -1]);
    const rolls = [
      { by: 'roll' as const, scoring: [] },
      { by: 'get' as const, scoring: [1, 3] },
      { by: 'better' as const, scoring: [1, 3] },
    ];
    expect(lastThrown(rolls.slice(0, 2))).toEqual([1, 1, 1, 1]);
    expect(lastThrown(rolls)).toEqual([2, 1, 2, 1]);
  });
});

describe('the race track', () => {
  it('runs past the goal for the bonus, and further for a bigger total', () => {
    expect(trackLength(10, [0, 3, 4])).toBe(12);
    expect(trackLength(10, [15, 3, 4])).toBe(15);
    expect(trackLength(20, [])).toBe(22);
  });

  it('splits the turn history by seat', () => {
    const history = [
      { seat: 0, total: 1 },
      { seat: 1, total: 0 },
      { seat: 0, total: 3 },
    ];
    expect(totalsByTurn(history, 3)).toEqual([[1, 3], [0], []]);
  });
});

describe('the Pairs and Wagers hint', () => {
  it('names the bot’s choice with each choice’s expected total, or the chase when passing the leader is at stake', () => {
    const wagers = [
      { action: { type: 'bet-get' as const }, worth: 7.44 },
      { action: { type: 'end-turn' as const }, worth: 6 },
    ];
    expect(hintText({ game: 'pairs-and-wagers', action: { type: 'bet-get' }, wagers })).toBe(
      'Bet to Get (expected total: Bet to Get 7.4 · End the turn 6.0)',
    );
    const race = [{ action: { type: 'roll' as const }, worth: 1_004.2 }];
    expect(hintText({ game: 'pairs-and-wagers', action: { type: 'roll' }, wagers: race })).toBe(
      'Roll without a call: your best chance to pass the leader',
    );
  });
});

describe('the table, by ear', () => {
  it('reads out the dice and what they make, for the roller and for everyone else', () => {
    const roll = { dice: [3, 3, 5, 1], ...pw.scoreRoll([3, 3, 5, 1]) };
    expect(rollNews(null, roll)).toBe('You rolled 3, 3, 5 and 1: Pair of 3s.');
    expect(rollNews('Bo', roll)).toBe('Bo rolled 3, 3, 5 and 1: Pair of 3s.');
  });

  it('reads out a finished turn with its change and the total it leaves', () => {
    let s = act(turnWith(3), { type: 'roll' }, [4, 4, 4, 6]);
    s = act(s, { type: 'bet-better' }, [2]);
    const last = viewOf(s).lastTurn!;
    expect(turnNews(null, last)).toBe('Your turn: Trips of 4s, +2. Your total: 5.');
    expect(turnNews('Ann', last)).toBe("Ann's turn: Trips of 4s, +2. Total: 5.");
  });

  it('names every choice of a turn', () => {
    expect(choiceName({ type: 'bet-odd', call: 'even' })).toBe('Call even');
    expect(choiceName({ type: 'mid-opt-in', join: false })).toBe('Stay out');
  });
});

describe('at a French table', () => {
  afterEach(() => pickLocale('en', null));

  it('calls the rolls, chances and wagers as French dice players do', async () => {
    await pickLocale('fr', null);
    expect(named([4, 4, 4, 6])).toBe('Brelan de 4');
    expect(named([6, 6, 6, 6])).toBe('Carré de 6');
    const offer = viewOf(turnWith(3)).turn!.offers[0]!;
    expect(offerText(offer, null)).toMatchObject({ stake: 'Mise 1 point', chance: '34\u00a0% de réussir' });
  });
});

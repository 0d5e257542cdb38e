import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyAction, type ApplyResult } from '../../core/define-game.js';
import { generatorDice, noDice, scriptedDice, type Dice } from '../../core/dice.js';
import { seedGenerator } from '../../core/generator.js';
import type { RuleErrorCode } from '../../core/errors.js';
import { games } from '../index.js';
import { game, SIDES, totalOf, type WfgtsAction, type WfgtsState } from './index.js';
import { actionFor, positions, randomGame } from './test-support/random-play.js';

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Apply through the one entry point and insist it was accepted. */
function play(state: WfgtsState, seat: number, action: WfgtsAction, dice: Dice = noDice): WfgtsState {
  const result = applyAction(game, state, seat, action, { dice });
  if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was refused: ${result.error.code}`);
  return result.state;
}

const carry = (...dice: number[]): WfgtsAction => ({ type: 'carry', dice });
const best: WfgtsAction = { type: 'score', choice: 'best' };
const junk: WfgtsAction = { type: 'score', choice: 'junk' };
const seatLines = (state: WfgtsState, seat: number) => state.sheets[seat]!.rounds.at(-1)!.lines;

// ── The worked example: one player, six rounds, lines as on the sheet.

const example = [
  { a: [3, 3, 2, 8, 8, 4, 14], b: [3, 3, 2, 10, 9, 4, 17], c: [2, 3, 2, 10, 8, 4, 1], score: 76, total: 76 },
  { a: [4, 2, 3, 2, 6, 1, 5], b: [4, 1, 3, 2, 6, 1, 5], c: [4, 6, 3, 2, 6, 1, 5], score: 156, total: 232 },
  { a: [1, 4, 1, 3, 7, 1, 1], b: [1, 4, 1, 10, 10, 1, 1], c: [1, 2, 1, 10, 9, 1, 1], score: 108, total: 340 },
  { a: [2, 2, 3, 6, 8, 4, 4], b: [2, 1, 3, 6, 8, 4, 7], c: [2, 1, 3, 6, 8, 4, 7], score: 95, total: 435 },
  { a: [1, 6, 6, 9, 6, 10, 1], b: [1, 6, 6, 3, 6, 4, 18], c: [2, 6, 6, 3, 6, 4, 19], score: 75, total: 510 },
  { a: [1, 2, 7, 7, 8, 11, 1], b: [3, 2, 4, 1, 8, 11, 1], c: [3, 2, 4, 10, 6, 1, 1], score: 60, total: 570 },
];

// Round 1's shared rolls are the ones the example narrates; in later rounds a
// carried die's column gets some other face, so keeping its number is tested.
const round1Rolls = { b: [1, 2, 6, 10, 9, 1, 17], c: [2, 4, 2, 10, 8, 8, 1] };
const kept = (from: number[], to: number[]) => from.flatMap((n, c) => (n === to[c] ? [c] : []));
const rollFor = (from: number[], to: number[]) =>
  to.map((n, c) => (n === from[c] ? (n % SIDES[c]!) + 1 : n));

describe('the worked example', () => {
  it('replays to round scores 76, 156, 108, 95, 75, 60 and a total of 570', () => {
    const script = example.flatMap((r, i) => [
      ...r.a,
      ...(i === 0 ? round1Rolls.b : rollFor(r.a, r.b)),
      ...(i === 0 ? round1Rolls.c : rollFor(r.b, r.c)),
    ]);
    const dice = scriptedDice(script);
    let state = game.setup({ seats: 1, options: {}, dice });
    for (const [i, r] of example.entries()) {
      expect(seatLines(state, 0)).toEqual([r.a]);
      state = play(state, 0, carry(...kept(r.a, r.b)), dice);
      state = play(state, 0, carry(...kept(r.b, r.c)), dice);
      expect(seatLines(state, 0)).toEqual([r.a, r.b, r.c]);
      state = play(state, 0, best, dice);
      expect(state.sheets[0]!.rounds[i]!.score?.score).toBe(r.score);
      expect(totalOf(state.sheets[0]!)).toBe(r.total);
    }
    expect(dice.remaining()).toBe(0);
    expect(state.step).toBe('over');
    expect(state.sheets[0]!.rounds.map((r) => r.score?.score)).toEqual([76, 156, 108, 95, 75, 60]);
    expect(game.outcome(state)).toEqual({ standings: [{ seat: 0, score: 570, place: 1 }], winners: [0] });
  });

  it('carries the d4, d6, d8 and d12 into b, then lets the d4 go before c', () => {
    const dice = scriptedDice([...example[0]!.a, ...round1Rolls.b, ...round1Rolls.c]);
    let state = game.setup({ seats: 1, options: {}, dice });
    state = play(state, 0, carry(0, 1, 2, 5), dice);
    expect(seatLines(state, 0)[1]).toEqual([3, 3, 2, 10, 9, 4, 17]);
    state = play(state, 0, carry(1, 2, 5), dice);
    expect(seatLines(state, 0)[2]).toEqual([2, 3, 2, 10, 8, 4, 1]);
    expect(state.sheets[0]!.rounds[0]!.carries).toEqual([
      [0, 1, 2, 5],
      [1, 2, 5],
    ]);
  });
});

describe('setup', () => {
  it('rolls line a of round 1 once, with the seven dice in column order, for every seat', () => {
    const asked: number[] = [];
    const dice: Dice = { roll: (sides) => (asked.push(sides), sides) };
    const state = game.setup({ seats: 3, options: game.options.parse({}), dice });
    expect(asked).toEqual([4, 6, 8, 10, 10, 12, 20]);
    expect(state.rolls).toEqual([[[4, 6, 8, 10, 10, 12, 20]]]);
    for (let seat = 0; seat < 3; seat++) expect(seatLines(state, seat)).toEqual([[4, 6, 8, 10, 10, 12, 20]]);
    expect([state.round, state.line, state.step]).toEqual([1, 'a', 'carry']);
  });

  it('is registered as wfgts for 1 to 12 players', () => {
    expect(games.wfgts).toBe(game);
    expect(game.players).toEqual({ min: 1, max: 12 });
    expect(game.designer).toBe('Jonathan Leistiko');
  });

  it('refuses a seat count outside 1–12', () => {
    expect(() => game.setup({ seats: 0, options: {}, dice: noDice })).toThrow(RangeError);
    expect(() => game.setup({ seats: 13, options: {}, dice: noDice })).toThrow(RangeError);
  });
});

describe('carrying', () => {
  const A = [1, 2, 3, 4, 5, 6, 7];
  const B = [4, 6, 8, 10, 10, 12, 20];
  const start = (seats: number, ...rolls: number[][]) => {
    const dice = scriptedDice(rolls.flat());
    return { dice, state: game.setup({ seats, options: {}, dice }) };
  };

  it('keeps a carried die on its number and gives every other die the new roll', () => {
    const { dice, state } = start(1, A, B);
    const next = play(state, 0, carry(0, 6), dice);
    expect(seatLines(next, 0)).toEqual([A, [1, 6, 8, 10, 10, 12, 7]]);
    expect(next.rolls).toEqual([[A, B]]);
  });

  it('waits for every seat before rolling, and builds each line from its own carry', () => {
    const { dice, state } = start(2, A, B);
    const one = play(state, 0, carry(0, 1, 2)); // noDice: locking in must not roll
    expect(one.line).toBe('a');
    const both = play(one, 1, carry(), dice);
    expect(both.line).toBe('b');
    expect(seatLines(both, 0)[1]).toEqual([1, 2, 3, 10, 10, 12, 20]);
    expect(seatLines(both, 1)[1]).toEqual(B);
  });

  it('lets a seat change its carry until the roll', () => {
    const { dice, state } = start(2, A, B);
    let s = play(state, 0, carry(0, 1, 2));
    s = play(s, 0, carry(6, 5));
    expect(s.sheets[0]!.pendingCarry).toEqual([5, 6]);
    s = play(s, 1, carry(), dice);
    expect(seatLines(s, 0)[1]).toEqual([4, 6, 8, 10, 10, 6, 7]);
    expect(s.sheets[0]!.rounds[0]!.carries).toEqual([[5, 6]]);
  });

  it('reaches the score step after line c and offers carry nothing as the timer default', () => {
    const { dice, state } = start(2, A, B, A);
    expect(game.awaiting(state)).toEqual([
      { seat: 0, fallback: { type: 'carry', dice: [] } },
      { seat: 1, fallback: { type: 'carry', dice: [] } },
    ]);
    let s = play(state, 1, carry(3));
    expect(game.awaiting(s)).toEqual([{ seat: 0, fallback: { type: 'carry', dice: [] } }]);
    s = play(play(s, 0, carry(), dice), 0, carry());
    s = play(s, 1, carry(), dice);
    expect([s.line, s.step]).toEqual(['c', 'score']);
    expect(game.awaiting(s)).toEqual([
      { seat: 0, fallback: { type: 'score', choice: 'best' } },
      { seat: 1, fallback: { type: 'score', choice: 'best' } },
    ]);
  });
});

describe('scoring a round', () => {
  // Line a 1 3 5 7 9 11 13 has no group (best 0) and sums to 49.
  const flat = [1, 3, 5, 7, 9, 11, 13];
  const atScore = (seats: number, lineC: number[], ...later: number[][]) => {
    const dice = scriptedDice([...lineC, ...flat, ...flat, ...later.flat()]);
    let state = game.setup({ seats, options: {}, dice });
    for (let line = 0; line < 2; line++) {
      for (let seat = 0; seat < seats; seat++) state = play(state, seat, carry(0, 1, 2, 3, 4, 5, 6), dice);
    }
    return { dice, state };
  };

  it('scores the best grouping of line c', () => {
    const { state } = atScore(2, [3, 3, 3, 8, 8, 4, 14]);
    const s = play(state, 0, best);
    expect(s.sheets[0]!.rounds[0]!.score).toEqual({
      choice: 'best',
      score: 30,
      groups: [{ kind: 'set', dice: [0, 1, 2], score: 30 }],
    });
  });

  it('scores junk as the sum of line c, once per game', () => {
    const { dice, state } = atScore(1, [3, 3, 3, 8, 8, 4, 14], flat, flat, flat);
    let s = play(state, 0, junk, dice);
    expect(s.sheets[0]!.rounds[0]!.score).toEqual({ choice: 'junk', score: 43, groups: [] });
    s = play(play(s, 0, carry(), dice), 0, carry(), dice);
    const refused = applyAction(game, s, 0, junk, { dice: noDice });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ code: 'rule/junk-used' }) });
  });

  it('starts the next round with a fresh shared roll only when every seat has scored', () => {
    const next = [2, 2, 2, 2, 2, 2, 2];
    const { dice, state } = atScore(2, flat, next);
    const one = play(state, 1, junk);
    expect(one.round).toBe(1);
    expect(game.awaiting(one)).toEqual([{ seat: 0, fallback: { type: 'score', choice: 'best' } }]);
    const both = play(one, 0, best, dice);
    expect([both.round, both.line, both.step]).toEqual([2, 'a', 'carry']);
    expect(seatLines(both, 0)).toEqual([next]);
    expect(seatLines(both, 1)).toEqual([next]);
    expect(both.rolls.at(-1)).toEqual([next]);
  });
});

/** Play a whole game where every seat does the same thing each line, from a seed. */
function playThrough(seats: number, seed: number, choose: (seat: number, state: WfgtsState) => WfgtsAction) {
  const dice = generatorDice(seedGenerator(Uint8Array.from({ length: 16 }, (_, i) => seed * 17 + i)));
  let state = game.setup({ seats, options: {}, dice });
  let actions = 0;
  while (state.step !== 'over') {
    const [next] = game.awaiting(state);
    state = play(state, next!.seat, choose(next!.seat, state), dice);
    actions += 1;
  }
  return { state, actions };
}

describe('outcome', () => {
  it('is null until round 6 has been scored', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(16)));
    expect(game.outcome(game.setup({ seats: 2, options: {}, dice }))).toBeNull();
  });

  // Both seats junk a 49 line in round 1 and score nothing after; in round 2
  // seat 1 lets its line a go and ends on a 70 line (no group), seat 0 keeps a 25.
  const flat = [1, 3, 5, 7, 9, 11, 13];
  const low = [1, 1, 3, 3, 5, 5, 7];
  const high = [4, 6, 8, 10, 10, 12, 20];
  const all = [0, 1, 2, 3, 4, 5, 6];

  function tiedGame(seat1Round2: number[]) {
    const dice = scriptedDice([...flat, ...flat, ...flat, low, high, high, low, low, low, low, low, low, low, low, low, low, low, low].flat());
    let state = game.setup({ seats: 2, options: {}, dice });
    for (let round = 1; round <= 6; round++) {
      state = play(state, 0, carry(...all), dice);
      state = play(state, 1, carry(...(round === 2 ? seat1Round2 : all)), dice);
      state = play(state, 0, carry(...all), dice);
      state = play(state, 1, carry(...all), dice);
      state = play(state, 0, round === 1 ? junk : best, dice);
      state = play(state, 1, round === 1 ? junk : best, dice);
    }
    return state;
  }

  it('breaks a tie on total by the highest single line-c sum', () => {
    const state = tiedGame([]);
    expect(seatLines(state, 1)).toHaveLength(3);
    expect(state.sheets[1]!.rounds[1]!.lines[2]).toEqual(high);
    expect(state.sheets[0]!.rounds[1]!.lines[2]).toEqual(low);
    expect(game.outcome(state)).toEqual({
      standings: [
        { seat: 1, score: 49, place: 1 },
        { seat: 0, score: 49, place: 2 },
      ],
      winners: [1],
    });
  });

  it('shares the win when totals and best line-c sums are equal', () => {
    const state = tiedGame(all);
    expect(game.outcome(state)).toEqual({
      standings: [
        { seat: 0, score: 49, place: 1 },
        { seat: 1, score: 49, place: 1 },
      ],
      winners: [0, 1],
    });
  });

  it('places players on equal points together below the win, whatever their line-c sums', () => {
    // Seats 0 and 1 as in the tie above; seat 2 keeps round 1's groups and junks the 70 line of round 2.
    const dice = scriptedDice([...flat, ...flat, ...flat, low, high, high, low, low, low, low, low, low, low, low, low, low, low, low].flat());
    let state = game.setup({ seats: 3, options: {}, dice });
    for (let round = 1; round <= 6; round++) {
      for (const seat of [0, 1, 2]) state = play(state, seat, carry(...(round === 2 && seat > 0 ? [] : all)), dice);
      for (const seat of [0, 1, 2]) state = play(state, seat, carry(...all), dice);
      for (const seat of [0, 1, 2]) state = play(state, seat, (seat < 2 ? round === 1 : round === 2) ? junk : best, dice);
    }
    expect(state.sheets.map(totalOf)).toEqual([49, 49, 70]);
    expect(game.outcome(state)).toEqual({
      standings: [
        { seat: 2, score: 70, place: 1 },
        { seat: 0, score: 49, place: 2 },
        { seat: 1, score: 49, place: 2 },
      ],
      winners: [2],
    });
  });

  it('ranks the highest total first', () => {
    const { state } = playThrough(3, 5, (seat, s) =>
      s.step === 'carry' ? carry(...(seat === 0 ? [] : [0, 1, 2, 3, 4, 5, 6])) : best,
    );
    const totals = state.sheets.map(totalOf);
    const outcome = game.outcome(state)!;
    expect(outcome.standings.map((s) => s.score)).toEqual([...totals].sort((a, b) => b - a));
    expect(outcome.winners).toContain(outcome.standings[0]!.seat);
  });
});

describe('refused actions', () => {
  const ones = (n: number) => scriptedDice(Array<number>(n).fill(1));
  const atCarry = game.setup({ seats: 2, options: {}, dice: scriptedDice([1, 2, 3, 4, 5, 6, 7]) });
  const toScore = ones(14);
  const atScore = [0, 1, 0, 1].reduce((s, seat) => play(s, seat, carry(), toScore), atCarry);
  const scoredOnce = play(atScore, 0, best);
  const finished = playThrough(2, 9, (_, s) => (s.step === 'carry' ? carry() : best)).state;
  // One seat that took junk in round 1 and has reached line c of round 2.
  const oneSeat = ones(42);
  const junkAgain = [carry(), carry(), junk, carry(), carry()].reduce(
    (s, action) => play(s, 0, action, oneSeat),
    game.setup({ seats: 1, options: {}, dice: oneSeat }),
  );

  const cases: { name: string; state: WfgtsState; seat: number; payload: unknown; code: RuleErrorCode }[] = [
    { name: 'scoring while carries are being chosen', state: atCarry, seat: 0, payload: best, code: 'rule/wrong-step' },
    { name: 'carrying at the score step', state: atScore, seat: 0, payload: carry(1), code: 'rule/wrong-step' },
    { name: 'scoring a round twice', state: scoredOnce, seat: 0, payload: junk, code: 'rule/wfgts-already-scored' },
    { name: 'a die index above 6', state: atCarry, seat: 0, payload: carry(2, 7), code: 'rule/die-out-of-range' },
    { name: 'a negative die index', state: atCarry, seat: 1, payload: carry(-1), code: 'rule/die-out-of-range' },
    { name: 'a die named twice', state: atCarry, seat: 0, payload: carry(3, 1, 3), code: 'rule/die-repeated' },
    { name: 'junk taken twice', state: junkAgain, seat: 0, payload: junk, code: 'rule/junk-used' },
    { name: 'a seat past the last', state: atCarry, seat: 2, payload: carry(), code: 'rule/unknown-seat' },
    { name: 'a negative seat', state: atCarry, seat: -1, payload: carry(), code: 'rule/unknown-seat' },
    { name: 'a fractional seat', state: atCarry, seat: 0.5, payload: carry(), code: 'rule/unknown-seat' },
    { name: 'an action after the game ended', state: finished, seat: 0, payload: carry(), code: 'rule/game-over' },
    { name: 'an unknown action type', state: atCarry, seat: 0, payload: { type: 'roll' }, code: 'rule/bad-action' },
    { name: 'a carry without dice', state: atCarry, seat: 0, payload: { type: 'carry' }, code: 'rule/bad-action' },
    { name: 'a fractional die index', state: atCarry, seat: 0, payload: carry(1.5), code: 'rule/bad-action' },
    { name: 'more than seven dice', state: atCarry, seat: 0, payload: carry(0, 1, 2, 3, 4, 5, 6, 0), code: 'rule/bad-action' },
    { name: 'an unknown score choice', state: atScore, seat: 0, payload: { type: 'score', choice: 'all' }, code: 'rule/bad-action' },
    { name: 'no payload at all', state: atCarry, seat: 0, payload: null, code: 'rule/bad-action' },
  ];

  it.each(cases)('refuses $name with $code and leaves the state as it was', ({ state, seat, payload, code }) => {
    const before = jsonCopy(state);
    const result: ApplyResult<WfgtsState> = applyAction(game, deepFreeze(state), seat, payload, { dice: noDice });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
    expect(state).toEqual(before);
  });

  it('refuses an unknown seat and a finished game from apply itself, not only the entry point', () => {
    expect(game.apply(atCarry, 5, carry(), { dice: noDice })).toMatchObject({ ok: false, error: { code: 'rule/unknown-seat' } });
    expect(game.apply(atScore, 5, best, { dice: noDice })).toMatchObject({ ok: false, error: { code: 'rule/unknown-seat' } });
    expect(game.apply(finished, 0, best, { dice: noDice })).toMatchObject({ ok: false, error: { code: 'rule/game-over' } });
  });
});

describe('apply', () => {
  it('never changes the state it is given', () => {
    fc.assert(
      fc.property(randomGame(3, 80), fc.array(fc.record({ seat: fc.nat(), carryMask: fc.nat(127), junk: fc.boolean() })), (g, probes) => {
        const dice = generatorDice(seedGenerator(g.seed));
        for (const state of positions(g)) {
          const before = jsonCopy(state);
          deepFreeze(state);
          for (const probe of probes.slice(0, 4)) {
            // Frozen input: any write inside apply throws in strict mode.
            applyAction(game, state, probe.seat % g.seats, actionFor(state, probe), { dice });
          }
          expect(state).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('emits a roll event with the shared dice, and never the dice a seat carries', () => {
    const dice = scriptedDice([1, 2, 3, 4, 5, 6, 7, 4, 6, 8, 10, 10, 12, 20]);
    const state = game.setup({ seats: 2, options: {}, dice });
    const first = applyAction(game, state, 0, carry(0, 6), { dice });
    expect(first).toMatchObject({ ok: true, events: [{ type: 'carry-locked', seat: 0 }] });
    expect(JSON.stringify(first.ok && first.events)).not.toContain('dice');
    const second = applyAction(game, first.ok ? first.state : state, 1, carry(), { dice });
    expect(second.ok && second.events).toEqual([
      { type: 'carry-locked', seat: 1 },
      { type: 'rolled', round: 1, line: 'b', dice: [4, 6, 8, 10, 10, 12, 20] },
    ]);
  });
});

describe('multiplayer', () => {
  it.each([1, 2, 12])('plays a whole game with %i seats, all on the same rolls', (seats) => {
    const { state, actions } = playThrough(seats, seats, (seat, s) =>
      s.step === 'carry' ? carry(...[0, 1, 2, 3, 4, 5, 6].filter((c) => (c + seat + s.round) % 3 === 0)) : best,
    );
    // Each round: two carries and one score per seat.
    expect(actions).toBe(6 * 3 * seats);
    expect(state.rolls).toHaveLength(6);
    for (const [r, rolls] of state.rolls.entries()) {
      expect(rolls).toHaveLength(3);
      for (const sheet of state.sheets) {
        const round = sheet.rounds[r]!;
        expect(round.lines[0]).toEqual(rolls[0]);
        for (const line of [1, 2]) {
          round.lines[line]!.forEach((n, c) => {
            const from = round.carries[line - 1]!.includes(c) ? round.lines[line - 1]! : rolls[line]!;
            expect(n).toBe(from[c]);
          });
        }
      }
    }
    const outcome = game.outcome(state)!;
    expect(outcome.standings).toHaveLength(seats);
    expect(outcome.standings.map((s) => s.seat).sort((a, b) => a - b)).toEqual([...Array(seats).keys()]);
    expect(game.awaiting(state)).toEqual([]);
  });

  it('with 12 seats rolls only when the twelfth seat locks in', () => {
    const dice = scriptedDice([...[1, 2, 3, 4, 5, 6, 7], ...[4, 6, 8, 10, 10, 12, 20]]);
    let state = game.setup({ seats: 12, options: {}, dice });
    for (let seat = 11; seat > 0; seat--) {
      state = play(state, seat, carry(seat % 7), noDice);
      expect(state.line).toBe('a');
    }
    expect(game.awaiting(state).map((a) => a.seat)).toEqual([0]);
    state = play(state, 0, carry(), dice);
    expect(state.line).toBe('b');
    // Seat 11 carried column 4 (11 mod 7), which showed 5 on line a.
    expect(seatLines(state, 11)[1]).toEqual([4, 6, 8, 10, 5, 12, 20]);
  });

  it('plays a game through on timer defaults alone', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(7)));
    let state = game.setup({ seats: 2, options: {}, dice });
    for (let i = 0; i < 100 && state.step !== 'over'; i++) {
      for (const { seat, fallback } of game.awaiting(state)) state = play(state, seat, fallback, dice);
    }
    expect(state.step).toBe('over');
    expect(state.sheets.every((s) => s.rounds.every((r) => r.score?.choice === 'best'))).toBe(true);
  });
});

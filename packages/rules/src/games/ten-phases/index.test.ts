import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, type ApplyResult } from '../../core/define-game.js';
import { generatorDice, noDice, scriptedDice, type Dice } from '../../core/dice.js';
import type { RuleErrorCode } from '../../core/errors.js';
import { seedGenerator, SEED_BYTES } from '../../core/generator.js';
import {
  faceIndicesFor,
  facesOf,
  PHASES,
  scorePhase,
  sheetTotal,
  tenPhases,
  type TenPhasesAction,
  type TenPhasesState,
} from './index.js';

// ── Rolls, written as the spec writes them: six high numbers, then four low.

const faces = (high: number[], low: (number | 'W')[]) => faceIndicesFor(high, low);

/** A roll that makes each phase, with its score. */
const MAKES: Record<number, { faces: number[]; score: number }> = {
  1: { faces: faces([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]), score: 34 },
  2: { faces: faces([10, 10, 10, 8, 9, 10], ['W', 1, 1, 2]), score: 57 },
  3: { faces: faces([10, 10, 10, 10, 5, 6], [1, 2, 3, 4]), score: 58 },
  4: { faces: faces([5, 6, 7, 8, 9, 10], [4, 1, 2, 3]), score: 49 },
  5: { faces: faces([5, 6, 7, 8, 9, 10], [3, 4, 1, 1]), score: 52 },
  6: { faces: faces([5, 6, 7, 8, 9, 10], [2, 3, 4, 1]), score: 54 },
  7: { faces: faces([10, 10, 10, 10, 9, 9], ['W', 'W', 3, 3]), score: 58 },
  8: { faces: [5, 0, 3, 0, 0, 4, 1, 4, 3, 0], score: 38 },
  9: { faces: faces([10, 10, 10, 10, 10, 9], [4, 4, 1, 2]), score: 58 },
  10: { faces: faces([10, 10, 10, 10, 10, 9], [4, 4, 4, 1]), score: 62 },
};

/** A roll that makes no phase at all. */
const MISS = faces([5, 5, 6, 6, 9, 9], [1, 1, 2, 2]);

/** Scripted dice that show these rolls, one after another (face index + 1 per die rolled). */
const showing = (...rolls: number[][]) => scriptedDice(rolls.flat().map((face) => face + 1));

const rollAll: TenPhasesAction = { type: 'roll', keep: [] };
const stop: TenPhasesAction = { type: 'stop' };
const keep = (...dice: number[]): TenPhasesAction => ({ type: 'roll', keep: dice });

/** Apply through the one entry point and insist it was accepted. */
function play(state: TenPhasesState, seat: number, action: TenPhasesAction, dice: Dice = noDice): TenPhasesState {
  const result = applyAction(tenPhases, state, seat, action, { dice });
  if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was refused: ${result.error.code}`);
  return result.state;
}

/** One whole turn for the active seat: roll all ten showing `roll`, then stop. */
function turn(state: TenPhasesState, roll: number[]): TenPhasesState {
  const seat = state.turn!.seat;
  return play(play(state, seat, rollAll, showing(roll)), seat, stop);
}

/** A new game whose roll-off puts the seats in seat order (seat 0 rolls 10, seat 1 rolls 9, …). */
function newGame(seats: number): TenPhasesState {
  const state = tenPhases.setup({ seats, options: {}, dice: scriptedDice([6, 5, 4, 3, 2, 1].slice(0, seats)) });
  expect(state.order).toEqual([...Array(seats).keys()]);
  return state;
}

/** The state with `seat` on `phase`, every earlier phase scored `each`, and `active` to play. */
function onPhase(state: TenPhasesState, seat: number, phase: number, each = 30): TenPhasesState {
  const sheets = state.sheets.map((sheet, i) =>
    i === seat ? { ...sheet, phase, scores: PHASES.map((p) => (p.phase < phase ? each : null)) } : sheet,
  );
  return { ...state, sheets };
}

/** The state with `seat`'s phase scores replaced (its phase stays as it is). */
function withScores(state: TenPhasesState, seat: number, scores: (number | null)[]): TenPhasesState {
  return { ...state, sheets: state.sheets.map((sheet, i) => (i === seat ? { ...sheet, scores } : sheet)) };
}

const refusal = (result: ApplyResult<TenPhasesState>): RuleErrorCode | null => (result.ok ? null : result.error.code);

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('the rolls these tests use', () => {
  it('make the phases they are named for, and the miss makes none', () => {
    for (const { phase } of PHASES) {
      expect(scorePhase(phase, facesOf(MAKES[phase]!.faces))?.score).toBe(MAKES[phase]!.score);
      expect(scorePhase(phase, facesOf(MISS))).toBeNull();
    }
  });
});

describe('the game object', () => {
  it('is Ten Phases for 1 to 8 players, credited to its designers, with no options to set', () => {
    expect(tenPhases.id).toBe('ten-phases');
    expect(tenPhases.name).toBe('Ten Phases');
    expect(tenPhases.designer).toBe('Garrett J. Donner & Michael S. Steer');
    expect(tenPhases.players).toEqual({ min: 1, max: 8 });
    expect(tenPhases.options.parse({})).toEqual({});
  });
});

describe('the turn-order roll-off', () => {
  it('puts the highest high die first and the lowest last', () => {
    const state = tenPhases.setup({ seats: 3, options: {}, dice: scriptedDice([2, 6, 4]) });
    expect(state.order).toEqual([1, 2, 0]);
    expect(state.rollOff).toEqual([
      [
        { seat: 0, value: 6 },
        { seat: 1, value: 10 },
        { seat: 2, value: 8 },
      ],
    ]);
    expect(state.turn).toEqual({ seat: 1, rolls: 0, faces: null, kept: [] });
  });

  it('has tied seats roll again among themselves only', () => {
    const dice = scriptedDice([6, 6, 2, 3, 5]);
    const state = tenPhases.setup({ seats: 3, options: {}, dice });
    expect(state.order).toEqual([1, 0, 2]);
    expect(state.rollOff[1]).toEqual([
      { seat: 0, value: 7 },
      { seat: 1, value: 9 },
    ]);
    expect(dice.remaining()).toBe(0);
  });

  it('rolls again as often as the tied seats keep tying', () => {
    const state = tenPhases.setup({ seats: 3, options: {}, dice: scriptedDice([4, 4, 4, 5, 5, 1, 2, 6]) });
    expect(state.rollOff.map((round) => round.map((r) => r.seat))).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1],
    ]);
    expect(state.order).toEqual([1, 0, 2]);
  });

  it('settles each tied group in its place: two pairs tie for first and for last', () => {
    const state = tenPhases.setup({ seats: 4, options: {}, dice: scriptedDice([6, 1, 6, 1, 2, 3, 4, 2]) });
    expect(state.order).toEqual([2, 0, 1, 3]);
  });

  it('is not rolled in solitaire', () => {
    const state = tenPhases.setup({ seats: 1, options: {}, dice: noDice });
    expect(state.order).toEqual([0]);
    expect(state.rollOff).toEqual([]);
  });

  it('leaves every sheet on Phase 1 with nothing scored', () => {
    const state = newGame(2);
    for (const sheet of state.sheets) {
      expect(sheet.phase).toBe(1);
      expect(sheet.scores).toEqual(Array(10).fill(null));
      expect(sheetTotal(sheet, false)).toBe(0);
    }
  });
});

describe('a turn', () => {
  it('starts by rolling all ten dice in die order', () => {
    const dice = showing(MISS);
    const result = applyAction(tenPhases, newGame(2), 0, rollAll, { dice });
    expect(result.ok && result.state.turn).toEqual({ seat: 0, rolls: 1, faces: MISS, kept: [] });
    expect(result.ok && result.events).toEqual([
      { type: 'rolled', seat: 0, roll: 1, rolled: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], faces: MISS },
    ]);
    expect(dice.remaining()).toBe(0);
  });

  it('rolls only the dice not set aside, which keep their faces', () => {
    const first = play(newGame(2), 0, rollAll, showing(MISS));
    const dice = scriptedDice([6, 6, 6, 6, 6, 6]);
    const second = play(first, 0, keep(0, 1, 6, 7), dice);
    expect(second.turn!.faces).toEqual([MISS[0], MISS[1], 5, 5, 5, 5, MISS[6], MISS[7], 5, 5]);
    expect(second.turn!.kept).toEqual([0, 1, 6, 7]);
    expect(second.turn!.rolls).toBe(2);
    expect(dice.remaining()).toBe(0);
  });

  it('lets dice set aside earlier be taken back before the third roll, which ends the turn', () => {
    let state = play(newGame(2), 0, rollAll, showing(MISS));
    state = play(state, 0, keep(6, 7, 8, 9), scriptedDice([6, 6, 6, 6, 6, 2]));
    // Take back L2 and L3 and reroll them with H5, the one high die that is not a 10.
    const dice = scriptedDice([6, 4, 4]);
    const result = applyAction(tenPhases, state, 0, keep(0, 1, 2, 3, 4, 6, 7), { dice });
    expect(dice.remaining()).toBe(0);
    const after = result.ok ? result.state : state;
    expect(result.ok && result.events[0]).toMatchObject({ type: 'rolled', roll: 3, rolled: [5, 8, 9] });
    expect(after.lastTurn).toMatchObject({ seat: 0, phase: 1, final: false });
    expect(after.lastTurn!.faces).toEqual(faces([10, 10, 10, 10, 10, 10], [1, 1, 4, 4]));
    expect(after.sheets[0]!.scores[0]).toBe(60);
    expect(after.turn).toEqual({ seat: 1, rolls: 0, faces: null, kept: [] });
  });

  it('may stop after the first roll and scores the phase if made', () => {
    const result = applyAction(tenPhases, play(newGame(2), 0, rollAll, showing(MAKES[1]!.faces)), 0, stop, {
      dice: noDice,
    });
    expect(result.ok).toBe(true);
    const state = result.ok ? result.state : newGame(2);
    expect(state.sheets[0]).toMatchObject({ phase: 2, scores: [34, ...Array(9).fill(null)], failedTurns: 0 });
    expect(result.ok && result.events[0]).toMatchObject({ type: 'turn-ended', seat: 0, phase: 1 });
    expect(state.lastTurn!.made).toEqual(scorePhase(1, facesOf(MAKES[1]!.faces)));
    expect(state.turn!.seat).toBe(1);
  });

  it('may stop after the second roll', () => {
    let state = play(newGame(2), 0, rollAll, showing(MISS));
    state = play(state, 0, keep(), showing(MAKES[1]!.faces));
    state = play(state, 0, stop);
    expect(state.sheets[0]!.scores[0]).toBe(34);
  });

  it('scores nothing when the phase is not made, and the seat tries the same phase next turn', () => {
    let state = onPhase(newGame(2), 0, 6);
    state = turn(state, faces([5, 6, 7, 8, 9, 9], [1, 1, 3, 3]));
    expect(state.sheets[0]).toMatchObject({ phase: 6, failedTurns: 1 });
    expect(state.sheets[0]!.scores[5]).toBeNull();
    expect(state.lastTurn).toMatchObject({ seat: 0, phase: 6, made: null, penalty: 0 });
    state = turn(state, MISS);
    state = turn(state, MAKES[6]!.faces);
    expect(state.sheets[0]).toMatchObject({ phase: 7 });
    expect(state.sheets[0]!.scores[5]).toBe(54);
  });

  it('passes in roll-off order and comes round again', () => {
    let state = tenPhases.setup({ seats: 3, options: {}, dice: scriptedDice([2, 6, 4]) });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push(state.turn!.seat);
      state = turn(state, MISS);
    }
    expect(seen).toEqual([1, 2, 0, 1]);
  });

  it('keeps a running total after each of the seat’s turns', () => {
    let state = newGame(2);
    state = turn(state, MAKES[1]!.faces);
    state = turn(state, MISS);
    state = turn(state, MISS);
    state = turn(state, MAKES[1]!.faces);
    expect(state.sheets[0]!.running).toEqual([34, 34]);
    expect(state.sheets[1]!.running).toEqual([0, 34]);
  });
});

describe('refusals', () => {
  const started = play(newGame(2), 0, rollAll, showing(MISS));
  const cases: [string, TenPhasesState, number, TenPhasesAction, RuleErrorCode][] = [
    ['another seat rolling', newGame(2), 1, rollAll, 'rule/not-your-turn'],
    ['another seat stopping', started, 1, stop, 'rule/not-your-turn'],
    ['setting dice aside before the first roll', newGame(2), 0, keep(3), 'rule/ten-phases-keep-before-first-roll'],
    ['stopping before the first roll', newGame(2), 0, stop, 'rule/ten-phases-stop-before-roll'],
    ['keeping all ten dice', started, 0, keep(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 'rule/ten-phases-nothing-to-roll'],
    ['a die past the last', started, 0, keep(10), 'rule/die-out-of-range'],
    ['a negative die', started, 0, keep(-1), 'rule/die-out-of-range'],
    ['a die named twice', started, 0, keep(2, 2), 'rule/die-repeated'],
  ];

  it.each(cases)('refuses %s with a typed error and changes nothing', (_, state, seat, action, code) => {
    const before = JSON.stringify(state);
    const result = applyAction(tenPhases, deepFreeze(jsonCopy(state)), seat, action, { dice: noDice });
    expect(refusal(result)).toBe(code);
    expect(result.ok ? null : result.error.message).toBeTruthy();
    expect(JSON.stringify(state)).toBe(before);
  });

  it('refuses payloads that are not actions', () => {
    for (const payload of [{ type: 'roll' }, { type: 'roll', keep: [1.5] }, { type: 'score' }, 'roll', null]) {
      expect(refusal(applyAction(tenPhases, newGame(2), 0, payload, { dice: noDice }))).toBe('rule/bad-action');
    }
  });

  it('refuses every action once the game is over, from apply itself too', () => {
    const over = turn(onPhase(newGame(1), 0, 10), MAKES[10]!.faces);
    expect(over.stage).toBe('over');
    expect(refusal(applyAction(tenPhases, over, 0, rollAll, { dice: noDice }))).toBe('rule/game-over');
    expect(refusal(tenPhases.apply(over, 0, rollAll, { dice: noDice }))).toBe('rule/game-over');
  });
});

describe('the five-phase bonus', () => {
  it('adds 40 when the total after Phase 5 is over 220', () => {
    // 60 + 57 + 49 + 3 before, 52 for the run of 8: 221.
    let state = withScores(onPhase(newGame(2), 0, 5), 0, [60, 57, 49, 3, ...Array(6).fill(null)]);
    state = turn(state, MAKES[5]!.faces);
    expect(state.sheets[0]!.fivePhaseBonus).toBe(40);
    expect(state.lastTurn!.fivePhaseBonus).toBe(40);
    expect(sheetTotal(state.sheets[0]!, false)).toBe(261);
  });

  it('is not given at exactly 220', () => {
    let state = withScores(onPhase(newGame(2), 0, 5), 0, [60, 57, 49, 2, ...Array(6).fill(null)]);
    state = turn(state, MAKES[5]!.faces);
    expect(state.sheets[0]).toMatchObject({ phase: 6, fivePhaseBonus: 0 });
    expect(sheetTotal(state.sheets[0]!, false)).toBe(220);
  });

  it('is only for Phase 5', () => {
    const state = turn(onPhase(newGame(2), 0, 6, 50), MAKES[6]!.faces);
    expect(state.sheets[0]!.fivePhaseBonus).toBe(0);
  });
});

describe('the end of the game', () => {
  it('starts final sequences when someone makes Phase 10: the others in turn order from the finisher', () => {
    let state = newGame(4);
    state = turn(state, MISS);
    state = onPhase(state, 1, 10);
    const result = applyAction(tenPhases, play(state, 1, rollAll, showing(MAKES[10]!.faces)), 1, stop, {
      dice: noDice,
    });
    const after = result.ok ? result.state : state;
    expect(after).toMatchObject({ stage: 'final', firstFinisher: 1, finalQueue: [2, 3, 0] });
    expect(after.sheets[1]).toMatchObject({ phase: 11, firstFinishBonus: 40 });
    expect(after.turn!.seat).toBe(2);
    expect(result.ok && result.events.map((e) => e.type)).toEqual(['turn-ended', 'final-sequences']);
  });

  it('lets a player who makes phase after phase in the final sequence keep going until a miss', () => {
    let state = onPhase(onPhase(newGame(2), 0, 10), 1, 7);
    state = turn(state, MAKES[10]!.faces);
    expect(state.turn!.seat).toBe(1);
    state = turn(state, MAKES[7]!.faces);
    expect(state.turn).toMatchObject({ seat: 1, rolls: 0 });
    expect(state.lastTurn).toMatchObject({ seat: 1, phase: 7, final: true });
    state = turn(state, MAKES[8]!.faces);
    expect(state.turn!.seat).toBe(1);
    state = turn(state, MISS);
    expect(state.stage).toBe('over');
    expect(state.turn).toBeNull();
    expect(state.sheets[1]).toMatchObject({ phase: 9, firstFinishBonus: 0 });
    expect(state.sheets[1]!.scores.slice(6, 9)).toEqual([58, 38, null]);
  });

  it('ends a final sequence at the first miss, then moves to the next player', () => {
    let state = onPhase(newGame(3), 0, 10);
    state = turn(state, MAKES[10]!.faces);
    state = turn(state, MISS);
    expect(state.turn!.seat).toBe(2);
    expect(state.finalQueue).toEqual([2]);
    state = turn(state, MAKES[1]!.faces);
    expect(state.turn!.seat).toBe(2);
    state = turn(state, MISS);
    expect(state.stage).toBe('over');
  });

  it('gives the first-finish bonus only to players after the finisher in turn order who were already on Phase 10', () => {
    // Order 0 1 2 3. Seat 1 finishes first; seat 2 was on Phase 10, seat 3 on Phase 9, seat 0 on Phase 10 but
    // had already played this round.
    let state = newGame(4);
    state = onPhase(onPhase(onPhase(onPhase(state, 0, 10), 1, 10), 2, 10), 3, 9);
    state = turn(state, MISS);
    state = turn(state, MAKES[10]!.faces);
    expect(state.bonusEligible).toEqual([2]);
    state = turn(state, MAKES[10]!.faces);
    expect(state.lastTurn).toMatchObject({ seat: 2, firstFinishBonus: 40 });
    state = turn(state, MAKES[9]!.faces);
    state = turn(state, MAKES[10]!.faces);
    expect(state.lastTurn).toMatchObject({ seat: 3, phase: 10, firstFinishBonus: 0 });
    state = turn(state, MAKES[10]!.faces);
    expect(state.lastTurn).toMatchObject({ seat: 0, phase: 10, firstFinishBonus: 0 });
    expect(state.stage).toBe('over');
    expect(state.sheets.map((s) => s.firstFinishBonus)).toEqual([0, 40, 40, 0]);
    expect(state.sheets.map((s) => s.phase)).toEqual([11, 11, 11, 11]);
  });

  it('ranks by grand total, highest first', () => {
    let state = onPhase(onPhase(newGame(2), 0, 10), 1, 10);
    state = turn(state, MAKES[10]!.faces);
    expect(tenPhases.outcome(state)).toBeNull();
    state = turn(state, MISS);
    expect(tenPhases.outcome(state)).toEqual({
      standings: [
        { seat: 0, score: 270 + 62 + 40, place: 1 },
        { seat: 1, score: 270, place: 2 },
      ],
      winners: [0],
    });
  });

  it('shares the win on equal totals', () => {
    let state = onPhase(onPhase(newGame(2), 0, 10), 1, 10);
    state = turn(state, MAKES[10]!.faces);
    state = turn(state, MAKES[10]!.faces);
    const outcome = tenPhases.outcome(state)!;
    expect(outcome.winners).toEqual([0, 1]);
    expect(outcome.standings.map((s) => s.place)).toEqual([1, 1]);
  });
});

describe('solitaire', () => {
  it('costs 5 points for every failed turn', () => {
    let state = newGame(1);
    state = turn(state, MISS);
    expect(state.lastTurn!.penalty).toBe(5);
    state = turn(state, MAKES[1]!.faces);
    state = turn(state, MISS);
    expect(state.sheets[0]!.failedTurns).toBe(2);
    expect(sheetTotal(state.sheets[0]!, true)).toBe(34 - 10);
    expect(state.sheets[0]!.running).toEqual([-5, 29, 24]);
    expect(state.turn!.seat).toBe(0);
  });

  it('ends when Phase 10 is made, with the first-finish bonus on a first try at it', () => {
    let state = onPhase(newGame(1), 0, 9);
    state = turn(state, MISS);
    state = turn(state, MAKES[9]!.faces);
    state = turn(state, MAKES[10]!.faces);
    expect(state.stage).toBe('over');
    expect(state.sheets[0]!.firstFinishBonus).toBe(40);
    expect(tenPhases.outcome(state)).toEqual({
      standings: [{ seat: 0, score: 8 * 30 + 58 + 62 + 40 - 5, place: 1 }],
      winners: [0],
    });
  });

  it('gives no first-finish bonus when Phase 10 took more than one try', () => {
    let state = onPhase(newGame(1), 0, 10);
    state = turn(state, MISS);
    state = turn(state, MAKES[10]!.faces);
    expect(state.stage).toBe('over');
    expect(state.sheets[0]!.firstFinishBonus).toBe(0);
    expect(sheetTotal(state.sheets[0]!, true)).toBe(9 * 30 + 62 - 5);
  });

  it('has no penalty in a game of several players', () => {
    const state = turn(newGame(2), MISS);
    expect(state.lastTurn!.penalty).toBe(0);
    expect(sheetTotal(state.sheets[0]!, false)).toBe(0);
  });
});

describe('awaiting', () => {
  it('waits on the active seat only: roll if nothing is on the table, else stop', () => {
    const state = newGame(3);
    expect(tenPhases.awaiting(state)).toEqual([{ seat: 0, fallback: rollAll }]);
    const rolled = play(state, 0, rollAll, showing(MISS));
    expect(tenPhases.awaiting(rolled)).toEqual([{ seat: 0, fallback: stop }]);
  });

  it('plays a game through on timer defaults alone', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(SEED_BYTES).fill(7)));
    let state = tenPhases.setup({ seats: 2, options: {}, dice });
    for (let i = 0; i < 20_000 && tenPhases.outcome(state) === null; i++) {
      const [awaited] = tenPhases.awaiting(state);
      state = play(state, awaited!.seat, awaited!.fallback, dice);
    }
    expect(tenPhases.outcome(state)).not.toBeNull();
    expect(tenPhases.awaiting(state)).toEqual([]);
  });
});

// ── Random games: every reachable position keeps the invariants.

const randomGame = fc.record({
  seats: fc.integer({ min: 1, max: 4 }),
  seed: fc.uint8Array({ minLength: SEED_BYTES, maxLength: SEED_BYTES }),
  moves: fc.array(
    fc.record({
      // Mostly the active seat, so games get somewhere; sometimes another, to be refused.
      seat: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
      stop: fc.boolean(),
      keep: fc.integer({ min: 0, max: 1023 }),
    }),
    { maxLength: 400 },
  ),
});

describe('apply', () => {
  it('never changes the state it is given, and every position stays consistent', () => {
    fc.assert(
      fc.property(randomGame, ({ seats, seed, moves }) => {
        const dice = generatorDice(seedGenerator(seed));
        let state = tenPhases.setup({ seats, options: {}, dice });
        expect([...state.order].sort((a, b) => a - b)).toEqual([...Array(seats).keys()]);
        for (const move of moves) {
          if (state.stage === 'over') break;
          const action: TenPhasesAction = move.stop
            ? stop
            : { type: 'roll', keep: [...Array(10).keys()].filter((d) => (move.keep >> d) & 1) };
          const before = JSON.stringify(state);
          const seat = move.seat === null ? state.turn!.seat : move.seat % seats;
          const result = applyAction(tenPhases, deepFreeze(state), seat, action, { dice });
          expect(JSON.stringify(state)).toBe(before);
          if (!result.ok) continue;
          state = result.state;
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
          for (const sheet of state.sheets) {
            expect(sheet.scores.filter((s) => s !== null)).toHaveLength(sheet.phase - 1);
            expect(sheet.running.at(-1) ?? 0).toBe(sheetTotal(sheet, seats === 1));
          }
          if (state.turn !== null) expect(state.turn.rolls).toBeLessThan(3);
        }
      }),
      { numRuns: 60 },
    );
  });
});

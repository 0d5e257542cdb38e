import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyAction, type ApplyResult, type GameEvent } from '../../core/define-game.js';
import { generatorDice, noDice, scriptedDice, type Dice } from '../../core/dice.js';
import type { RuleErrorCode } from '../../core/errors.js';
import { seedGenerator } from '../../core/generator.js';
import { BOX_IDS, meetFate, MeetFateOptions, type BoxId, type MeetFateAction, type MeetFateState } from './index.js';

const start = (seats: number, options: unknown = {}): MeetFateState =>
  meetFate.setup({ seats, options: MeetFateOptions.parse(options), dice: noDice });

const roll = (...hold: number[]): MeetFateAction => ({ type: 'roll', hold });
const fill = (box: BoxId): MeetFateAction => ({ type: 'fill', box });

/** Apply through the room's entry point with scripted dice, expecting success and every scripted die used. */
function play(state: MeetFateState, seat: number, action: unknown, values: number[] = []) {
  const dice = scriptedDice(values);
  const result = applyAction(meetFate, state, seat, action, { dice });
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  expect(dice.remaining()).toBe(0);
  return result;
}

/** Apply, expecting a refusal with `code` that leaves the state exactly as it was. */
function expectRefused(state: MeetFateState, seat: number, action: unknown, code: RuleErrorCode) {
  const before = JSON.stringify(state);
  const result = applyAction(meetFate, state, seat, action, { dice: noDice });
  expect(result).toMatchObject({ ok: false, error: { code } });
  expect(JSON.stringify(state)).toBe(before);
}

const types = (events: GameEvent[]) => events.map((e) => e.type);
const sorted = (dice: readonly number[]) => [...dice].sort((a, b) => a - b);

/** Dice whose faces cycle 1 to 8, so six in a row never all show 8. */
function cyclingDice(): Dice {
  let i = 0;
  return { roll: (sides) => (i++ % sides) + 1 };
}

/** Play a whole game for every seat with the timer's defaults only. */
function playOutWithDefaults(state: MeetFateState, dice: Dice) {
  const events: GameEvent[] = [];
  for (let guard = 0; guard < 1000; guard++) {
    const [awaited] = meetFate.awaiting(state);
    if (awaited === undefined) return { state, events };
    const result: ApplyResult<MeetFateState> = applyAction(meetFate, state, awaited.seat, awaited.fallback, { dice });
    if (!result.ok) throw new Error(`default refused: ${result.error.code}`);
    state = result.state;
    events.push(...result.events);
  }
  throw new Error('the game did not end');
}

describe('setup', () => {
  it('opens every box on every sheet and gives the first turn to seat 0 by default', () => {
    const state = start(3);
    expect(state.sheets).toHaveLength(3);
    for (const sheet of state.sheets) expect(BOX_IDS.every((box) => sheet.boxes[box] === null)).toBe(true);
    expect(state.turn).toEqual({ seat: 0, rolls: 0, dice: [], held: [] });
    expect(meetFate.outcome(state)).toBeNull();
  });

  it('lets the room choose who goes first', () => {
    expect(start(3, { firstSeat: 2 }).turn.seat).toBe(2);
  });

  it('falls back to the first seat when the chosen one is not at the table', () => {
    expect(start(2, { firstSeat: 5 }).turn.seat).toBe(0);
  });
});

describe("the designer's example turn", () => {
  /** The example's three rolls for a lone seat, after a turn that filled Small Straight if asked. */
  function exampleTurn(smallStraightFilled: boolean) {
    let state = start(1);
    if (smallStraightFilled) {
      state = play(state, 0, roll(), [1, 4, 5, 6, 7, 8]).state;
      state = play(state, 0, fill('small-straight')).state;
    }

    const first = play(state, 0, roll(), [2, 3, 5, 7, 7, 8]);
    expect(sorted(first.state.turn.dice)).toEqual([2, 3, 5, 7, 7, 8]);
    // Keep the two 7s (positions 3 and 4); positions 0, 1, 2 and 5 are rolled.
    const second = play(first.state, 0, roll(3, 4), [1, 4, 5, 6]);
    expect(sorted(second.state.turn.dice)).toEqual([1, 4, 5, 6, 7, 7]);
    // Keep 4 5 6 7 (positions 1, 2, 5, 3): a 7 kept last time (position 4) is rolled again.
    const third = play(second.state, 0, roll(1, 2, 5, 3), [1, 8]);
    expect(sorted(third.state.turn.dice)).toEqual([1, 4, 5, 6, 7, 8]);
    return third.state;
  }

  it('ends on 1 4 5 6 7 8, which scores 30 as a small straight', () => {
    const state = exampleTurn(false);
    expect(meetFate.view(state, { role: 'host' }).preview).toContainEqual({ box: 'small-straight', score: 30 });
    expect(play(state, 0, fill('small-straight')).state.sheets[0]!.boxes['small-straight']).toBe(30);
  });

  it('with Small Straight filled, may put 1 in Ones', () => {
    const state = exampleTurn(true);
    const result = play(state, 0, fill('ones'));
    expect(result.state.sheets[0]!.boxes.ones).toBe(1);
    expect(result.events[0]).toEqual({ type: 'filled', seat: 0, box: 'ones', score: 1 });
  });

  it('with Small Straight filled, may put 0 in Six of a Kind', () => {
    const state = exampleTurn(true);
    const view = meetFate.view(state, { role: 'seat', seat: 0 });
    expect(view.preview).toContainEqual({ box: 'six-of-a-kind', score: 0 });
    expect(view.preview).toContainEqual({ box: 'ones', score: 1 });
    expect(play(state, 0, fill('six-of-a-kind')).state.sheets[0]!.boxes['six-of-a-kind']).toBe(0);
  });
});

describe('a turn', () => {
  it('may stop after the first roll', () => {
    let state = start(2);
    state = play(state, 0, roll(), [2, 2, 4, 5, 7, 8]).state;
    const result = play(state, 0, fill('twos'));
    expect(result.state.sheets[0]!.boxes.twos).toBe(4);
    expect(result.state.turn).toEqual({ seat: 1, rolls: 0, dice: [], held: [] });
    expect(result.state.lastFill).toEqual({ seat: 0, box: 'twos', score: 4, dice: [2, 2, 4, 5, 7, 8] });
    expect(types(result.events)).toEqual(['filled', 'turn']);
  });

  it('keeps held dice where they lie and rolls the others in position order', () => {
    let state = start(1);
    state = play(state, 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    const result = play(state, 0, roll(5, 0), [7, 7, 7, 7]);
    expect(result.state.turn.dice).toEqual([1, 7, 7, 7, 7, 6]);
    expect(result.state.turn.held).toEqual([0, 5]);
    expect(result.events).toEqual([{ type: 'rolled', seat: 0, roll: 2, dice: [1, 7, 7, 7, 7, 6], held: [0, 5] }]);
  });

  it('takes a 0 in any open box, even one the dice do not fit', () => {
    let state = start(1);
    state = play(state, 0, roll(), [1, 2, 3, 4, 5, 7]).state;
    expect(play(state, 0, fill('six-of-a-kind')).state.sheets[0]!.boxes['six-of-a-kind']).toBe(0);
  });

  it('passes in seat order from the chosen first seat, wrapping round', () => {
    let state = start(3, { firstSeat: 1 });
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = state.turn.seat;
      order.push(seat);
      state = play(state, seat, roll(), [1, 1, 2, 3, 5, 6]).state;
      state = play(state, seat, fill(BOX_IDS[i]!)).state;
    }
    expect(order).toEqual([1, 2, 0, 1]);
  });
});

describe('F8', () => {
  const cases: { roll: number; script: [MeetFateAction, number[]][] }[] = [
    { roll: 1, script: [[roll(), [8, 8, 8, 8, 8, 8]]] },
    {
      roll: 2,
      script: [
        [roll(), [8, 3, 8, 8, 1, 2]],
        [roll(0, 2, 3), [8, 8, 8]],
      ],
    },
    {
      roll: 3,
      script: [
        [roll(), [8, 3, 4, 5, 6, 7]],
        [roll(0), [8, 8, 1, 2, 8]],
        [roll(0, 1, 2, 5), [8, 8]],
      ],
    },
  ];

  for (const { roll: at, script } of cases) {
    it(`on roll ${at} of a turn wins the game at once, whatever the totals`, () => {
      // Seat 0 banks 40 in Eights first so the F8 seat trails on points.
      let state = start(2);
      state = play(state, 0, roll(), [8, 8, 8, 8, 8, 7]).state;
      state = play(state, 0, fill('eights')).state;
      let events: GameEvent[] = [];
      for (const [action, values] of script) ({ state, events } = play(state, 1, action, values));

      expect(state.turn.dice).toEqual([8, 8, 8, 8, 8, 8]);
      expect(state.f8).toEqual({ seat: 1, roll: at });
      expect(events).toContainEqual({ type: 'f8', seat: 1, roll: at });
      expect(meetFate.awaiting(state)).toEqual([]);
      expect(meetFate.outcome(state)).toEqual({
        standings: [
          { seat: 1, score: 0, place: 1 },
          { seat: 0, score: 40, place: 2 },
        ],
        winners: [1],
      });
    });
  }

  it('ends the game: no box is filled after it, by the roller or anyone else', () => {
    let state = start(2);
    state = play(state, 0, roll(), [8, 8, 8, 8, 8, 8]).state;
    expectRefused(state, 0, fill('eights'), 'rule/game-over');
    expectRefused(state, 1, roll(), 'rule/game-over');
    expect(meetFate.apply(state, 0, fill('eights'), { dice: noDice })).toMatchObject({
      ok: false,
      error: { code: 'rule/game-over' },
    });
  });
});

describe('refusals leave the state unchanged', () => {
  it('refuses a seat whose turn it is not', () => {
    const state = start(3);
    expectRefused(state, 1, roll(), 'rule/not-your-turn');
    expect(meetFate.apply(state, 2, roll(), { dice: noDice })).toMatchObject({ error: { code: 'rule/not-your-turn' } });
  });

  it('refuses a fourth roll', () => {
    let state = start(1);
    state = play(state, 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    state = play(state, 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    state = play(state, 0, roll(0), [2, 3, 4, 5, 6]).state;
    expectRefused(state, 0, roll(), 'rule/meet-fate-rolls-used-up');
    expectRefused(state, 0, roll(0, 1), 'rule/meet-fate-rolls-used-up');
  });

  it('refuses a box that is already filled', () => {
    let state = start(1);
    state = play(state, 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    state = play(state, 0, fill('chance')).state;
    state = play(state, 0, roll(), [6, 6, 6, 6, 6, 6]).state;
    expectRefused(state, 0, fill('chance'), 'rule/meet-fate-box-filled');
  });

  it('refuses filling a box before the first roll', () => {
    expectRefused(start(1), 0, fill('chance'), 'rule/meet-fate-roll-first');
  });

  it('refuses keeping dice on the first roll', () => {
    expectRefused(start(1), 0, roll(0), 'rule/meet-fate-hold-before-roll');
  });

  it('refuses holds naming no die, the same die twice, or every die', () => {
    const state = play(start(1), 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    expectRefused(state, 0, roll(6), 'rule/die-out-of-range');
    expectRefused(state, 0, roll(-1), 'rule/die-out-of-range');
    expectRefused(state, 0, roll(2, 2), 'rule/die-repeated');
    expectRefused(state, 0, roll(0, 1, 2, 3, 4, 5), 'rule/meet-fate-all-dice-held');
  });

  it('refuses payloads that are not Meet Fate actions', () => {
    const state = play(start(1), 0, roll(), [1, 2, 3, 4, 5, 6]).state;
    expectRefused(state, 0, { type: 'fill', box: 'yahtzee' }, 'rule/bad-action');
    expectRefused(state, 0, { type: 'reroll' }, 'rule/bad-action');
    expectRefused(state, 0, { type: 'roll', hold: [0.5] }, 'rule/bad-action');
    expectRefused(state, 7, roll(), 'rule/unknown-seat');
  });
});

describe('the timer defaults', () => {
  it('roll first, then fill the best-scoring open box, the earliest on the sheet among equals', () => {
    let state = start(2, { firstSeat: 1 });
    expect(meetFate.awaiting(state)).toEqual([{ seat: 1, fallback: { type: 'roll', hold: [] } }]);
    state = play(state, 1, roll(), [3, 3, 3, 3, 3, 3]).state;
    expect(meetFate.awaiting(state)).toEqual([{ seat: 1, fallback: { type: 'fill', box: 'six-of-a-kind' } }]);
    state = play(state, 1, fill('six-of-a-kind')).state;
    state = play(state, 0, roll(), [1, 2, 4, 4, 6, 7]).state;
    expect(meetFate.awaiting(state)).toEqual([{ seat: 0, fallback: { type: 'fill', box: 'chance' } }]);
  });

  it('among equal best scores, take the earliest box on the sheet', () => {
    let state = start(1);
    for (const box of ['ones', 'twos', 'chance'] as const) {
      state = play(state, 0, roll(), [3, 4, 5, 6, 7, 8]).state;
      state = play(state, 0, fill(box)).state;
    }
    state = play(state, 0, roll(), [1, 1, 2, 2, 3, 3]).state;
    // Ones and Twos are filled, so Threes (6) and the pair sums (12) compete: Two Pair comes first.
    expect(meetFate.awaiting(state)[0]?.fallback).toEqual({ type: 'fill', box: 'two-pair' });
  });

  it('take the earliest open box when every open box would score 0', () => {
    const open: BoxId[] = ['large-straight', 'trips'];
    const state = play(start(1), 0, roll(), [1, 2, 3, 5, 6, 7]).state;
    const sheet = state.sheets[0]!;
    for (const box of BOX_IDS) if (!open.includes(box)) sheet.boxes[box] = 0;
    expect(meetFate.awaiting(state)).toEqual([{ seat: 0, fallback: { type: 'fill', box: 'large-straight' } }]);
  });
});

describe('a whole game', () => {
  it('ends after every seat has filled all 19 boxes, 19 rounds of turns', () => {
    const { state, events } = playOutWithDefaults(start(3, { firstSeat: 2 }), cyclingDice());
    expect(state.f8).toBeNull();
    expect(events.filter((e) => e.type === 'filled')).toHaveLength(3 * 19);
    expect(events.at(-1)).toEqual({ type: 'game-over' });
    for (const sheet of state.sheets) {
      expect(sheet.order).toHaveLength(19);
      expect(new Set(sheet.order).size).toBe(19);
    }
    // Round order: seat 2 starts every round, so it fills first and seat 1 fills last.
    const fillers = events.filter((e) => e.type === 'filled').map((e) => e.seat);
    expect(fillers.slice(0, 3)).toEqual([2, 0, 1]);
    expect(fillers.slice(-3)).toEqual([2, 0, 1]);
    expect(meetFate.awaiting(state)).toEqual([]);
    expectRefused(state, 2, roll(), 'rule/game-over');
  });

  it('ranks by total, and the totals are the sums of the boxes', () => {
    const { state } = playOutWithDefaults(start(2), generatorDice(seedGenerator(new Uint8Array(16).fill(7))));
    const outcome = meetFate.outcome(state)!;
    const totals = state.sheets.map((s) => BOX_IDS.reduce((t, b) => t + (s.boxes[b] ?? 0), 0));
    for (const { seat, score } of outcome.standings) expect(score).toBe(totals[seat]);
    const top = Math.max(...totals);
    expect(outcome.winners).toEqual(totals.flatMap((t, seat) => (t === top ? [seat] : [])));
  });
});

describe('standings', () => {
  /** A finished game where each seat's boxes sum to the given total (all in Chance). */
  function finishedWith(totals: number[]): MeetFateState {
    const state = start(totals.length);
    const sheets = totals.map((total) => ({
      boxes: Object.fromEntries(BOX_IDS.map((b) => [b, b === 'chance' ? total : 0])) as Record<BoxId, number>,
      order: [...BOX_IDS],
    }));
    return { ...state, sheets };
  }

  it('is null while the game is on', () => {
    expect(meetFate.outcome(start(2))).toBeNull();
  });

  it('shares the win between seats tied on the highest total', () => {
    expect(meetFate.outcome(finishedWith([200, 250, 180, 250]))).toEqual({
      standings: [
        { seat: 1, score: 250, place: 1 },
        { seat: 3, score: 250, place: 1 },
        { seat: 0, score: 200, place: 3 },
        { seat: 2, score: 180, place: 4 },
      ],
      winners: [1, 3],
    });
  });

  it('gives equal places to ties below first', () => {
    const outcome = meetFate.outcome(finishedWith([90, 120, 90]))!;
    expect(outcome.standings.map((s) => [s.seat, s.place])).toEqual([
      [1, 1],
      [0, 2],
      [2, 2],
    ]);
    expect(outcome.winners).toEqual([1]);
  });
});

describe('apply', () => {
  it('never changes the state it is given', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('roll' as const), hold: fc.uniqueArray(fc.integer({ min: -1, max: 6 }), { maxLength: 6 }) }),
      fc.record({ type: fc.constant('fill' as const), box: fc.constantFrom(...BOX_IDS) }),
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(3), action), { maxLength: 40 }),
        (seed, seats, moves) => {
          const dice = generatorDice(seedGenerator(seed));
          let state = start(seats);
          for (const [seat, move] of moves) {
            const before = JSON.stringify(state);
            const result = applyAction(meetFate, state, seat, move, { dice });
            expect(JSON.stringify(state)).toBe(before);
            if (result.ok) state = result.state;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('makes only moves its timer defaults accept, across random games', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 1, max: 3 }), (seed, seats) => {
        const { state } = playOutWithDefaults(start(seats), generatorDice(seedGenerator(seed)));
        expect(meetFate.outcome(state)).not.toBeNull();
      }),
      { numRuns: 20 },
    );
  });
});

describe('a rematch', () => {
  it("lets the last game's winner roll first, keeping the other options", () => {
    const outcome = { standings: [{ seat: 2, score: 90, place: 1 }, { seat: 0, score: 80, place: 2 }], winners: [2] };
    expect(meetFate.rematchOptions?.({ firstSeat: 0 }, outcome)).toEqual({ firstSeat: 2 });
  });

  it('keeps the options when nobody is left to have won', () => {
    expect(meetFate.rematchOptions?.({ firstSeat: 1 }, { standings: [], winners: [] })).toEqual({ firstSeat: 1 });
  });
});

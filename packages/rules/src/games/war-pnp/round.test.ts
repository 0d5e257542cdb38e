import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../core/dice.js';
import { powerRow, rowLevel, type Sheet } from './sheet.js';
import type { WarState } from './state.js';
import { declareBoth, pass, play, playWithEvents, readyToRoll, refusal, roll, rolled, sheetWith, use } from './test-support/scenario.js';

/** Every column filled up to `boxes`, so gaining always asks. */
const filled = (sheet: Sheet, boxes = 2): Sheet => {
  for (const col of sheet.points) col.filled = col.filled.map((f, i) => f || i < boxes);
  return sheet;
};

describe('the roll', () => {
  it('belongs to the main player and is recorded on every sheet', () => {
    const state = readyToRoll([sheetWith({}), filled(sheetWith({}))], { main: 1 });
    expect(refusal(state, 0, { type: 'roll' }, scriptedDice([3, 4]))).toBe('rule/not-your-turn');
    const { state: after, events } = playWithEvents(state, 1, { type: 'roll' }, scriptedDice([3, 4]));
    expect(after.rolls).toEqual([{ round: 1, main: 1, dice: [3, 4] }]);
    expect(events[0]).toMatchObject({ type: 'rolled', dice: [3, 4] });
  });

  it('is refused at any other step, as other steps are refused at the roll', () => {
    const state = readyToRoll([sheetWith({}), sheetWith({})]);
    expect(refusal(state, 0, { type: 'develop', picks: [] })).toBe('rule/wrong-step');
    expect(refusal(state, 0, { type: 'gain', bend: 0, box: null })).toBe('rule/wrong-step');
    expect(refusal(state, 0, { type: 'declare', declarations: [] })).toBe('rule/wrong-step');
    expect(refusal(state, 0, { type: 'remove', target: { kind: 'power', row: 1, rank: 1 } })).toBe('rule/wrong-step');
    const developing: WarState = { ...state, step: { kind: 'develop', picks: [null, null] } };
    expect(refusal(developing, 0, { type: 'roll' }, scriptedDice([1, 1]))).toBe('rule/wrong-step');
  });

  it('with nothing activated and nothing to choose, plays the round through and passes the dice clockwise', () => {
    const state = roll(readyToRoll([sheetWith({}), sheetWith({}), sheetWith({})], { main: 2 }), [1, 2]);
    expect(state.round).toBe(2);
    expect(state.main).toBe(0);
    expect(state.step).toEqual({ kind: 'develop', picks: [null, null, null] });
    expect(state.scoresByRound).toEqual([[0, 0, 0]]);
  });

  it('keeps the finished round public while the next one develops, so the screens can show what happened', () => {
    const state = roll(readyToRoll([sheetWith({}), sheetWith({}), sheetWith({})], { main: 2 }), [1, 2]);
    expect(state.turn).toBeNull();
    expect(state.lastRound).toMatchObject({ dice: [1, 2], activations: [[], [], []] });
    expect(state.lastRound?.report.gains.map((g) => g.column)).toEqual(['3/11', '3/11', '3/11']);
  });
});

describe('Grow', () => {
  it('used twice on its own row at level i gives two developments; the row ends at level iii', () => {
    let state = rolled(readyToRoll([filled(sheetWith({ powers: { 2: ['grow', 1] } })), filled(sheetWith({}))]), [2, 2]);
    expect(state.turn?.activations[0]).toEqual([
      { row: 2, power: 'grow', level: 1, size: 1 },
      { row: 2, power: 'grow', level: 1, size: 1 },
    ]);
    state = declareBoth(state, [use(0, { power: 'grow' }), use(1, { power: 'grow' })], []);
    expect(state.step).toEqual({ kind: 'grow', owed: [2, 0], picks: [null, []] });
    expect(refusal(state, 0, { type: 'develop', picks: [{ kind: 'power', row: 2 }] })).toBe('rule/war-pick-count');
    expect(refusal(state, 1, { type: 'develop', picks: [] })).toBe('rule/not-awaited');
    state = play(state, 0, { type: 'develop', picks: [{ kind: 'power', row: 2 }, { kind: 'power', row: 2 }] });
    expect(rowLevel(powerRow(state.sheets[0]!, 2))).toBe(3);
    expect(state.turn?.activations[0]?.map((a) => a.level)).toEqual([1, 1]);
    expect(state.step.kind).toBe('gain');
  });

  it("lets each recipient pick its own gift, hidden until all are in", () => {
    let state = rolled(
      readyToRoll([
        filled(sheetWith({ powers: { 3: ['grow', 4] } })),
        filled(sheetWith({})),
        filled(sheetWith({})),
      ]),
      [3, 5],
    );
    expect(refusal(state, 0, { type: 'declare', declarations: [use(0, { power: 'grow' })] })).toBe('rule/war-gifts');
    state = play(state, 0, {
      type: 'declare',
      declarations: [use(0, { power: 'grow', gifts: [{ seat: 1, count: 1 }, { seat: 2, count: 1 }] })],
    });
    expect(state.step).toEqual({ kind: 'grow', owed: [3, 1, 1], picks: [null, null, null] });
    state = play(state, 2, { type: 'develop', picks: [{ kind: 'points', column: '7' }] });
    expect(state.sheets[2]?.points[5]?.filled[2]).toBe(false);
    state = play(state, 1, { type: 'develop', picks: [{ kind: 'power', row: 6, name: 'cancel' }] });
    state = play(state, 0, {
      type: 'develop',
      picks: [{ kind: 'points', column: '7' }, { kind: 'points', column: '7' }, { kind: 'points', column: '7' }],
    });
    expect(state.step.kind).toBe('gain');
    expect(state.sheets[2]?.points[5]?.filled[2]).toBe(true);
    expect(state.sheets[1]?.powers[5]).toEqual({ name: 'cancel', filled: [true, false, false, false, false, false] });
    expect(state.sheets[0]?.points[5]?.filled.filter(Boolean)).toHaveLength(5);
  });
});

describe('declaring in turn with three players', () => {
  const table = () =>
    rolled(
      readyToRoll(
        [
          filled(sheetWith({ powers: { 2: ['block', 2] } })),
          filled(sheetWith({ powers: { 2: ['cancel', 2], 4: ['steal', 1] } })),
          filled(sheetWith({ powers: { 4: ['cancel', 2] } })),
        ],
        { main: 1 },
      ),
      [2, 4],
    );

  it('starts with the main player, goes clockwise, twice around, skipping who has nothing left', () => {
    let state = table();
    expect(state.step).toEqual({ kind: 'declare', together: false, turn: 0 });
    expect(refusal(state, 2, { type: 'declare', declarations: [pass(0)] })).toBe('rule/not-your-turn');
    expect(refusal(state, 1, { type: 'declare', declarations: [] })).toBe('rule/war-one-declaration');
    expect(refusal(state, 1, { type: 'declare', declarations: [pass(0), pass(1)] })).toBe('rule/war-one-declaration');
    state = play(state, 1, { type: 'declare', declarations: [use(1, { power: 'steal', target: 0 })] });
    // Declarations are public as soon as they are made.
    expect(state.turn?.declared[1]).toEqual([{ activation: 1, effect: { power: 'steal', target: 0 } }]);
    expect(state.step).toEqual({ kind: 'declare', together: false, turn: 1 });
    state = play(state, 2, {
      type: 'declare',
      declarations: [use(0, { power: 'cancel', mode: 'stop', target: { seat: 1, row: 4 } })],
    });
    state = play(state, 0, {
      type: 'declare',
      declarations: [use(0, { power: 'block', target: 1, boxes: [{ column: '6/8', box: 1 }] })],
    });
    // Second lap: seat 1 has its Cancel left; seats 2 and 0 have nothing left and are passed over.
    expect(state.step).toEqual({ kind: 'declare', together: false, turn: 3 });
    expect(refusal(state, 1, { type: 'declare', declarations: [pass(1)] })).toBe('rule/war-declared');
    state = play(state, 1, {
      type: 'declare',
      declarations: [use(0, { power: 'cancel', mode: 'stop', target: { seat: 0, row: 2 } })],
    });
    expect(state.step.kind).toBe('gain');
    expect(state.turn?.report.stopped).toEqual([
      { seat: 0, row: 2 },
      { seat: 1, row: 4 },
    ]);
    expect(state.turn?.effects?.steals).toEqual([]);
    expect(state.sheets[1]?.points[4]?.marks[0]).toBeNull();
  });
});

describe('the end of the game', () => {
  /** A round where seat 0 gains `a` and seat 1 gains nothing, from these scores. */
  const endOfRound = (scores: number[], opts: { round?: number; hardDecisions?: boolean } = {}) =>
    rolled(readyToRoll([sheetWith({ points: { '7': 1 } }), sheetWith({})], { scores, ...opts }), [3, 4]);

  it('comes when someone has 100 or more and the top score is not tied', () => {
    const state = endOfRound([98, 40]);
    expect(state.step).toEqual({ kind: 'over' });
    expect(state.scores).toEqual([102, 40]);
  });

  it('plays another round on a tie at 100 or more, and ends when it is broken', () => {
    let state = endOfRound([96, 100]);
    expect(state.scores).toEqual([100, 100]);
    expect(state.step.kind).toBe('develop');
    expect(state.round).toBe(2);
    state = { ...state, step: { kind: 'roll' }, main: 0 };
    state = roll(state, [3, 4]);
    expect(state.step).toEqual({ kind: 'over' });
    expect(state.scores).toEqual([104, 100]);
  });

  it('with "Hard decisions", comes after round 20 below 100, but not on a tie', () => {
    expect(endOfRound([10, 40], { round: 19, hardDecisions: true }).step.kind).toBe('develop');
    expect(endOfRound([10, 40], { round: 20, hardDecisions: true }).step.kind).toBe('over');
    expect(endOfRound([36, 40], { round: 20, hardDecisions: true }).step.kind).toBe('develop');
    expect(endOfRound([10, 40], { round: 20 }).step.kind).toBe('develop');
  });

  it('refuses every action once over', () => {
    const state = endOfRound([98, 40]);
    expect(refusal(state, 0, { type: 'roll' })).toBe('rule/game-over');
  });
});

describe('apply', () => {
  it('never changes the state it is given', () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === 'object') {
        Object.values(value).forEach(deepFreeze);
        Object.freeze(value);
      }
      return value;
    };
    const state = rolled(
      readyToRoll([filled(sheetWith({ powers: { 2: ['grow', 1], 5: ['block', 2] } })), filled(sheetWith({ powers: { 5: ['trap', 1] } }))]),
      [2, 5],
    );
    const before = JSON.stringify(state);
    deepFreeze(state);
    const next = play(state, 0, {
      type: 'declare',
      declarations: [use(0, { power: 'grow' }), use(1, { power: 'block', target: 1, boxes: [{ column: '7', box: 1 }] })],
    });
    const last = play(next, 1, { type: 'declare', declarations: [use(0, { power: 'trap', target: 0, values: [4] })] });
    expect(JSON.stringify(state)).toBe(before);
    expect(last.step.kind).toBe('grow');
  });
});

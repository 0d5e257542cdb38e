import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../core/dice.js';
import type { Viewer } from '../../core/viewer.js';
import type { Development } from './actions.js';
import { warPnp } from './index.js';
import type { Sheet } from './sheet.js';
import type { WarState } from './state.js';
import { declareBoth, play, readyToRoll, rolled, sheetWith, use } from './test-support/scenario.js';
import { legalTargets } from './activate.js';
import { bestGainBox, legalBends } from './gain.js';

const warView = warPnp.view;

const filled = (sheet: Sheet): Sheet => {
  for (const col of sheet.points) col.filled = col.filled.map((f, i) => f || i < 2);
  return sheet;
};

const host: Viewer = { role: 'host' };
const spectator: Viewer = { role: 'spectator' };
const seat = (n: number): Viewer => ({ role: 'seat', seat: n });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The views every viewer except `owner` gets must not change with `owner`'s pending choice. */
function expectHidden(a: WarState, b: WarState, owner: number): void {
  const others = [host, spectator, ...Array.from({ length: a.seats }, (_, s) => s).filter((s) => s !== owner).map(seat)];
  for (const viewer of others) expect(warView(a, viewer)).toEqual(warView(b, viewer));
  expect(warView(a, seat(owner)).you).not.toEqual(warView(b, seat(owner)).you);
}

describe('what each viewer sees', () => {
  it('hides pending setup picks from everyone but their owner', () => {
    const start = warPnp.setup({ seats: 3, options: { hardDecisions: false }, dice: scriptedDice([2]) });
    const five = (column: '7' | '2/12'): Development[] => Array.from({ length: 5 }, () => ({ kind: 'points', column }));
    const a = play(start, 0, { type: 'develop', picks: five('7') });
    const b = play(start, 0, { type: 'develop', picks: five('2/12') });
    expectHidden(a, b, 0);
    expect(warView(a, seat(0)).you?.picks).toEqual(five('7'));
    expect(warView(a, host).step).toEqual({ kind: 'setup', done: [0] });
    expect(warView(a, host).waitingOn).toEqual([1, 2]);
    expect(JSON.stringify(warView(a, seat(1)))).not.toContain('"7"');
  });

  it("hides a round's pending developments", () => {
    const start: WarState = { ...readyToRoll([sheetWith({}), sheetWith({})]), step: { kind: 'develop', picks: [null, null] } };
    const pick = (name: 'grow' | 'trap'): Development[] => [
      { kind: 'power', row: 1, name },
      { kind: 'points', column: '7' },
    ];
    expectHidden(play(start, 1, { type: 'develop', picks: pick('grow') }), play(start, 1, { type: 'develop', picks: pick('trap') }), 1);
  });

  it("hides a two-player declaration until both are in", () => {
    const start = rolled(
      readyToRoll([filled(sheetWith({ powers: { 3: ['block', 1] } })), filled(sheetWith({ powers: { 4: ['steal', 1] } }))]),
      [3, 4],
    );
    const a = play(start, 0, { type: 'declare', declarations: [use(0, { power: 'block', target: 1, boxes: [{ column: '7', box: 1 }] })] });
    const b = play(start, 0, { type: 'declare', declarations: [{ activation: 0, pass: true }] });
    expectHidden(a, b, 0);
    expect(warView(a, host).step).toEqual({ kind: 'declare', together: true, done: [0] });
  });

  it('hides pending Grow picks and pending gains', () => {
    const grown = declareBoth(
      rolled(readyToRoll([filled(sheetWith({ powers: { 1: ['grow', 2] } })), filled(sheetWith({}))]), [1, 6]),
      [use(0, { power: 'grow' })],
      [],
    );
    expect(warView(grown, host).step).toEqual({ kind: 'grow', owed: [2, 1], done: [] });
    const a = play(grown, 1, { type: 'develop', picks: [{ kind: 'points', column: '7' }] });
    const b = play(grown, 1, { type: 'develop', picks: [{ kind: 'points', column: '2/12' }] });
    expectHidden(a, b, 1);

    const gaining = rolled(readyToRoll([filled(sheetWith({})), filled(sheetWith({}))]), [3, 4]);
    expectHidden(play(gaining, 0, { type: 'gain', bend: 0, box: 1 }), play(gaining, 0, { type: 'gain', bend: 0, box: 2 }), 0);
  });

  it('shows every sheet, mark, trap and score to everyone', () => {
    const sheets = [
      sheetWith({ marks: [{ column: '7', box: 2, mark: { kind: 'block' } }], traps: [{ value: 30, owner: 1 }], withering: { '7': 3 } }),
      sheetWith({ powers: { 2: ['trap', 2] } }),
    ];
    const state = readyToRoll(sheets, { scores: [12, 20] });
    for (const viewer of [host, spectator, seat(0), seat(1)]) {
      const view = warView(state, viewer);
      expect(view.sheets).toEqual(sheets);
      expect(view.scores).toEqual([12, 20]);
    }
    expect(warView(state, spectator).you).toBeNull();
    expect(warView(state, seat(1)).you?.seat).toBe(1);
  });

  it('names whose turn it is when declaring in turn, and on which lap', () => {
    const state = rolled(
      readyToRoll([filled(sheetWith({ powers: { 1: ['bend', 1] } })), filled(sheetWith({})), filled(sheetWith({}))], { main: 2 }),
      [1, 1],
    );
    expect(warView(state, host).step).toEqual({ kind: 'declare', together: false, seat: 0, lap: 1 });
    const next = play(state, 0, { type: 'declare', declarations: [use(0, { power: 'bend' })] });
    expect(warView(next, host).step).toEqual({ kind: 'declare', together: false, seat: 0, lap: 2 });
    expect(warView(next, seat(2)).turn?.declared[0]).toEqual([{ activation: 0, effect: { power: 'bend' } }]);
  });

  it("is enough for the phone's helpers, which give the same answers on a view as on the state", () => {
    const state = declareBoth(
      rolled(
        readyToRoll([
          filled(sheetWith({ powers: { 2: ['bend', 3], 5: ['cancel', 2] } })),
          filled(sheetWith({ powers: { 5: ['trap', 1] }, traps: [{ value: 9, owner: 0 }] })),
        ]),
        [2, 5],
      ),
      [use(0, { power: 'bend' }), { activation: 1, pass: true }],
      [{ activation: 0, pass: true }],
    );
    const view = warView(state, seat(0));
    expect(legalBends(view, 0)).toEqual(legalBends(state, 0));
    expect(bestGainBox(view, 0, -2)).toEqual(bestGainBox(state, 0, -2));
    const before = rolled(readyToRoll(state.sheets), [2, 5]);
    expect(legalTargets(warView(before, seat(0)), 0, 1)).toEqual(legalTargets(before, 0, 1));
  });

  it('is built once per state: every viewer holds the very same sheets, rolls and step', () => {
    const start = warPnp.setup({ seats: 3, options: { hardDecisions: false }, dice: scriptedDice([2]) });
    const state = play(start, 0, { type: 'develop', picks: Array.from({ length: 5 }, () => ({ kind: 'points', column: '7' })) });
    const shared = warView(state, host);
    expect(warView(state, spectator)).toBe(shared);
    for (const n of [0, 1, 2]) {
      const view = warView(state, seat(n));
      expect(view.sheets).toBe(shared.sheets);
      expect(view.rolls).toBe(shared.rolls);
      expect(view.step).toBe(shared.step);
      expect(view.you?.seat).toBe(n);
    }
    expect(shared.you).toBeNull();
    const next = play(state, 1, { type: 'develop', picks: Array.from({ length: 5 }, () => ({ kind: 'points', column: '7' })) });
    expect(warView(next, host).step).toEqual({ kind: 'setup', done: [0, 1] });
    expect(warView(state, host)).toBe(shared);
    expect(shared.step).toEqual({ kind: 'setup', done: [0] });
  });

  it("keeps a seat's own part the very same object while nothing of it changes, though every move copies the state", () => {
    const start = warPnp.setup({ seats: 3, options: { hardDecisions: false }, dice: scriptedDice([2]) });
    const five: Development[] = Array.from({ length: 5 }, () => ({ kind: 'points', column: '7' }));
    const next = play(start, 0, { type: 'develop', picks: five });
    for (const n of [1, 2]) expect(warPnp.ownView(next, n)?.you).toBe(warPnp.ownView(start, n)?.you);
    expect(warPnp.ownView(next, 0)?.you).not.toBe(warPnp.ownView(start, 0)?.you);
    expect(warPnp.ownView(next, 0)?.you?.picks).toEqual(five);
    // Seat 2 moving on changes nothing of seat 0's own, and seat 0 keeps its pending picks.
    const after = play(next, 2, { type: 'develop', picks: five });
    expect(warPnp.ownView(after, 0)?.you).toBe(warPnp.ownView(next, 0)?.you);
    expect(warPnp.ownView(after, 2)?.you).not.toBe(warPnp.ownView(next, 2)?.you);
  });

  it("never hands one game a seat's own view made for another, even when they say the same", () => {
    const setup = () => warPnp.setup({ seats: 2, options: { hardDecisions: false }, dice: scriptedDice([1]) });
    const five: Development[] = Array.from({ length: 5 }, () => ({ kind: 'points', column: '7' }));
    const one = play(setup(), 0, { type: 'develop', picks: five });
    const other = play(setup(), 0, { type: 'develop', picks: five });
    for (const n of [0, 1]) {
      expect(warPnp.ownView(one, n)?.you).toEqual(warPnp.ownView(other, n)?.you);
      expect(warPnp.ownView(one, n)?.you).not.toBe(warPnp.ownView(other, n)?.you);
    }
  });

  it('is built from a deep-frozen state without changing it', () => {
    const state = declareBoth(
      rolled(readyToRoll([filled(sheetWith({ powers: { 1: ['grow', 2] } })), filled(sheetWith({}))]), [1, 6]),
      [use(0, { power: 'grow' })],
      [],
    );
    const frozen = deepFreeze(structuredClone(state));
    for (const viewer of [host, spectator, seat(0), seat(1)]) expect(warView(frozen, viewer)).toEqual(warView(state, viewer));
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyAction } from '../../core/define-game.js';
import { noDice, scriptedDice, type Dice } from '../../core/dice.js';
import type { Viewer } from '../../core/viewer.js';
import { bestGrouping, game, junkScore, junkUsed, ROUNDS, totalOf, type WfgtsAction, type WfgtsState } from './index.js';
import { positions, randomGame } from './test-support/random-play.js';
import type { SeatView } from './view.js';

// The public view as the core hands it out: built once per state.
const publicView = game.publicView;

const play = (state: WfgtsState, seat: number, action: WfgtsAction, dice: Dice = noDice): WfgtsState => {
  const result = applyAction(game, state, seat, action, { dice });
  if (!result.ok) throw new Error(result.error.code);
  return result.state;
};
const carry = (...dice: number[]): WfgtsAction => ({ type: 'carry', dice });
const host: Viewer = { role: 'host' };
const spectator: Viewer = { role: 'spectator' };
const seatViewer = (seat: number): Viewer => ({ role: 'seat', seat });
const seatView = (state: WfgtsState, seat: number) => game.view(state, seatViewer(seat)) as SeatView;

const viewersOf = (seats: number): Viewer[] => [host, spectator, ...Array.from({ length: seats }, (_, s) => seatViewer(s))];

const A = [1, 2, 3, 4, 5, 6, 7];
const B = [4, 6, 8, 10, 10, 12, 20];
const C = [2, 2, 2, 9, 9, 9, 1];

/** Two seats at the score step of round 1: seat 0 kept 1-2-3 from line a, seat 1 kept nothing. */
function atScore(...later: number[][]) {
  const dice = scriptedDice([A, B, C, ...later].flat());
  let state = game.setup({ seats: 2, options: {}, dice });
  state = play(state, 0, carry(0, 1, 2));
  state = play(state, 1, carry(), dice);
  state = play(state, 0, carry(0, 1, 2));
  state = play(state, 1, carry(), dice);
  return { dice, state };
}

describe('every view', () => {
  it('names the current round, line and step', () => {
    const { state } = atScore();
    for (const viewer of viewersOf(2)) {
      expect(game.view(state, viewer)).toMatchObject({ round: 1, line: 'c', step: 'score' });
    }
  });

  it('is the same for the host screen and spectators', () => {
    const { state } = atScore();
    expect(game.view(state, host)).toEqual(game.view(state, spectator));
    expect(game.view(state, host)).toEqual(publicView(state));
  });

  it('carries the shared rolls of the current round', () => {
    const { state } = atScore();
    expect(publicView(state).rolls).toEqual([A, B, C]);
    expect(seatView(state, 1).rolls).toEqual([A, B, C]);
  });

  it('gives a seat number outside the game only the public view', () => {
    const { state } = atScore();
    expect(game.view(state, seatViewer(7))).toEqual(publicView(state));
  });

});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The views spelled out the long way, copying every array, as they were built
 * before views shared their parts: the wire must not tell the two apart.
 */
function referenceView(state: WfgtsState, viewer: Viewer): unknown {
  const copyScore = (score: NonNullable<WfgtsState['sheets'][number]['rounds'][number]['score']>) => ({
    ...score,
    groups: score.groups.map((g) => ({ ...g, dice: [...g.dice] })),
  });
  const seats = state.sheets.map((sheet, seat) => {
    const current = sheet.rounds.at(-1)!;
    const ended = state.step === 'over' ? sheet.rounds.length : sheet.rounds.length - 1;
    return {
      seat,
      chosen: state.step === 'carry' ? sheet.pendingCarry !== null : current.score !== null,
      total: totalOf(sheet),
      roundScores: Array.from({ length: ROUNDS }, (_, i) => sheet.rounds[i]?.score?.score ?? null),
      junkUsed: junkUsed(sheet),
      finished: sheet.rounds.slice(0, ended).flatMap((r, i) => {
        if (r.score === null) return [];
        const { choice, score, groups } = copyScore(r.score);
        return [{ round: i + 1, lineC: [...(r.lines[2] ?? [])], choice, score, groups }];
      }),
    };
  });
  const shared = {
    kind: 'public',
    round: state.round,
    line: state.line,
    step: state.step,
    rolls: (state.rolls[state.round - 1] ?? []).map((roll) => [...roll]),
    seats,
  };
  const sheet = viewer.role === 'seat' ? state.sheets[viewer.seat] : undefined;
  if (viewer.role !== 'seat' || sheet === undefined) return shared;
  const current = sheet.rounds.at(-1)!;
  const lineC = state.step === 'score' && current.score === null ? current.lines[2] : undefined;
  return {
    ...shared,
    kind: 'seat',
    me: {
      seat: viewer.seat,
      rounds: sheet.rounds.map((r, i) => ({
        round: i + 1,
        lines: r.lines.map((l) => [...l]),
        carries: r.carries.map((c) => [...c]),
        score: r.score === null ? null : copyScore(r.score),
      })),
      pendingCarry: sheet.pendingCarry === null ? null : [...sheet.pendingCarry],
      junkUsed: junkUsed(sheet),
      total: totalOf(sheet),
      scoring: lineC === undefined ? null : { best: bestGrouping(lineC), junk: junkUsed(sheet) ? null : junkScore(lineC) },
    },
  };
}

describe('views of one state', () => {
  it('send exactly the JSON of views that copy every array, for every viewer of every position', () => {
    fc.assert(
      fc.property(randomGame(6, 120), (g) => {
        for (const state of positions(g)) {
          for (const viewer of [...viewersOf(g.seats), seatViewer(g.seats)]) {
            expect(JSON.stringify(game.view(state, viewer))).toBe(JSON.stringify(referenceView(state, viewer)));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('share one public part: the host view is it, and every seat view holds its very rolls and seats', () => {
    const { state } = atScore();
    const shared = publicView(state);
    expect(game.view(state, host)).toBe(shared);
    expect(game.view(state, spectator)).toBe(shared);
    const [zero, one] = [seatView(state, 0), seatView(state, 1)];
    expect(zero.seats).toBe(shared.seats);
    expect(one.seats).toBe(shared.seats);
    expect(zero.rolls).toBe(shared.rolls);
    expect(one.rolls).toBe(shared.rolls);
    expect(zero.me).not.toBe(one.me);
  });

  it('are built from a deep-frozen state, which nothing then tries to change', () => {
    fc.assert(
      fc.property(randomGame(4, 80), (g) => {
        for (const state of positions(g)) {
          const frozen = deepFreeze(structuredClone(state));
          for (const viewer of viewersOf(g.seats)) {
            expect(JSON.stringify(game.view(frozen, viewer))).toBe(JSON.stringify(game.view(state, viewer)));
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it('are built afresh for the next state, while the last state keeps its own', () => {
    const start = game.setup({ seats: 2, options: {}, dice: scriptedDice(A) });
    const before = publicView(start);
    const next = play(start, 1, carry(4, 5));
    const after = publicView(next);
    expect(after).not.toBe(before);
    expect(after.seats.map((s) => s.chosen)).toEqual([false, true]);
    expect(publicView(start)).toBe(before);
    expect(before.seats.map((s) => s.chosen)).toEqual([false, false]);
    expect(seatView(next, 1).me.pendingCarry).toEqual([4, 5]);
    expect(seatView(start, 1).me.pendingCarry).toBeNull();
  });

  it("keep a seat's very sheet view while its sheet and the step stay the same, so a server can tell it did not change", () => {
    const start = game.setup({ seats: 2, options: {}, dice: scriptedDice(A) });
    const next = play(start, 1, carry(4, 5));
    expect(seatView(next, 0).me).toBe(seatView(start, 0).me);
    expect(seatView(next, 1).me).not.toBe(seatView(start, 1).me);
    const { state: scoring } = atScore();
    const scored = play(scoring, 0, { type: 'score', choice: 'best' });
    expect(seatView(scored, 1).me).toBe(seatView(scoring, 1).me);
    expect(seatView(scored, 1).me.scoring).not.toBeNull();
  });
});

describe("a seat's own view", () => {
  it('shows its whole sheet: lines, carries, pending carry, total and junk', () => {
    const dice = scriptedDice([A, B].flat());
    let state = game.setup({ seats: 2, options: {}, dice });
    state = play(state, 0, carry(0, 1, 2));
    state = play(state, 1, carry(), dice);
    state = play(state, 0, carry(6, 0));
    expect(seatView(state, 0).me).toEqual({
      seat: 0,
      rounds: [{ round: 1, lines: [A, [1, 2, 3, 10, 10, 12, 20]], carries: [[0, 1, 2]], score: null }],
      pendingCarry: [0, 6],
      junkUsed: false,
      total: 0,
      scoring: null,
    });
    expect(seatView(state, 1).me.pendingCarry).toBeNull();
  });

  it('offers both figures at line c: the best grouping and the junk sum', () => {
    const { state } = atScore();
    // Seat 0 kept 1 2 3 and drew 9 9 9 1: the d20's 1 makes the better run.
    expect(seatView(state, 0).me.scoring).toEqual({
      best: {
        score: 107,
        groups: [
          { kind: 'run', dice: [6, 1, 2], score: 42 },
          { kind: 'set', dice: [3, 4, 5], score: 65 },
        ],
      },
      junk: 34,
    });
    expect(seatView(state, 1).me.scoring?.best.score).toBe(30 + 65);
  });

  it('offers no junk figure once junk is spent, and nothing once scored', () => {
    const { dice, state } = atScore(A, A, A);
    let s = play(state, 0, { type: 'score', choice: 'junk' });
    expect(seatView(s, 0).me.scoring).toBeNull();
    expect(seatView(s, 0).me.junkUsed).toBe(true);
    s = play(s, 1, { type: 'score', choice: 'best' }, dice);
    s = play(play(s, 0, carry(), noDice), 1, carry(), dice);
    s = play(play(s, 0, carry(), noDice), 1, carry(), dice);
    // Round 2 is 1 to 7 on every line: one run of all seven dice.
    expect(seatView(s, 0).me.scoring).toEqual({ best: expect.objectContaining({ score: 28 * 7 }), junk: null });
    expect(seatView(s, 1).me.scoring?.junk).toBe(28);
  });
});

describe('the public view', () => {
  it('shows who has locked in a carry, never what', () => {
    const state = play(game.setup({ seats: 3, options: {}, dice: scriptedDice(A) }), 1, carry(4, 5));
    const view = publicView(state);
    expect(view.seats.map((s) => s.chosen)).toEqual([false, true, false]);
    expect(JSON.stringify(view)).not.toContain('[4,5]');
    expect(JSON.stringify(seatView(state, 0))).not.toContain('[4,5]');
  });

  it("shows a seat's round score once it has scored, and its line c and groups once the round is over", () => {
    const { dice, state } = atScore(B);
    const one = play(state, 1, { type: 'score', choice: 'best' });
    const seat1 = publicView(one).seats[1]!;
    expect([seat1.chosen, seat1.total, seat1.roundScores]).toEqual([true, 95, [95, null, null, null, null, null]]);
    expect(seat1.finished).toEqual([]);
    expect(publicView(one).seats[0]!.roundScores[0]).toBeNull();

    const both = play(one, 0, { type: 'score', choice: 'junk' }, dice);
    const seats = publicView(both).seats;
    expect(seats[0]!.finished).toEqual([{ round: 1, lineC: [1, 2, 3, 9, 9, 9, 1], choice: 'junk', score: 34, groups: [] }]);
    expect(seats[0]!.junkUsed).toBe(true);
    expect(seats[1]!.finished).toEqual([
      {
        round: 1,
        lineC: C,
        choice: 'best',
        score: 95,
        groups: [
          { kind: 'set', dice: [0, 1, 2], score: 30 },
          { kind: 'set', dice: [3, 4, 5], score: 65 },
        ],
      },
    ]);
    expect(publicView(both).seats.map((s) => s.total)).toEqual([34, 95]);
    expect(publicView(both).rolls).toEqual([B]);
  });

  it("holds every seat's totals and never a sheet", () => {
    const { state } = atScore();
    const view = publicView(state);
    expect(view.seats.map((s) => s.total)).toEqual([0, 0]);
    expect(view).not.toHaveProperty('me');
    expect(JSON.stringify(view)).not.toContain('pendingCarry');
  });
});

describe('hidden carries', () => {
  // A pending carry stays hidden if swapping it for any other pick changes no
  // view but its owner's: then nothing in those views can depend on it.
  it("no viewer's view depends on another seat's pending carry", () => {
    fc.assert(
      fc.property(randomGame(4, 60), fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }), (g, other) => {
        const swapped = [...new Set(other)].sort((a, b) => a - b);
        for (const state of positions(g)) {
          state.sheets.forEach((sheet, owner) => {
            if (sheet.pendingCarry === null) return;
            const twin: WfgtsState = {
              ...state,
              sheets: state.sheets.map((s, i) => (i === owner ? { ...s, pendingCarry: swapped } : s)),
            };
            for (const viewer of viewersOf(g.seats)) {
              if (viewer.role === 'seat' && viewer.seat === owner) continue;
              expect(game.view(twin, viewer)).toEqual(game.view(state, viewer));
            }
          });
        }
      }),
      { numRuns: 80 },
    );
  });

  it('shows a seat its own pending carry', () => {
    const state = play(game.setup({ seats: 2, options: {}, dice: scriptedDice(A) }), 1, carry(3));
    expect(seatView(state, 1).me.pendingCarry).toEqual([3]);
    expect(seatView(state, 0).me.pendingCarry).toBeNull();
  });
});

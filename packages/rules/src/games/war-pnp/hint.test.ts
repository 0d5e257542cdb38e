import { describe, expect, it } from 'vitest';
import { applyAction, type GameDefinition } from '../../core/define-game.js';
import { generatorDice } from '../../core/dice.js';
import { type GeneratorState, nextUint32, seedGenerator } from '../../core/generator.js';
import { hints } from '../index.js';
import { warPnpBot } from './bot.js';
import { ownSight, warPnpHint } from './hint.js';
import { warPnp } from './index.js';
import { type Chooser, randomAction } from './random-player.js';
import type { WarState } from './state.js';
import { pass, play, readyToRoll, roll, sheetWith, use } from './test-support/scenario.js';

const game = warPnp as unknown as GameDefinition<unknown, WarState, unknown, unknown>;

/** A small seeded generator for the sampling (Park–Miller), the same numbers each time it is made. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

function chooser(seed: number): Chooser {
  let state: GeneratorState = seedGenerator(new Uint8Array(new Uint32Array([seed, 7, 7, 7]).buffer));
  return {
    below(n) {
      const [x, next] = nextUint32(state);
      state = next;
      return x % n;
    },
  };
}

/** The state with every other seat's pending choice swapped for a different one. */
function otherPendings(state: WarState, keep: number): WarState {
  const copy = JSON.parse(JSON.stringify(state)) as WarState;
  const step = copy.step;
  const swap = <T>(slots: (T | null)[], other: T): void => {
    slots.forEach((_, seat) => {
      if (seat !== keep) slots[seat] = other;
    });
  };
  if (step.kind === 'setup' || step.kind === 'develop' || step.kind === 'grow') swap(step.picks, []);
  if (step.kind === 'declare' && step.together) swap(step.pending, [{ activation: 0, pass: true }]);
  if (step.kind === 'gain') swap(step.choices, { bend: 0, column: '7', box: 1, points: 99 });
  return copy;
}

describe("the Powers 'n Points hint", () => {
  it('is the bot’s move, a legal one, the same whatever the other seats chose in secret, and none for a roll', () => {
    const steps = new Set<string>();
    for (const [seats, seed] of [
      [2, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ] as const) {
      const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(seed)));
      const rand = chooser(seed);
      let state = game.setup({ seats, options: { hardDecisions: true }, dice });
      for (let i = 0; i < 150 && game.outcome(state) === null; i++) {
        const awaited = game.awaiting(state);
        for (const { seat } of awaited) {
          const hint = warPnpHint(state, seat, lcg(seat + 1));
          if (state.step.kind === 'roll') {
            expect(hint).toBeNull();
            continue;
          }
          steps.add(state.step.kind);
          expect(hint?.action).toEqual(warPnpBot(state, seat, lcg(seat + 1)));
          expect(warPnpHint(otherPendings(state, seat), seat, lcg(seat + 1))).toEqual(hint);
          // Legal: the game takes it (on a copy; the dice are not drawn from for a choice).
          const taken = applyAction(game, JSON.parse(JSON.stringify(state)) as WarState, seat, hint?.action, { dice: generatorDice(seedGenerator(new Uint8Array(16))) });
          expect(taken.ok, `${JSON.stringify(hint?.action)} at ${state.step.kind}`).toBe(true);
        }
        // The game goes on by random legal moves, so the hints meet sheets a bot would not build.
        const { seat } = awaited[rand.below(awaited.length)]!;
        const result = applyAction(game, state, seat, randomAction(rand, state, seat), { dice });
        if (!result.ok) throw new Error(result.error.code);
        state = result.state;
      }
    }
    expect([...steps].sort()).toEqual(expect.arrayContaining(['declare', 'develop', 'gain', 'grow', 'setup']));
  }, 60_000);

  it('does not change with the opponent’s hidden declarations, and never carries them', () => {
    const sheets = [
      sheetWith({ powers: { 3: ['block', 2], 4: ['powerup', 1] }, points: { '7': 2, '6/8': 1 } }),
      sheetWith({ powers: { 3: ['cancel', 3], 4: ['block', 2] }, points: { '7': 3 } }),
    ];
    const rolled = roll(readyToRoll(sheets, { scores: [10, 20] }), [3, 4]);
    expect(rolled.step).toMatchObject({ kind: 'declare', together: true });
    const hidden = [
      [pass(0), pass(1)],
      [use(0, { power: 'cancel', mode: 'stop', target: { seat: 0, row: 3 } }), use(1, { power: 'block', target: 0, boxes: [{ column: '7', box: 2 }] })],
    ];
    const seen = hidden.map((declarations) => {
      const state = play(rolled, 1, { type: 'declare', declarations });
      const hint = hints['war-pnp']!(state, 0, lcg(9));
      expect(JSON.stringify(hint)).not.toContain('cancel');
      return hint;
    });
    expect(seen[0]).toEqual(seen[1]);
    // Blocks Bo (the leader) where he gains this round, and PowerUps Ann's own box the roll pays.
    expect(seen[0]).toEqual({
      game: 'war-pnp',
      action: {
        type: 'declare',
        declarations: [
          use(0, { power: 'block', target: 1, boxes: [{ column: '7', box: 3 }] }),
          use(1, { power: 'powerup', box: { column: '7', box: 2 } }),
        ],
      },
      perRoll: null,
      points: null,
    });
    // What the bot reads has only Ann's own slot of the step.
    const state = play(rolled, 1, { type: 'declare', declarations: hidden[1]! });
    expect(ownSight(state, 0).step).toEqual({ kind: 'declare', together: true, pending: [null, null] });
    expect(state.step).toMatchObject({ pending: [null, hidden[1]] });
  });

  it('gives its reason: what a development adds a roll on average, and what a gain scores', () => {
    // Ann's columns other than 7 are full or near it, so 7 box 2 is the Points box worth most a roll.
    const full = { '2/12': 6, '3/11': 6, '4/10': 6, '5/9': 6, '6/8': 5 } as const;
    const sheets = [sheetWith({ powers: { 1: ['powerup', 1] }, points: { ...full, '7': 1 } }), sheetWith({ points: { '7': 1 } })];
    const state = readyToRoll(sheets);
    state.step = { kind: 'develop', picks: [null, null] };
    const develop = warPnpHint(state, 0, lcg(3));
    // 7 box 2 (8 points over box 1's 4) comes up on 6 rolls of 36; 6/8 box 6 adds 2 on 10 rolls of 36.
    expect(develop).toEqual({
      action: { type: 'develop', picks: [{ kind: 'power', row: 1 }, { kind: 'points', column: '7' }] },
      perRoll: (6 / 36) * 4,
      points: null,
    });

    // No power fires; the dice add up to 7, and of Ann's 7 boxes box 2 pays most: 8.
    const twoBoxes = [sheetWith({ points: { '7': 2 } }), sheetWith({ points: { '7': 2 } })];
    const gaining = roll(readyToRoll(twoBoxes), [3, 4]);
    expect(gaining.step.kind).toBe('gain');
    expect(warPnpHint(gaining, 0, lcg(3))).toEqual({ action: { type: 'gain', bend: 0, box: 2 }, perRoll: null, points: 8 });
  });
});

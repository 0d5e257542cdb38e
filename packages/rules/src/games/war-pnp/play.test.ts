import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, type GameDefinition } from '../../core/define-game.js';
import { generatorDice } from '../../core/dice.js';
import { type GeneratorState, nextUint32, seedGenerator } from '../../core/generator.js';
import type { Viewer } from '../../core/viewer.js';
import { warPnp } from './index.js';
import { type Chooser, randomAction } from './random-player.js';
import type { WarState } from './state.js';
import { warOwnView } from './view.js';

const warView = warPnp.view;

const game = warPnp as unknown as GameDefinition<unknown, WarState, unknown, unknown>;

/** A chooser from the project's own generator, so a failing run replays from its seed. */
function chooser(seed: Uint8Array): Chooser {
  let state: GeneratorState = seedGenerator(seed);
  return {
    below(n) {
      const [x, next] = nextUint32(state);
      state = next;
      return x % n;
    },
  };
}

/** The state with every pending choice of seats other than `keep` swapped for a different one. */
function otherPendings(state: WarState, keep: number | null): WarState {
  const copy = JSON.parse(JSON.stringify(state)) as WarState;
  const step = copy.step;
  const swap = <T>(slots: (T | null)[], other: T): void => {
    slots.forEach((s, seat) => {
      if (s !== null && seat !== keep) slots[seat] = other;
    });
  };
  if (step.kind === 'setup' || step.kind === 'develop' || step.kind === 'grow') swap(step.picks, []);
  if (step.kind === 'declare' && step.together) swap(step.pending, []);
  if (step.kind === 'gain') swap(step.choices, { bend: 0, column: '7', box: null, points: -1 });
  return copy;
}

const seedBytes = fc.uint8Array({ minLength: 16, maxLength: 16 });

describe('random legal play', () => {
  it('always ends with "Hard decisions", never leaves a score below 0, and every offered move is accepted', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), seedBytes, seedBytes, (seats, diceSeed, choiceSeed) => {
        const dice = generatorDice(seedGenerator(diceSeed));
        const rand = chooser(choiceSeed);
        let state = game.setup({ seats, options: { hardDecisions: true }, dice });
        let actions = 0;
        while (game.outcome(state) === null) {
          const awaited = game.awaiting(state);
          expect(awaited.length).toBeGreaterThan(0);
          const { seat, fallback } = awaited[rand.below(awaited.length)]!;
          const action = rand.below(8) === 0 ? fallback : randomAction(rand, state, seat);
          seen.add(state.step.kind);
          const result = applyAction(game, state, seat, action, { dice });
          if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.code}`);
          state = result.state;
          expect(Math.min(...state.scores)).toBeGreaterThanOrEqual(0);
          actions += 1;
          // 20 rounds plus a few tie-breaking ones, at a few dozen actions a round.
          expect(actions).toBeLessThan(6000);
        }
        const outcome = game.outcome(state);
        const top = Math.max(...state.scores);
        expect(outcome?.winners).toHaveLength(1);
        expect(state.scores[outcome?.winners[0] ?? -1]).toBe(top);
        expect(top >= 100 || state.round >= 20).toBe(true);
      }),
      // A fixed seed keeps the check below (that every step was reached) from depending on luck.
      { numRuns: 25, seed: 8 },
    );
    expect([...seen].sort()).toEqual(['declare', 'develop', 'gain', 'grow', 'roll', 'setup', 'traps']);
  }, 60_000);

  it("never lets a view depend on another seat's pending choice, and keeps a seat's own view only while it is right", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), seedBytes, seedBytes, (seats, diceSeed, choiceSeed) => {
        const dice = generatorDice(seedGenerator(diceSeed));
        const rand = chooser(choiceSeed);
        let state = game.setup({ seats, options: { hardDecisions: true }, dice });
        for (let i = 0; i < 80 && game.outcome(state) === null; i++) {
          const viewers: Viewer[] = [
            { role: 'host' },
            { role: 'spectator' },
            ...Array.from({ length: seats }, (_, s): Viewer => ({ role: 'seat', seat: s })),
          ];
          for (const viewer of viewers) {
            const keep = viewer.role === 'seat' ? viewer.seat : null;
            expect(warView(otherPendings(state, keep), viewer)).toEqual(warView(state, viewer));
          }
          // An own view kept from an earlier state (its inputs unchanged) says what one built afresh says.
          for (let s = 0; s < seats; s++) expect(warPnp.ownView(state, s)).toEqual(warOwnView(state, s));
          const awaited = game.awaiting(state);
          const { seat } = awaited[rand.below(awaited.length)]!;
          const result = applyAction(game, state, seat, randomAction(rand, state, seat), { dice });
          if (!result.ok) throw new Error(result.error.code);
          state = result.state;
        }
      }),
      { numRuns: 10 },
    );
  }, 60_000);
});

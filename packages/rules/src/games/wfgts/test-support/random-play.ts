/**
 * Random games for the property tests: a seed and a list of moves, played
 * through the one entry point so every position they reach is a real one.
 */
import fc from 'fast-check';
import { applyAction } from '../../../core/define-game.js';
import { generatorDice } from '../../../core/dice.js';
import { seedGenerator, SEED_BYTES } from '../../../core/generator.js';
import { game, type WfgtsAction, type WfgtsState } from '../index.js';

/** One random move: who acts and what they would pick at either step. */
export interface RandomMove {
  seat: number;
  /** Which columns to carry, as bits. */
  carryMask: number;
  junk: boolean;
}

/** A random game: seat count, 128-bit seed and moves. */
export interface RandomGame {
  seats: number;
  seed: Uint8Array;
  moves: RandomMove[];
}

/** Random games of 1 to `maxSeats` seats, long enough to reach the end sometimes. */
export const randomGame = (maxSeats = 4, maxMoves = 160): fc.Arbitrary<RandomGame> =>
  fc.record({
    seats: fc.integer({ min: 1, max: maxSeats }),
    seed: fc.uint8Array({ minLength: SEED_BYTES, maxLength: SEED_BYTES }),
    moves: fc.array(
      fc.record({ seat: fc.nat(), carryMask: fc.integer({ min: 0, max: 127 }), junk: fc.boolean() }),
      { maxLength: maxMoves },
    ),
  });

/** The action a move stands for at the state's current step. */
export function actionFor(state: WfgtsState, move: RandomMove): WfgtsAction {
  if (state.step === 'carry') {
    return { type: 'carry', dice: [0, 1, 2, 3, 4, 5, 6].filter((c) => (move.carryMask & (1 << c)) !== 0) };
  }
  return { type: 'score', choice: move.junk ? 'junk' : 'best' };
}

/** Every position the game passes through, the start first; refused moves are skipped. */
export function positions({ seats, seed, moves }: RandomGame): WfgtsState[] {
  const dice = generatorDice(seedGenerator(seed));
  const states = [game.setup({ seats, options: {}, dice })];
  for (const move of moves) {
    const state = states.at(-1)!;
    if (state.step === 'over') break;
    const result = applyAction(game, state, move.seat % seats, actionFor(state, move), { dice });
    if (result.ok) states.push(result.state);
  }
  return states;
}

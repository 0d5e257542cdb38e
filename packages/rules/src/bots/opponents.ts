/**
 * Players to measure the bots against, and a loop that plays a game out.
 * For the strength scripts and the property tests; not part of the package's
 * exports.
 *
 * - random-legal: any legal move, each equally likely among the kinds of
 *   move open (roll or stop, which dice, which box); each game's
 *   `randomPlayer`, in its `parts.ts`.
 * - greedy: takes the best score for the dice in hand and never looks
 *   ahead; each game's `greedy`, the player its easy bot is built on.
 */
import type { Bot } from '../core/bot.js';
import { applyAction, type AnyGame, type Outcome } from '../core/define-game.js';
import { generatorDice } from '../core/dice.js';
import type { GeneratorState } from '../core/generator.js';
import { games } from '../games/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table for games of every type
type AnyBot = Bot<any, any>;

/** The kinds of player a bot is measured against. */
export type OpponentKind = 'random' | 'greedy';

/** Every opponent kind for every game. */
export const opponents: Record<string, Record<OpponentKind, AnyBot>> = Object.fromEntries(
  Object.values(games).map((game) => [game.id, { random: game.randomPlayer, greedy: game.greedy }]),
);

/** A game played out: how it ended, and every state it passed through if asked. */
export interface PlayedGame {
  outcome: Outcome;
  moves: number;
}

/**
 * Play a game to its end: the seats the game awaits move one at a time, each
 * by its own player. Throws if a player's move is refused or the game runs
 * past `maxMoves` (both are bugs the tests look for). `onState` sees every
 * state before it is moved from.
 */
export function playGame(
  game: AnyGame,
  seats: readonly AnyBot[],
  options: unknown,
  generator: GeneratorState,
  random: () => number,
  { maxMoves = 100_000, onState }: { maxMoves?: number; onState?: (state: unknown, seat: number) => void } = {},
): PlayedGame {
  const dice = generatorDice(generator);
  let state = game.setup({ seats: seats.length, options: game.options.parse(options), dice });
  for (let moves = 0; moves < maxMoves; moves++) {
    const outcome = game.outcome(state);
    if (outcome !== null) return { outcome, moves };
    const seat = game.awaiting(state)[0]?.seat;
    if (seat === undefined) throw new Error(`${game.id}: nobody to move in a game that is not over`);
    onState?.(state, seat);
    const action = seats[seat]!(state, seat, random);
    const result = applyAction(game, state, seat, action, { dice });
    if (!result.ok) {
      throw new Error(`${game.id}: seat ${seat}'s move ${JSON.stringify(action)} was refused: ${result.error.code}`);
    }
    state = result.state;
  }
  throw new Error(`${game.id}: no end after ${maxMoves} moves`);
}

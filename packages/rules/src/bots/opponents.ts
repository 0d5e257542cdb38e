/**
 * Players to measure the bots against, and a loop that plays a game out.
 * For the strength scripts and the property tests; not part of the package's
 * exports.
 *
 * - random-legal: any legal move, each equally likely among the kinds of
 *   move open (roll or stop, which dice, which box).
 * - greedy: takes the best score for the dice in hand and never looks
 *   ahead (`greedyPlayers` in `games/bot-strengths.ts`, where the easy bot
 *   is built on it).
 */
import type { Bot } from '../core/bot.js';
import { applyAction, type AnyGame, type Outcome } from '../core/define-game.js';
import { generatorDice } from '../core/dice.js';
import type { GeneratorState } from '../core/generator.js';
import { greedyPlayers, pairsChoices } from '../games/bot-strengths.js';
import type { MeetFateState } from '../games/meet-fate/index.js';
import { openBoxes } from '../games/meet-fate/state.js';
import type { PairsState } from '../games/pairs-and-wagers/index.js';
import { DICE as TEN_PHASE_DICE, type TenPhasesState } from '../games/ten-phases/index.js';
import { randomAction } from '../games/war-pnp/random-player.js';
import type { WarState } from '../games/war-pnp/state.js';
import { DICE as WFGTS_DICE, type WfgtsState } from '../games/wfgts/index.js';
import { junkUsed } from '../games/wfgts/state.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table for games of every type
type AnyBot = Bot<any, any>;

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('picked from an empty list');
  return item;
};
/** A random subset of 0..count-1, never all of them (something must be rolled). */
const someOf = (random: () => number, count: number): number[] => {
  for (;;) {
    const chosen = Array.from({ length: count }, (_, i) => i).filter(() => random() < 0.5);
    if (chosen.length < count) return chosen;
  }
};

const randomMeetFate: Bot<MeetFateState, unknown> = (state, seat, random) => {
  const { rolls } = state.turn;
  const open = openBoxes(state.sheets[seat]!);
  if (rolls === 0) return { type: 'roll', hold: [] };
  if (rolls === 3 || random() < 0.5) return { type: 'fill', box: pick(random, open) };
  return { type: 'roll', hold: someOf(random, 6) };
};

const randomTenPhases: Bot<TenPhasesState, unknown> = (state, _seat, random) => {
  if (state.turn?.faces === null) return { type: 'roll', keep: [] };
  return random() < 1 / 3 ? { type: 'stop' } : { type: 'roll', keep: someOf(random, TEN_PHASE_DICE.length) };
};

const randomPairs: Bot<PairsState, unknown> = (state, _seat, random) => pick(random, pairsChoices(state));

const randomWfgts: Bot<WfgtsState, unknown> = (state, seat, random) => {
  if (state.step === 'carry') {
    return { type: 'carry', dice: WFGTS_DICE.map((d) => d.column).filter(() => random() < 0.5) };
  }
  const junk = !junkUsed(state.sheets[seat]!) && random() < 0.5;
  return { type: 'score', choice: junk ? 'junk' : 'best' };
};

const randomWar: Bot<WarState, unknown> = (state, seat, random) =>
  randomAction({ below: (n) => Math.floor(random() * n) }, state, seat);

/** The kinds of player a bot is measured against. */
export type OpponentKind = 'random' | 'greedy';

const randomPlayers: Record<string, AnyBot> = {
  'meet-fate': randomMeetFate,
  'ten-phases': randomTenPhases,
  'pairs-and-wagers': randomPairs,
  wfgts: randomWfgts,
  'war-pnp': randomWar,
};

/** Every opponent kind for every game. */
export const opponents: Record<string, Record<OpponentKind, AnyBot>> = Object.fromEntries(
  Object.entries(randomPlayers).map(([id, random]) => [id, { random, greedy: greedyPlayers[id]! }]),
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

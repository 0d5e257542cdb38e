/**
 * Every game the product hosts. A game is its folder: `catalogue.ts` (what
 * screens know of it, with no engine), its rules, its bot, `parts.ts` (its
 * bots at every strength, hint and random player), and `index.ts`, where
 * its rules and parts make one game object. Adding a game is its folder, its
 * import here and its name in the exports and in `hosted`, and the same for
 * its catalogue part in `../catalogue.ts` (which screens load without any
 * engine); the registry tests fail while either list misses a folder. See
 * docs/adding-a-game.md.
 */
import type { Bot } from '../core/bot.js';
import type { HostedGame } from '../core/host-game.js';
import * as meetFate from './meet-fate/index.js';
import * as pairsAndWagers from './pairs-and-wagers/index.js';
import * as tenPhases from './ten-phases/index.js';
import * as warPnp from './war-pnp/index.js';
import * as wfgts from './wfgts/index.js';

/** Each game's module: its game object, scoring helpers for previews, and view types. */
export { meetFate, pairsAndWagers, tenPhases, warPnp, wfgts };

/** Every game, in the order a lobby lists them. */
const hosted = [wfgts.game, tenPhases.tenPhases, meetFate.meetFate, pairsAndWagers.pairsAndWagers, warPnp.warPnp];

/**
 * A suggestion for a seat's own next move: the move its bot would make, with
 * what the game's advice adds (the chance to make a phase, each wager's
 * worth). Only for the seat itself, and only from what that seat may see.
 */
export type Hint = NonNullable<ReturnType<(typeof hosted)[number]['hint']>>;

/** A game's hint for a seat the game awaits, or null when there is nothing to choose; `random` feeds the sampling bots. */
export type HintFor = (state: unknown, seat: number, random: () => number) => Hint | null;

/** Any game with everything the product hangs off it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- games differ in every type parameter
export type AnyHostedGame = HostedGame<any, any, any, any, Hint>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table for games of every type
type AnyBot = Bot<any, any>;

/** Every game the product hosts, by id, each with its bots and hint. */
export const games: Record<string, AnyHostedGame> = Object.fromEntries(hosted.map((game) => [game.id, game]));

/** One part of every game, by id. */
const byId = <T>(part: (game: AnyHostedGame) => T): Record<string, T> =>
  Object.fromEntries(Object.values(games).map((game) => [game.id, part(game)]));

/**
 * A bot for every game, by id: `bots[id](state, seat, random)` is the action
 * that seat's bot takes now. Legal whenever the game awaits that seat. The
 * strong bot of `botsByStrength`.
 */
export const bots: Record<string, AnyBot> = byId((game) => game.bots.strong);

/**
 * Every game's bot at three strengths: `botsByStrength[id][strength](state,
 * seat, random)`. Strong is the game's own bot; easy plays as a beginner
 * does, the greedy move with now and then a slip; fair plays the strong
 * move about half the time and the greedy one otherwise.
 */
export const botsByStrength = byId((game) => game.bots);

/** Each game's greedy player: the best score for the dice in hand, no look-ahead. */
export const greedyPlayers: Record<string, AnyBot> = byId((game) => game.greedy);

/**
 * Every game's hint, by id. In Powers 'n Points the seats choose at once and
 * in secret, so its hint is worked out from the game with the other seats'
 * pending choices taken out (`ownSight`).
 */
export const hints: Record<string, HintFor> = byId((game) => game.hint);

/** The game with this id, if we host it. */
export function findGame(id: string): AnyHostedGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

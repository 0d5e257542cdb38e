import type { Bot } from '../core/bot.js';
import type { AnyGame } from '../core/define-game.js';
import { meetFateBot } from './meet-fate/bot.js';
import { pairsBot } from './pairs-and-wagers/bot.js';
import { tenPhasesBot } from './ten-phases/bot.js';
import { warPnpBot } from './war-pnp/bot.js';
import { wfgtsBot } from './wfgts/bot.js';
import * as meetFate from './meet-fate/index.js';
import * as pairsAndWagers from './pairs-and-wagers/index.js';
import * as tenPhases from './ten-phases/index.js';
import * as warPnp from './war-pnp/index.js';
import * as wfgts from './wfgts/index.js';

/** Each game's module: its game object, scoring helpers for previews, and view types. */
export { meetFate, pairsAndWagers, tenPhases, warPnp, wfgts };

/** Every game the product hosts, by id. */
export const games: Record<string, AnyGame> = {
  wfgts: wfgts.game,
  'ten-phases': tenPhases.tenPhases,
  'meet-fate': meetFate.meetFate,
  'pairs-and-wagers': pairsAndWagers.pairsAndWagers,
  'war-pnp': warPnp.warPnp,
};

/**
 * A bot for every game, by id: `bots[id](state, seat, random)` is the action
 * that seat's bot takes now. Legal whenever the game awaits that seat. The
 * strong bot of `botsByStrength`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- games differ in state and action types
export const bots: Record<string, Bot<any, any>> = {
  wfgts: wfgtsBot,
  'ten-phases': tenPhasesBot,
  'meet-fate': meetFateBot,
  'pairs-and-wagers': pairsBot,
  'war-pnp': warPnpBot,
};

export { hints, type Hint, type HintFor } from './hints.js';
export { botsByStrength } from './bot-strengths.js';

/** The game with this id, if we host it. */
export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

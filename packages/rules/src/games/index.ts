import type { AnyGame } from '../core/define-game.js';
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

/** The game with this id, if we host it. */
export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

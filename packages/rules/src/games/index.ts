import type { AnyGame } from '../core/define-game.js';
import * as wfgts from './wfgts/index.js';

/** Waiting for the Game to Start: the game object, its scorer and dice table, its types. */
export { wfgts };

/** Every game the product hosts, by id. */
export const games: Record<string, AnyGame> = {
  wfgts: wfgts.game,
};

/** The game with this id, if we host it. */
export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

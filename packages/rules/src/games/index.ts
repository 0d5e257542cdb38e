import type { AnyGame } from '../core/define-game.js';

/** Every game the product hosts, by id. */
export const games: Record<string, AnyGame> = {};

/** The game with this id, if we host it. */
export function findGame(id: string): AnyGame | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

import { describe, expect, it } from 'vitest';
import { catalogue, catalogueEntry } from './catalogue.js';
import { games } from './games/index.js';

describe('the catalogue entry point', () => {
  it('lists every hosted game with the name, credits, player counts and options its rules declare', () => {
    expect(Object.keys(catalogue)).toEqual(Object.keys(games));
    for (const game of Object.values(games)) {
      const entry = catalogueEntry(game.id);
      expect(entry).toEqual({ id: game.id, name: game.name, designer: game.designer, players: game.players, options: game.options });
      expect(entry?.options).toBe(game.options);
    }
    expect(catalogueEntry('chess')).toBeUndefined();
    expect(catalogueEntry('toString')).toBeUndefined();
  });
});

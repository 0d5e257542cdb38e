import { describe, expect, it } from 'vitest';
import { games } from './index.js';

describe('the game registry', () => {
  it('files every game under its own id, with a designer to credit', () => {
    for (const [id, game] of Object.entries(games)) {
      expect(game.id).toBe(id);
      expect(game.designer.length).toBeGreaterThan(0);
      expect(game.players.min).toBeLessThanOrEqual(game.players.max);
    }
    expect(Object.keys(games).sort()).toEqual(['meet-fate', 'pairs-and-wagers', 'ten-phases', 'war-pnp', 'wfgts']);
  });

  it('gives every game options that parse to defaults from nothing', () => {
    for (const game of Object.values(games)) expect(game.options.safeParse({}).success).toBe(true);
  });
});

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyAction } from '../core/define-game.js';
import { generatorDice } from '../core/dice.js';
import { seedGenerator } from '../core/generator.js';
import { catalogue } from '../catalogue.js';
import { bots, botsByStrength, games, hints } from './index.js';

describe('the game registry', () => {
  it('files every game under its own id, with a designer to credit', () => {
    for (const [id, game] of Object.entries(games)) {
      expect(game.id).toBe(id);
      expect(game.designer.length).toBeGreaterThan(0);
      expect(game.players.min).toBeLessThanOrEqual(game.players.max);
    }
    expect(Object.keys(games).sort()).toEqual(['meet-fate', 'pairs-and-wagers', 'ten-phases', 'war-pnp', 'wfgts']);
  });

  it('gives every game each of its parts: catalogue entry, bot at every strength and hint, and nothing to a game it does not host', () => {
    const ids = Object.keys(games).sort();
    for (const registry of [catalogue, bots, botsByStrength, hints]) expect(Object.keys(registry).sort()).toEqual(ids);
    for (const id of ids) {
      expect(catalogue[id]).toMatchObject({ id, name: games[id]!.name, designer: games[id]!.designer, players: games[id]!.players });
      expect(Object.keys(botsByStrength[id]!).sort()).toEqual(['easy', 'fair', 'strong']);
      expect(botsByStrength[id]!.strong).toBe(bots[id]);
    }
  });

  it('hosts the game of every folder here, in the catalogue as well, and nothing else', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(Object.keys(games).sort()).toEqual(folders.sort());
    expect(Object.keys(catalogue).sort()).toEqual(folders.sort());
  });

  it('hangs each game\'s bot at every strength, greedy player, hint and random player off its game object', () => {
    for (const game of Object.values(games)) {
      const parts = [...Object.values(game.bots), game.greedy, game.hint, game.randomPlayer];
      expect(parts.map((part) => typeof part), game.id).toEqual(Array<string>(6).fill('function'));
    }
  });

  it('gives every game options that parse to defaults from nothing', () => {
    for (const game of Object.values(games)) expect(game.options.safeParse({}).success).toBe(true);
  });

  it.each(Object.keys(games))("builds %s's seat views as the spectator's view with the seat's own fields laid over it", (id) => {
    const game = games[id]!;
    const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(5)));
    const seats = Math.max(2, game.players.min);
    let state: unknown = game.setup({ seats, options: game.options.parse({}), dice });
    for (let step = 0; step < 150 && game.outcome(state) === null; step++) {
      const shared = game.view(state, { role: 'spectator' }) as object;
      for (let seat = 0; seat < seats; seat++) {
        const own = game.ownView(state, seat);
        expect(own).not.toBeNull();
        expect(game.view(state, { role: 'seat', seat })).toEqual({ ...shared, ...own });
      }
      const { seat, fallback } = game.awaiting(state)[0]!;
      const next = applyAction(game, state, seat, fallback, { dice });
      if (!next.ok) throw new Error(next.error.code);
      state = next.state;
    }
  });
});

import { readdirSync } from 'node:fs';
import { catalogue } from '@rollcall/rules/catalogue';
import { describe, expect, it } from 'vitest';
import { guides, playableGames, playerRange, webGames } from './index.js';

describe('the games this app plays', () => {
  it('are every game of the rules\' catalogue, each with a phone sheet, a TV board and a rules page, and no other', () => {
    expect(Object.keys(webGames).sort()).toEqual(Object.keys(catalogue).sort());
    for (const [id, game] of Object.entries(webGames)) {
      expect([typeof game.phone, typeof game.tv, typeof game.rules], id).toEqual(['function', 'function', 'function']);
      expect(game.dice.length, id).toBeGreaterThan(0);
      expect(game.blurb.length, id).toBeGreaterThan(0);
    }
    expect(playableGames().map((g) => g.id)).toEqual(Object.keys(catalogue));
  });

  it('bring a form for their options when they have any: the lobby words no option itself', () => {
    for (const [id, game] of Object.entries(webGames)) {
      const defaults = catalogue[id]!.options.parse({}) as Record<string, unknown>;
      expect(typeof game.options, id).toBe(Object.keys(defaults).length > 0 ? 'function' : 'undefined');
    }
  });

  it('are one folder here each, every folder a game of the catalogue', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual(Object.keys(webGames).sort());
  });

  it('take each name and designer from the catalogue, written nowhere else', () => {
    for (const guide of guides) expect([guide.name, guide.designer]).toEqual([catalogue[guide.id]!.name, catalogue[guide.id]!.designer]);
  });
});

describe('the player range of a game', () => {
  it('is the catalogue range, never a bare "or more"', () => {
    expect(Object.fromEntries(guides.map((g) => [g.id, playerRange(g.id)]))).toEqual({
      wfgts: '1–12 players',
      'ten-phases': '1–8 players',
      'meet-fate': '1–8 players',
      'pairs-and-wagers': '2–12 players',
      'war-pnp': '2–6 players',
    });
  });

  it('is empty for a game we do not host', () => {
    expect(playerRange('chess')).toBe('');
  });
});

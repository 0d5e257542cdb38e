import { describe, expect, it } from 'vitest';
import { guides, playerRange } from './index.js';

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

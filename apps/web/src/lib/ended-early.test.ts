import type { EndedEarly } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { endedLine } from './ended-early.js';

const byAnn: EndedEarly = { by: 'lead', name: 'Ann', game: 'ten-phases', next: null, at: 1 };
const game = (id: string) => ({ id, options: {} });

describe('the line about a game ended early', () => {
  it('says who ended which game, by name for the lead and as the TV for a host screen', () => {
    expect(endedLine({ ended: byAnn, status: 'lobby', game: game('ten-phases') })).toBe('Ann ended Ten Phases early.');
    expect(endedLine({ ended: { ...byAnn, by: 'host', name: null }, status: 'lobby', game: game('ten-phases') })).toBe(
      'The TV ended Ten Phases early.',
    );
  });

  it('says the next game starts once the phones are in, then that it started, and nothing once that game is over', () => {
    const straight = { ...byAnn, next: 'war-pnp' };
    expect(endedLine({ ended: straight, status: 'lobby', game: game('war-pnp') })).toBe(
      "Ann ended Ten Phases early. Write And Roll: Powers 'n Points starts as soon as every player's phone has checked in.",
    );
    expect(endedLine({ ended: straight, status: 'playing', game: game('war-pnp') })).toBe(
      "Ann ended Ten Phases early and started Write And Roll: Powers 'n Points.",
    );
    // The lead picked something else meanwhile: no promise about a game that is no longer coming.
    expect(endedLine({ ended: straight, status: 'lobby', game: game('wfgts') })).toBe('Ann ended Ten Phases early.');
    expect(endedLine({ ended: straight, status: 'finished', game: game('war-pnp') })).toBeNull();
    expect(endedLine({ ended: null, status: 'lobby', game: null })).toBeNull();
  });
});

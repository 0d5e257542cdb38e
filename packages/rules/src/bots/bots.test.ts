import { describe, expect, it } from 'vitest';
import { seededRandom, seedGenerator, SEED_BYTES } from '../core/generator.js';
import { bots, games } from '../games/index.js';
import { playGame } from './opponents.js';

describe('the bot registry', () => {
  it('has a bot for every game and nothing else', () => {
    expect(Object.keys(bots).sort()).toEqual(Object.keys(games).sort());
  });
});

const seatsFor = (id: string): number => Math.max(games[id]!.players.min, 2);

describe.each(Object.keys(games))('the %s bot', (id) => {
  const game = games[id]!;
  const bot = bots[id]!;

  it('plays a table of bots to the end, every time', () => {
    for (let i = 0; i < 20; i++) {
      const seed = Uint8Array.from({ length: SEED_BYTES }, (_, k) => (k * 31 + i * 7) & 0xff);
      const seats = Array.from({ length: seatsFor(id) + (i % 2) }, () => bot);
      const played = playGame(game, seats, {}, seedGenerator(seed), seededRandom(seed));
      expect(played.outcome.winners.length).toBeGreaterThan(0);
    }
  }, 600_000);

  it('is deterministic given the state, the seat and the random numbers', () => {
    const seed = Uint8Array.from({ length: SEED_BYTES }, (_, k) => k + 1);
    const seen: { state: unknown; seat: number }[] = [];
    playGame(game, Array.from({ length: seatsFor(id) }, () => bot), {}, seedGenerator(seed), seededRandom(seed), {
      onState: (state, seat) => void seen.push({ state, seat }),
    });
    for (const { state, seat } of seen.filter((_, i) => i % 7 === 0)) {
      expect(bot(state, seat, seededRandom(seed))).toEqual(bot(state, seat, seededRandom(seed)));
    }
  }, 600_000);
});

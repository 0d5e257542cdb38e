import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction } from '../core/define-game.js';
import { generatorDice } from '../core/dice.js';
import { seededRandom, seedGenerator, SEED_BYTES } from '../core/generator.js';
import { bots, games } from '../games/index.js';
import { opponents, playGame } from './opponents.js';

// Minutes of CPU on purpose, so `pnpm test:long` runs it rather than the everyday `pnpm test`;
// `BOT_STATES=N` runs a smaller sample while working on a bot.
const STATES_PER_GAME = Number(process.env.BOT_STATES ?? 10_000);

describe.each(Object.keys(games))('the %s bot', (id) => {
  const game = games[id]!;
  const bot = bots[id]!;

  it(`makes a legal move in ${STATES_PER_GAME.toLocaleString('en')} positions reached by random and bot play`, () => {
    let checked = 0;
    // Each game mixes random players and bots, so the positions include ones only a bot would reach.
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: SEED_BYTES, maxLength: SEED_BYTES }),
        fc.integer({ min: 2, max: Math.min(4, game.players.max) }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (seed, seats, botSeats) => {
          const random = seededRandom(seed);
          const table = Array.from({ length: seats }, (_, s) => (botSeats[s] ? bot : opponents[id]!.random));
          const dice = generatorDice(seedGenerator(seed));
          playGame(game, table, {}, seedGenerator(seed), random, {
            onState(state, seat) {
              if (checked >= STATES_PER_GAME) return;
              const action = bot(state, seat, random);
              // Checked on dice of its own so the game being played is not disturbed.
              const result = applyAction(game, state, seat, action, { dice });
              if (!result.ok) throw new Error(`refused ${JSON.stringify(action)}: ${result.error.code}`);
              checked += 1;
            },
          });
        },
      ),
      { numRuns: 2_000, endOnFailure: true, interruptAfterTimeLimit: 3_000_000, seed: 22 },
    );
    expect(checked).toBeGreaterThanOrEqual(STATES_PER_GAME);
  }, 3_600_000);
});

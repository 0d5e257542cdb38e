/// <reference types="node" />
/**
 * Checks the optimal Meet Fate table by playing it: seeded solitaire games of
 * the optimal strategy (each turn solved against the table, as the bot does),
 * six 8s scored like any other roll as in the solved model. The mean final
 * score should agree with the table's value for an empty sheet within the
 * simulation's 95% interval.
 *
 *   nice pnpm --filter @rollcall/rules meet-fate:simulate [--games N] [--seed HEX32] [--max-seconds S]
 *
 * Defaults: 100,000 games, a fixed seed, no time limit (a limit stops the run
 * with an error between turns).
 */
import { parseArgs } from 'node:util';
import { generatorDice } from '../src/core/dice.js';
import { seedGenerator, SEED_BYTES } from '../src/core/generator.js';
import { optimalValue } from '../src/games/meet-fate/bot.js';
import { BOX_IDS, DICE_COUNT, FACES, scoreBox } from '../src/games/meet-fate/scoring.js';
import { bestFill, bestKeep, solveTurn } from '../src/games/meet-fate/solitaire.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '100000' },
    seed: { type: 'string', default: 'f8f8f8f80000000000000000000000f8' },
    'max-seconds': { type: 'string', default: 'Infinity' },
  },
});
const wanted = Number(args.games);
const maxSeconds = Number(args['max-seconds']);
if (!new RegExp(`^[0-9a-f]{${SEED_BYTES * 2}}$`, 'i').test(args.seed)) throw new Error(`--seed must be ${SEED_BYTES * 2} hex digits`);
const dice = generatorDice(seedGenerator(Uint8Array.from(args.seed.match(/../g) ?? [], (h) => parseInt(h, 16))));

const roll = (current: readonly number[], hold: readonly number[]): number[] =>
  Array.from({ length: DICE_COUNT }, (_, i) => (hold.includes(i) ? (current[i] ?? 0) : dice.roll(FACES)));

// The games are played side by side, a turn at a time: games whose sheets
// match share one solved turn, which is most of the cost. The same dice
// generator serves every game in turn, so a run is reproducible.
const started = performance.now();
const filled = new Int32Array(wanted);
const totals = new Float64Array(wanted);
const order = Array.from({ length: wanted }, (_, i) => i);
for (let turn = 0; turn < BOX_IDS.length; turn++) {
  order.sort((a, b) => filled[a]! - filled[b]! || a - b);
  let solvedFor = -1;
  let values = solveTurn(0, optimalValue);
  for (const game of order) {
    const mask = filled[game]!;
    if (mask !== solvedFor) {
      values = solveTurn(mask, optimalValue);
      solvedFor = mask;
    }
    let current = roll([], []);
    for (const rolls of [1, 2] as const) {
      const hold = bestKeep(values, rolls, current);
      if (hold === null) break;
      current = roll(current, hold);
    }
    const box = bestFill(mask, current, optimalValue);
    totals[game] = totals[game]! + scoreBox(BOX_IDS[box]!, current);
    filled[game] = mask | (1 << box);
  }
  console.error(`turn ${turn + 1} done, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if ((performance.now() - started) / 1000 > maxSeconds) throw new Error('out of time before the games ended');
}
const n = wanted;
let mean = 0;
let m2 = 0;
totals.forEach((total, i) => {
  const d = total - mean;
  mean += d / (i + 1);
  m2 += d * (total - mean);
});
const half = 1.96 * Math.sqrt(m2 / (n - 1) / n);
const expected = optimalValue(0);
console.log(`games: ${n}`);
console.log(`mean final score: ${mean.toFixed(3)} ± ${half.toFixed(3)} (95%), standard deviation ${Math.sqrt(m2 / (n - 1)).toFixed(2)}`);
console.log(`table's optimal expected score: ${expected.toFixed(3)}; ${Math.abs(mean - expected) <= half ? 'inside' : 'OUTSIDE'} the interval`);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);

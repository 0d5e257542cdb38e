/// <reference types="node" />
/**
 * How long does each bot take to decide? Plays seeded two-seat games of bots
 * and times every decision, by the clock and by the process's CPU time (the
 * development machine is shared, so the clock also counts time spent waiting
 * for a core). One untimed game comes first and its slowest decision is
 * reported apart as the cold start: it builds the bot's tables (for Meet
 * Fate, decoding the optimal table).
 *
 *   nice pnpm --filter @rollcall/rules bots:bench [--games N] [--seed HEX32]
 *
 * Prints a Markdown table for docs/bots.md.
 */
import { parseArgs } from 'node:util';
import { playGame } from '../src/bots/opponents.js';
import { nextUint32, seedGenerator, SEED_BYTES } from '../src/core/generator.js';
import { bots, games } from '../src/games/index.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    seed: { type: 'string', default: 'be4c4be4c0000000000000000000000b' },
  },
});
const count = Number(args.games);
const seed = Uint8Array.from(args.seed.match(/../g) ?? [], (h) => parseInt(h, 16));
if (seed.length !== SEED_BYTES) throw new Error(`--seed must be ${SEED_BYTES * 2} hex digits`);

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const ms = (x: number): string => x.toFixed(2);

console.log('| game | decisions | cold start ms (clock) | median ms (clock / CPU) | 99th percentile ms (clock / CPU) | worst ms (clock / CPU) |');
console.log('|---|---|---|---|---|---|');
for (const [id, game] of Object.entries(games)) {
  const bot = bots[id]!;
  const clock: number[] = [];
  const cpu: number[] = [];
  let cold = 0;
  let warm = false;
  const timed = (state: unknown, seat: number, random: () => number): unknown => {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    const action = bot(state, seat, random);
    const took = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    if (!warm) cold = Math.max(cold, took);
    else {
      clock.push(took);
      cpu.push((used.user + used.system) / 1000);
    }
    return action;
  };
  let state = seedGenerator(seed);
  for (let i = 0; i <= count; i++) {
    warm = i > 0;
    const [x, next] = nextUint32(state);
    state = next;
    let r = next;
    const random = (): number => {
      const [y, after] = nextUint32(r);
      r = after;
      return y / 0x100000000;
    };
    playGame(game, [timed, timed], {}, { ...state, words: [x, ...state.words.slice(1)] as typeof state.words }, random);
  }
  clock.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `| ${id} | ${clock.length.toLocaleString('en')} | ${ms(cold)} | ${ms(percentile(clock, 0.5))} / ${ms(percentile(cpu, 0.5))} | ` +
      `${ms(percentile(clock, 0.99))} / ${ms(percentile(cpu, 0.99))} | ${ms(clock.at(-1) ?? NaN)} / ${ms(cpu.at(-1) ?? NaN)} |`,
  );
}

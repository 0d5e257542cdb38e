/// <reference types="node" />
/**
 * How strong is each bot? Plays seeded two-seat games of the bot at a
 * strength against a random-legal player and against a greedy one
 * (src/bots/opponents.ts says what each does), the bot taking the first seat
 * in every other game, and prints a Markdown table for docs/bots.md: mean
 * scores with 95% intervals, the bot's mean lead, and its win rate (a shared
 * win counts half).
 *
 *   nice pnpm --filter @rollcall/rules bots:strength [--game ID] [--strength easy|fair|strong]
 *     [--opponent random|greedy] [--games N] [--seed HEX32] [--max-seconds S]
 *
 * Defaults: every game, the strong bot, both opponents, 10,000 games per
 * opponent, a fixed seed, no time limit. With a limit, a pairing stops early
 * and its row says how many games it holds.
 */
import { parseArgs } from 'node:util';
import { opponents, playGame, type OpponentKind } from '../src/bots/opponents.js';
import { BOT_STRENGTHS, type BotStrength } from '../src/core/bot.js';
import { nextUint32, seedGenerator, SEED_BYTES, type GeneratorState } from '../src/core/generator.js';
import { botsByStrength, games } from '../src/games/index.js';

const { values: args } = parseArgs({
  options: {
    game: { type: 'string' },
    strength: { type: 'string', default: 'strong' },
    opponent: { type: 'string' },
    games: { type: 'string', default: '10000' },
    seed: { type: 'string', default: 'b075b0750000000000000000000000aa' },
    'max-seconds': { type: 'string', default: 'Infinity' },
  },
});
const wanted = Number(args.games);
const maxSeconds = Number(args['max-seconds']);
if (!Number.isInteger(wanted) || wanted < 1) throw new Error('--games must be a positive whole number');
if (!new RegExp(`^[0-9a-f]{${SEED_BYTES * 2}}$`, 'i').test(args.seed)) throw new Error(`--seed must be ${SEED_BYTES * 2} hex digits`);
const ids = args.game === undefined ? Object.keys(games) : [args.game];
for (const id of ids) if (games[id] === undefined) throw new Error(`no game ${id}`);
const strength = args.strength as BotStrength;
if (!BOT_STRENGTHS.includes(strength)) throw new Error(`--strength must be one of ${BOT_STRENGTHS.join(', ')}`);
const opponentKinds: OpponentKind[] = args.opponent === undefined ? ['random', 'greedy'] : [args.opponent as OpponentKind];
if (!opponentKinds.every((o) => o === 'random' || o === 'greedy')) throw new Error('--opponent must be random or greedy');

/** Seed bytes for game `i`: the base seed with the game number folded into its last four bytes. */
function gameSeed(i: number): Uint8Array {
  const bytes = Uint8Array.from(args.seed.match(/../g) ?? [], (h) => parseInt(h, 16));
  const view = new DataView(bytes.buffer);
  view.setUint32(SEED_BYTES - 4, (view.getUint32(SEED_BYTES - 4) ^ i) >>> 0);
  return bytes;
}

/** The bots' own random numbers, from a generator apart from the dice's. */
function randomFrom(state: GeneratorState): () => number {
  let current = nextUint32(state)[1];
  return () => {
    const [x, next] = nextUint32(current);
    current = next;
    return x / 0x100000000;
  };
}

/** Running mean and variance (Welford), for intervals. */
class Tally {
  n = 0;
  mean = 0;
  private m2 = 0;
  add(x: number): void {
    this.n += 1;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }
  /** Half-width of the 95% interval of the mean. */
  get half(): number {
    return this.n < 2 ? NaN : 1.96 * Math.sqrt(this.m2 / (this.n - 1) / this.n);
  }
  toString(digits = 1): string {
    return `${this.mean.toFixed(digits)} ± ${this.half.toFixed(digits)}`;
  }
}

console.log('| game | bot | opponent | games | bot mean | opponent mean | bot lead | bot win rate |');
console.log('|---|---|---|---|---|---|---|---|');
for (const id of ids) {
  const game = games[id]!;
  for (const opponent of opponentKinds) {
    const started = performance.now();
    const bot = new Tally();
    const other = new Tally();
    const lead = new Tally();
    const wins = new Tally();
    for (let i = 0; i < wanted; i++) {
      if ((performance.now() - started) / 1000 > maxSeconds) break;
      const seed = gameSeed(i);
      const botSeat = i % 2;
      const table = [botsByStrength[id]![strength], opponents[id]![opponent]];
      if (botSeat === 1) table.reverse();
      const { outcome } = playGame(game, table, {}, seedGenerator(seed), randomFrom(seedGenerator(seed)));
      const score = (seat: number): number => outcome.standings.find((s) => s.seat === seat)?.score ?? 0;
      bot.add(score(botSeat));
      other.add(score(1 - botSeat));
      lead.add(score(botSeat) - score(1 - botSeat));
      wins.add(outcome.winners.includes(botSeat) ? 1 / outcome.winners.length : 0);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `| ${id} | ${strength} | ${opponent} | ${bot.n.toLocaleString('en')} | ${bot} | ${other} | ${lead} | ` +
        `${(wins.mean * 100).toFixed(1)}% ± ${(wins.half * 100).toFixed(1)} |`,
    );
    console.error(`${id} ${strength} vs ${opponent}: ${bot.n} games in ${seconds} s`);
  }
}

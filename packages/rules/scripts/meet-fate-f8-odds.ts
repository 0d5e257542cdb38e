/// <reference types="node" />
/**
 * How likely is an F8 (six 8s)? Plays solo Meet Fate turns through the real
 * game with the seeded generator, holding every 8 and rolling the rest until
 * the three rolls are spent; then, because one roll's chance is too small to
 * pin down from a million first rolls, throws a separate batch of plain
 * six-d8 rolls. Both estimates are set against the exact odds.
 *
 *   pnpm --filter @rollcall/rules meet-fate:odds [--turns N] [--single-rolls N] [--seed HEX32] [--max-seconds S]
 *
 * Defaults: one million turns, fifty million extra single rolls, a fixed seed
 * (so the figures in docs/games/meet-fate.md reproduce), and a 300-second
 * limit after which the run stops and reports what it has, flagged as cut short.
 */
import { parseArgs } from 'node:util';
import { applyAction } from '../src/core/define-game.js';
import { generatorDice } from '../src/core/dice.js';
import { seedGenerator, SEED_BYTES } from '../src/core/generator.js';
import { DICE_COUNT, FACES, MAX_ROLLS, meetFate, MeetFateOptions, type MeetFateState } from '../src/games/meet-fate/index.js';

const { values: args } = parseArgs({
  options: {
    turns: { type: 'string', default: '1000000' },
    'single-rolls': { type: 'string', default: '50000000' },
    seed: { type: 'string', default: 'f8f8f8f8000000000000000000000001' },
    'max-seconds': { type: 'string', default: '300' },
  },
});

const turnsWanted = Number(args.turns);
const singleRollsWanted = Number(args['single-rolls']);
const maxSeconds = Number(args['max-seconds']);
if (!Number.isInteger(turnsWanted) || turnsWanted < 1) throw new Error('--turns must be a positive whole number');
if (!Number.isInteger(singleRollsWanted) || singleRollsWanted < 0) {
  throw new Error('--single-rolls must be a whole number');
}
if (!(maxSeconds > 0)) throw new Error('--max-seconds must be positive');
if (!new RegExp(`^[0-9a-f]{${SEED_BYTES * 2}}$`, 'i').test(args.seed)) {
  throw new Error(`--seed must be ${SEED_BYTES * 2} hex digits`);
}
const seedBytes = Uint8Array.from(args.seed.match(/../g) ?? [], (h) => parseInt(h, 16));

// ── Exact odds: a Markov chain over how many 8s are held ─────────────────
// From k held 8s, rolling the other 6 - k dice adds j more with probability
// C(6-k, j) 7^(6-k-j) / 8^(6-k). Exact rationals with BigInt; every step has
// denominator 8^6 once the numerator is scaled by 8^k.

const choose = (n: number, k: number): bigint => {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
};

/** P(all six dice show 8 within `rolls` rolls), as numerator / 8^(6·rolls). */
function exactF8(rolls: number): { num: bigint; den: bigint } {
  let dist: bigint[] = [1n, 0n, 0n, 0n, 0n, 0n, 0n];
  for (let r = 0; r < rolls; r++) {
    const next = dist.map(() => 0n);
    dist.forEach((weight, held) => {
      const free = DICE_COUNT - held;
      for (let j = 0; j <= free; j++) {
        next[held + j]! += weight * choose(free, j) * 7n ** BigInt(free - j) * 8n ** BigInt(held);
      }
    });
    dist = next;
  }
  return { num: dist[DICE_COUNT]!, den: 8n ** BigInt(DICE_COUNT * rolls) };
}

const toNumber = ({ num, den }: { num: bigint; den: bigint }) => Number(num) / Number(den);

// ── Simulation through the game itself ───────────────────────────────────

const dice = generatorDice(seedGenerator(seedBytes));
const fresh = (): MeetFateState => meetFate.setup({ seats: 1, options: MeetFateOptions.parse({}), dice });
/** F8s by the roll of the turn they came on (index 1..3). */
const f8OnRoll = [0, 0, 0, 0];
let turns = 0;
let state = fresh();
const started = performance.now();
const deadline = started + maxSeconds * 1000;

function step(action: unknown): void {
  const result = applyAction(meetFate, state, 0, action, { dice });
  if (!result.ok) throw new Error(`the game refused ${JSON.stringify(action)}: ${result.error.code}`);
  state = result.state;
}

while (turns < turnsWanted && (turns % 10_000 !== 0 || performance.now() < deadline)) {
  for (let roll = 1; roll <= MAX_ROLLS && state.f8 === null; roll++) {
    const hold = state.turn.dice.flatMap((value, position) => (value === FACES ? [position] : []));
    step({ type: 'roll', hold });
  }
  turns += 1;
  if (state.f8 !== null) {
    f8OnRoll[state.f8.roll]! += 1;
    state = fresh();
    continue;
  }
  // End the turn as a timer would; a full sheet means a new solo game.
  const [awaited] = meetFate.awaiting(state);
  if (awaited === undefined) throw new Error('a turn ended with nothing to fill');
  step(awaited.fallback);
  if (meetFate.outcome(state) !== null) state = fresh();
}

// Every die is rolled, even after a miss, so each trial is one whole roll of six.
let singleRolls = 0;
let singleF8 = 0;
while (singleRolls < singleRollsWanted && (singleRolls % 100_000 !== 0 || performance.now() < deadline)) {
  let eights = 0;
  for (let d = 0; d < DICE_COUNT; d++) if (dice.roll(FACES) === FACES) eights += 1;
  if (eights === DICE_COUNT) singleF8 += 1;
  singleRolls += 1;
}
const seconds = (performance.now() - started) / 1000;
const cutShort = turns < turnsWanted || singleRolls < singleRollsWanted;

// ── Report ───────────────────────────────────────────────────────────────

/** Wilson score interval at 95%: sound even for a handful of hits. */
function wilson(hits: number, n: number): [number, number] {
  const z = 1.959963984540054;
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = ((z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n)));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const oneIn = (p: number) => (p > 0 ? `1 in ${Math.round(1 / p).toLocaleString('en-US')}` : 'never');
const sci = (p: number) => p.toExponential(3);
const count = (n: number) => n.toLocaleString('en-US');

interface Row {
  label: string;
  hits: number;
  trials: number;
  exact: { num: bigint; den: bigint };
}

function line({ label, hits, trials, exact }: Row): string {
  const p = toNumber(exact);
  const [low, high] = wilson(hits, trials);
  return [
    label.padEnd(22),
    String(hits).padStart(6),
    sci(hits / trials).padStart(11),
    `[${sci(low)}, ${sci(high)}]`.padStart(25),
    `${sci(p)} (${oneIn(p)})`.padStart(29),
    low <= p && p <= high ? '  yes' : '  NO',
  ].join(' ');
}

const header = ['F8'.padEnd(22), 'hits'.padStart(6), 'estimate'.padStart(11), '95% interval'.padStart(25), 'exact'.padStart(29), '  exact inside?'].join(' ');
const byRoll = (rolls: number) => f8OnRoll.slice(1, rolls + 1).reduce((a, b) => a + b, 0);
const turnRow: Row = { label: 'within the whole turn', hits: byRoll(3), trials: turns, exact: exactF8(3) };
const singleRow: Row = {
  label: 'on one roll of six',
  hits: singleF8 + (f8OnRoll[1] ?? 0),
  trials: singleRolls + turns,
  exact: exactF8(1),
};

console.log(`Meet Fate F8 odds, seed ${args.seed}, ${seconds.toFixed(1)} s${cutShort ? `, CUT SHORT by the ${maxSeconds} s limit` : ''}`);
console.log(`\n${count(turns)} turns through the game, holding every 8:\n${header}`);
console.log(line({ label: 'on the first roll', hits: byRoll(1), trials: turns, exact: exactF8(1) }));
console.log(line({ label: 'by the second roll', hits: byRoll(2), trials: turns, exact: exactF8(2) }));
console.log(line(turnRow));
console.log(`\n${count(singleRow.trials)} single rolls (${count(singleRolls)} plain rolls and each turn's first roll):\n${header}`);
console.log(line(singleRow));

const pSingle = toNumber(singleRow.exact);
const pTurn = toNumber(turnRow.exact);
const [turnLow, turnHigh] = wilson(turnRow.hits, turnRow.trials);
const [singleLow, singleHigh] = wilson(singleRow.hits, singleRow.trials);
console.log(`
One roll, exact: ${singleRow.exact.num}/${singleRow.exact.den} = ${oneIn(pSingle)}.
One roll, estimated: ${oneIn(singleRow.hits / singleRow.trials)} (95%: ${oneIn(singleHigh)} to ${oneIn(singleLow)}).
Whole turn, exact: ${turnRow.exact.num}/${turnRow.exact.den} = (169/512)^6 = 1 in ${(1 / pTurn).toFixed(1)}.
Whole turn, estimated: ${oneIn(turnRow.hits / turnRow.trials)} (95%: ${oneIn(turnHigh)} to ${oneIn(turnLow)}).
Three rolls make an F8 ${(pTurn / pSingle).toFixed(1)} times as likely as one roll.
Against the designer's "1 in 252,000": one roll's chance is ${((1 - pSingle * 252_000) * 100).toFixed(1)}% smaller; a whole turn's is ${Math.round(pTurn * 252_000)} times larger.`);

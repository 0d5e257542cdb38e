/// <reference types="node" />
/**
 * Micro-benchmark of the wfgts scorer: how long `bestGrouping` takes on one
 * line of seven dice. Lines come from the seeded generator so every run
 * measures the same work. Run with `pnpm --filter @rollcall/rules bench:scorer`.
 */
import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { generatorDice, rollAll } from '../src/core/dice.js';
import { seedGenerator, SEED_BYTES } from '../src/core/generator.js';
import { bestGrouping, SIDES } from '../src/games/wfgts/scoring.js';

const LINES = 10_000;
const WARMUP_PASSES = 3;
const PASSES = 10;

const dice = generatorDice(seedGenerator(Uint8Array.from({ length: SEED_BYTES }, (_, i) => i + 1)));
const lines = Array.from({ length: LINES }, () => rollAll(dice, SIDES));

// Summing the scores keeps the calls from being optimised away.
function pass(): number {
  let sum = 0;
  for (const line of lines) sum += bestGrouping(line).score;
  return sum;
}

for (let i = 0; i < WARMUP_PASSES; i++) pass();

const perCall: number[] = [];
let checksum = 0;
for (let i = 0; i < PASSES; i++) {
  const start = performance.now();
  checksum += pass();
  perCall.push(((performance.now() - start) * 1000) / LINES);
}
perCall.sort((a, b) => a - b);
const median = perCall[Math.floor(perCall.length / 2)] ?? 0;

console.log(`bestGrouping: ${LINES} lines × ${PASSES} passes`);
console.log(`  median ${median.toFixed(2)} µs per line (${Math.round(1e6 / median).toLocaleString('en')} lines/s)`);
console.log(`  fastest pass ${perCall[0]?.toFixed(2)} µs, slowest ${perCall.at(-1)?.toFixed(2)} µs per line`);
console.log(`  Node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log(`  checksum ${checksum}`);

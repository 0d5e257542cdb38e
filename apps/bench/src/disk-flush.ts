/**
 * `pnpm --filter @rollcall/bench disk-flush`: how long this machine's disk
 * takes to flush a small write, the wait a store that flushes every commit
 * puts in front of every room. Writes 40 KB and flushes it (`fdatasync`) in a
 * loop for a bounded time, in a temporary file it removes.
 */
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from './latency.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);
if (!(seconds > 0 && seconds <= 600)) throw new Error('--seconds must be between 0 and 600');

const dir = mkdtempSync(join(tmpdir(), 'rollcall-disk-'));
const fd = openSync(join(dir, 'probe'), 'w');
const block = Buffer.alloc(40_000, 1);
const flushes: number[] = [];
try {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    writeSync(fd, block);
    const start = process.hrtime.bigint();
    fdatasyncSync(fd);
    flushes.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
} finally {
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
}
flushes.sort((a, b) => a - b);
const ms = (p: number) => percentile(flushes, p).toFixed(2);
console.log(`${flushes.length} flushes of 40 KB in ${seconds} s under ${tmpdir()}`);
console.log(`p50 ${ms(50)} ms, p99 ${ms(99)} ms, p99.9 ${ms(99.9)} ms, max ${ms(100)} ms`);

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../test/manual-clock.js';
import { loadConfig } from './config.js';
import { retention, SWEEP_EVERY_MS } from './retention.js';

type Cutoffs = { finishedBefore: number; idleBefore: number };

describe('the retention sweep', () => {
  it('runs on the injected clock: once when ready, then every interval, and never after close', async () => {
    const config = loadConfig({});
    const clock = new ManualClock(50_000_000_000);
    const asked: Cutoffs[] = [];
    const store = { purge: async (cutoffs: Cutoffs) => (asked.push(cutoffs), ['GONE']) };
    const app = Fastify();
    await app.register(retention, { config, store, clock });
    await app.ready();

    const cutoffsAt = (now: number): Cutoffs => ({
      finishedBefore: now - config.finishedRetentionMs,
      idleBefore: now - config.idleRetentionMs,
    });
    const start = clock.now();
    expect(asked).toEqual([cutoffsAt(start)]);
    clock.advance(SWEEP_EVERY_MS - 1);
    expect(asked).toHaveLength(1);
    clock.advance(1);
    await settled();
    expect(asked).toEqual([cutoffsAt(start), cutoffsAt(start + SWEEP_EVERY_MS)]);
    clock.advance(SWEEP_EVERY_MS);
    await settled();
    expect(asked.at(-1)).toEqual(cutoffsAt(start + 2 * SWEEP_EVERY_MS));

    await app.close();
    expect(clock.waiting).toBe(0);
    clock.advance(10 * SWEEP_EVERY_MS);
    await settled();
    expect(asked).toHaveLength(3);
  });

  it('keeps sweeping after a purge fails', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const store = {
      purge: async () => {
        calls += 1;
        if (calls === 2) throw new Error('the store is away');
        return [];
      },
    };
    const app = Fastify({ logger: false });
    await app.register(retention, { config: loadConfig({}), store, clock });
    await app.ready();
    clock.advance(SWEEP_EVERY_MS);
    await settled();
    clock.advance(SWEEP_EVERY_MS);
    await settled();
    expect(calls).toBe(3);
    await app.close();
  });
});

/** Lets the sweep's promise settle and the next one be scheduled. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

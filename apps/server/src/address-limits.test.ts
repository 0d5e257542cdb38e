import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../test/redis-server.js';
import { addressLimits } from './address-limits.js';
import { loadConfig } from './config.js';

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function pausedRedis(): Promise<{ redis: TestRedis; link: Redis; admin: Redis }> {
  const redis = await startRedis();
  opened.push(redis);
  const link = new Redis(redis.url);
  const admin = new Redis(redis.url);
  opened.push({ close: () => link.disconnect() }, { close: () => admin.disconnect() });
  await Promise.all([link.ping(), admin.ping()]);
  return { redis, link, admin };
}

describe('limits counted in a Redis that stalls', () => {
  it('let a connection, a room and a move through within a second instead of waiting on it', async () => {
    const { link, admin } = await pausedRedis();
    const limits = addressLimits(loadConfig({}).limits, link, pino({ level: 'silent' }));
    // Redis holds every client's commands for 3 s: up, connected, and answering nothing.
    await admin.call('CLIENT', 'PAUSE', '3000', 'ALL');
    const started = Date.now();
    const answers = await Promise.all([limits.connected('203.0.113.9'), limits.mayCreate('203.0.113.9'), limits.mayMove('ABCD', 0)]);
    expect(answers).toEqual([null, true, true]);
    expect(await limits.guessingPausedFor('203.0.113.9')).toBe(0);
    expect(Date.now() - started).toBeLessThan(2900);
  });
});

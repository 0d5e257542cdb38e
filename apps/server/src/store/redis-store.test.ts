import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
import { connectRedis } from '../redis-client.js';
import { openRedisStore } from './redis-store.js';

const log = pino({ level: 'silent' });
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});
afterEach(async () => {
  const admin = connectRedis(redis.url, log, 'test');
  await admin.flushall();
  await admin.quit();
});

// A restart stops redis-server with SIGTERM and starts it on its append-only file.
roomStoreContract('Redis', async () => ({
  open: async () => openRedisStore(redis.url, log),
  restart: async () => {
    await redis.stop();
    await redis.start();
  },
}));

import { EventEmitter } from 'node:events';
import ShardedSubscriber from 'ioredis/built/cluster/ShardedSubscriber.js';
import { afterEach, expect, it } from 'vitest';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis | undefined;
afterEach(async () => {
  await redis?.close();
  redis = undefined;
});

/**
 * The cluster client's sharded subscriptions come back only once every
 * subscriber it started has connected or failed (patches/ioredis@5.11.1.patch).
 * A cluster restarted whole makes the client stop its subscribers while they
 * are still connecting; a start that then never settles leaves the node without
 * its sharded subscriptions for good.
 */
it('a sharded subscriber stopped while it connects still settles its start', async () => {
  redis = await startRedis();
  const subscriber = new ShardedSubscriber(new EventEmitter(), { host: '127.0.0.1', port: redis.port }, {});
  // Stopped between the connection's "connect" and its "ready", as the cluster client's reconnection does.
  subscriber.getInstance()!.once('connect', () => subscriber.stop());
  const start = subscriber.start().then(
    () => 'settled',
    () => 'settled',
  );
  const stuck = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000).unref());
  expect(await Promise.race([start, stuck])).toBe('settled');
  expect(subscriber.subscriberStatus).toBe('ended');
});

import pino from 'pino';
import { expect, it } from 'vitest';
import { closeAfterTest, startRedis } from '../../test/harness.js';
import { closeRedis, connectRedis } from '../redis-client.js';
import { subscribingAgain } from './redis-cluster.js';

const log = pino({ level: 'silent' });

it('a subscription Redis refused is made again once the link is back, and one given up meanwhile is not', async () => {
  const redis = closeAfterTest(await startRedis());
  // Without an offline queue a command sent while Redis is away is refused at once, as a queued one is when the link gives up.
  const sub = connectRedis(redis.url, log, 'subscribe', { enableOfflineQueue: false });
  const pub = connectRedis(redis.url, log, 'publish');
  try {
    subscribingAgain(sub, log);
    const heard: string[] = [];
    sub.on('message', (channel: string) => heard.push(channel));
    await new Promise((resolve) => sub.once('ready', resolve));
    await redis.stop();
    await new Promise((resolve) => sub.once('close', resolve));

    // Neither rejects: an unhandled rejection would end the process.
    await expect(sub.subscribe('room-kept')).resolves.toBeUndefined();
    await expect(sub.subscribe('room-given-up')).resolves.toBeUndefined();
    await expect(sub.unsubscribe('room-given-up')).resolves.toBeUndefined();

    await redis.start();
    await new Promise((resolve) => sub.once('ready', resolve));
    const subscribed = async () => (await pub.call('PUBSUB', 'CHANNELS')) as string[];
    await expect.poll(subscribed).toEqual(['room-kept']);
    await pub.publish('room-kept', 'a view');
    await expect.poll(() => heard).toEqual(['room-kept']);
  } finally {
    await Promise.all([closeRedis(sub), closeRedis(pub)]);
  }
});

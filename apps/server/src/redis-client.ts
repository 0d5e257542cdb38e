import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A Redis connection that reconnects by itself and queues commands while the
 * link is down, so a restarted Redis costs a pause, not a failed action. It
 * logs the loss of the link once and its return once, not every retry.
 */
export function connectRedis(url: string, log: Logger, name: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { connectionName: `rollcall-${name}`, ...options });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err, link: name }, 'lost the link to Redis; retrying');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info({ link: name }, 'link to Redis is back');
    down = false;
  });
  return redis;
}

/** Close a connection: politely when it is up (pending replies arrive first), at once when it is not. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}

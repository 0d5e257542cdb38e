import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Which Redis the nodes share: one server (`urls` holds its address), or a
 * Redis Cluster reached through any of `urls` (it learns the other nodes
 * and which shard serves which slot from the first that answers).
 */
export interface RedisTarget {
  urls: string[];
  cluster: boolean;
}

/** A connection to the target: a plain client on one server, a cluster client on a Redis Cluster. */
export type RedisLink = Redis | Cluster;

/**
 * How a cluster client rides out a failover: a command for a shard whose
 * master is gone is tried again every 300 ms, up to 20 times (six seconds,
 * beyond the few seconds a replica takes to be promoted), and the client
 * asks for the slots again at once rather than every five seconds.
 */
const clusterOptions: ClusterOptions = {
  retryDelayOnFailover: 300,
  retryDelayOnClusterDown: 300,
  retryDelayOnTryAgain: 300,
  maxRedirections: 20,
  slotsRefreshInterval: 1_000,
};

function clusterClient(urls: string[], redisOptions: RedisOptions, options: ClusterOptions): Cluster {
  const first = new URL(urls[0]!);
  // Every node of a cluster shares the credentials and TLS of the address given.
  const auth = {
    ...(first.username === '' ? {} : { username: decodeURIComponent(first.username) }),
    ...(first.password === '' ? {} : { password: decodeURIComponent(first.password) }),
    ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  const nodes = urls.map((url) => {
    const { hostname, port } = new URL(url);
    return { host: hostname, port: Number(port === '' ? 6379 : port) };
  });
  return new Cluster(nodes, { ...clusterOptions, ...options, redisOptions: { ...auth, ...redisOptions } });
}

/**
 * A connection that reconnects by itself and queues commands while the link
 * is down, so a restarted Redis (or a failed-over shard) costs a pause, not a
 * failed action. It logs the loss of the link once and its return once, not
 * every retry. A bare URL names one server.
 */
export function connectRedis(
  target: string | RedisTarget,
  log: Logger,
  name: string,
  options: RedisOptions & Pick<ClusterOptions, 'shardedSubscribers'> = {},
): RedisLink {
  const { urls, cluster } = typeof target === 'string' ? { urls: [target], cluster: false } : target;
  const { shardedSubscribers, ...redisOptions } = options;
  const named = { connectionName: `rollcall-${name}`, ...redisOptions };
  const redis: RedisLink = cluster
    ? clusterClient(urls, named, { shardedSubscribers, enableOfflineQueue: redisOptions.enableOfflineQueue ?? true })
    : new Redis(urls[0]!, named);
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
export async function closeRedis(redis: RedisLink): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}

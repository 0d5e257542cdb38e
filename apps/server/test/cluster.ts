/** Several server processes sharing one test redis-server or Redis Cluster, as the compose files run them. */
import { rmSync } from 'node:fs';
import pino from 'pino';
import { openRedisAdapter } from '../src/store/redis-adapter.js';
import type { JournalEntry } from '../src/store/room-repository.js';
import { freePort } from './free-port.js';
import { spawnServer, tempDataDir, type SpawnedServer } from './harness.js';
import { startRedisCluster, type TestRedisCluster } from './redis-cluster-server.js';
import { startRedis, type TestRedis } from './redis-server.js';

/** What the nodes share: one redis-server, or a Redis Cluster of six. */
export type RedisKind = 'one Redis' | 'a Redis Cluster';

/** How long a test (or hook) that starts nodes on Redis may take: a Redis Cluster alone takes seconds to form. */
export const CLUSTER_TEST_TIMEOUT_MS = 90_000;

/** Every kind, for tests that must hold on each (`describe.each(redisKinds)`). */
export const redisKinds: RedisKind[] = ['one Redis', 'a Redis Cluster'];

/** One node to start: `clockStepMs` as in `spawnServer`, `env` added to its settings. */
export interface ClusterNode {
  clockStepMs?: number;
  env?: Record<string, string>;
}

/** A redis-server (or Redis Cluster) and the nodes on it. */
export interface TestCluster<R extends TestRedis = TestRedis> {
  redis: R;
  nodes: SpawnedServer[];
  /** Each node's address, in order. */
  urls: string[];
  /** Stop what still runs (nodes with SIGTERM) and remove every temporary directory. */
  close(): Promise<void>;
}

/** Start Redis, then one node per entry (all at once), each on its own port; `clockStepMs` as in `spawnServer`, `env` added to its settings. */
export function startCluster(nodes?: ClusterNode[], kind?: 'one Redis'): Promise<TestCluster>;
export function startCluster(nodes: ClusterNode[], kind: 'a Redis Cluster'): Promise<TestCluster<TestRedisCluster>>;
export function startCluster(nodes: ClusterNode[], kind: RedisKind): Promise<TestCluster>;
export async function startCluster(nodes: ClusterNode[] = [{}, {}], kind: RedisKind = 'one Redis'): Promise<TestCluster> {
  const redis = kind === 'one Redis' ? await startRedis() : await startRedisCluster();
  const dirs = nodes.map(() => tempDataDir());
  const cleanUp = async () => {
    await redis.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(
    nodes.map(async (node, i) =>
      spawnServer({
        port: await freePort(),
        dataDir: dirs[i]!,
        clockStepMs: node.clockStepMs,
        env: { ...node.env, STORE: 'redis', REDIS_URL: redis.target.urls.join(','), REDIS_CLUSTER: String(redis.target.cluster) },
      }),
    ),
  );
  const spawned = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopNodes = async () => {
    for (const node of spawned) {
      if (node.process.exitCode === null && node.process.signalCode === null) node.process.kill('SIGTERM');
      await node.exited;
    }
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed !== undefined) {
    await stopNodes();
    await cleanUp();
    throw failed.reason;
  }
  return {
    redis,
    nodes: spawned,
    urls: spawned.map((n) => n.url),
    async close() {
      await stopNodes();
      await cleanUp();
    },
  };
}

/** A room's action log as the cluster's Redis holds it. */
export async function storedLog(cluster: TestCluster, code: string): Promise<JournalEntry[]> {
  const store = openRedisAdapter(cluster.redis.target, pino({ level: 'silent' }));
  try {
    return await store.journal(code);
  } finally {
    await store.close();
  }
}

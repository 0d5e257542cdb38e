/**
 * A real Redis Cluster for tests and the benchmark: six redis-servers with
 * `--cluster-enabled yes` on free ports of 127.0.0.1, each in its own
 * temporary directory with the append-only file on (as `redis-server.ts`),
 * joined by `redis-cli --cluster create` as three masters with a replica each.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { launch, stopped, type TestRedis } from './redis-server.js';

const run = promisify(execFile);

/** A shard's master gives up on its replica's silence, and a replica takes over a silent master, after this long. */
export const NODE_TIMEOUT_MS = 1_000;

/** One redis-server of the cluster. */
export interface ClusterServer {
  port: number;
  /** Its process while it runs; null once stopped or killed. */
  process: ChildProcess | null;
}

/** A Redis Cluster run by a test; `stop` and `start` act on every server at once. */
export interface TestRedisCluster extends TestRedis {
  servers: ClusterServer[];
  /** Ask one server (by port) with redis-cli; resolves with its answer as text. */
  ask(port: number, ...command: string[]): Promise<string>;
  /** The slot a key hashes to (CLUSTER KEYSLOT). */
  slotOf(key: string): Promise<number>;
  /** The port of the master serving a slot right now, as the cluster says. */
  masterOf(slot: number): Promise<number>;
  /** The port of a live replica of the master on `port`. */
  replicaOf(port: number): Promise<number>;
  /** Kill one server with SIGKILL (no append-only flush, no goodbye to the cluster). */
  kill(port: number): Promise<void>;
  /** Start a stopped or killed server again on its port, directory and cluster config: it rejoins (a replaced master as a replica). */
  restart(port: number): Promise<void>;
  /** Resolves once every running server says the cluster is whole and every master has a replica in step. */
  healthy(timeoutMs?: number): Promise<void>;
}

function clusterArgs(): string[] {
  return ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', String(NODE_TIMEOUT_MS)];
}

/** Start six servers and make them a cluster of three masters with a replica each; `extra` adds arguments to each. */
export async function startRedisCluster(extra: string[] = []): Promise<TestRedisCluster> {
  const ports = await uniquePorts(6);
  const dirs = new Map(ports.map((port) => [port, mkdtempSync(join(tmpdir(), `rollcall-redis-cluster-${port}-`))]));
  const servers: ClusterServer[] = ports.map((port) => ({ port, process: null }));
  const removeDirs = () => {
    for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
  };
  const startServer = async (server: ClusterServer) => {
    server.process ??= await launch(server.port, dirs.get(server.port)!, [...clusterArgs(), ...extra]);
  };
  const stopAll = async () => {
    await Promise.all(
      servers.map(async (server) => {
        if (server.process !== null) await stopped(server.process);
        server.process = null;
      }),
    );
  };
  const ask = async (port: number, ...command: string[]) =>
    (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...command])).stdout.trim();
  const running = () => servers.filter((s) => s.process !== null);

  const healthy = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(running().map((s) => whole(s.port).catch(() => false)));
      if (states.every(Boolean)) return;
      if (Date.now() > deadline) throw new Error('the Redis Cluster did not become whole in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** Whole as this server sees it: every slot served, and if it is a master with replicas known, one in step. */
  const whole = async (port: number) => {
    if (!(await ask(port, 'CLUSTER', 'INFO')).includes('cluster_state:ok')) return false;
    const replication = await ask(port, 'INFO', 'replication');
    if (replication.includes('role:slave')) return replication.includes('master_link_status:up');
    return /connected_slaves:[1-9]/.test(replication);
  };

  try {
    await Promise.all(servers.map(startServer));
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes']).catch(
      (err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new Error('redis-cli is not installed (apt-get install redis-tools)') : err;
      },
    );
    await healthy();
  } catch (err) {
    await stopAll();
    removeDirs();
    throw err;
  }

  const urls = ports.map((port) => `redis://127.0.0.1:${port}`);
  const byPort = (port: number) => {
    const server = servers.find((s) => s.port === port);
    if (server === undefined) throw new Error(`no server of this cluster on port ${port}`);
    return server;
  };
  return {
    target: { urls, cluster: true },
    url: urls[0]!,
    port: ports[0]!,
    dir: dirs.get(ports[0]!)!,
    servers,
    ask,
    async slotOf(key) {
      return Number(await ask(running()[0]!.port, 'CLUSTER', 'KEYSLOT', key));
    },
    async masterOf(slot) {
      // Each line: "<id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slot ranges...>".
      const nodes = (await ask(running()[0]!.port, 'CLUSTER', 'NODES')).split('\n');
      for (const line of nodes) {
        const fields = line.split(' ');
        if (!fields[2]?.includes('master') || fields[2].includes('fail')) continue;
        for (const range of fields.slice(8)) {
          const [from, to = from] = range.split('-').map(Number) as [number, number?];
          if (slot >= from && slot <= to) return Number(fields[1]!.split(':')[1]!.split('@')[0]);
        }
      }
      throw new Error(`no live master serves slot ${slot}`);
    },
    async replicaOf(port) {
      const nodes = (await ask(running()[0]!.port, 'CLUSTER', 'NODES')).split('\n').map((line) => line.split(' '));
      const portOf = (fields: string[]) => Number(fields[1]!.split(':')[1]!.split('@')[0]);
      const master = nodes.find((fields) => portOf(fields) === port);
      const replica = nodes.find((fields) => fields[3] === master?.[0] && !fields[2]!.includes('fail'));
      if (replica === undefined) throw new Error(`the server on port ${port} has no live replica`);
      return portOf(replica);
    },
    async kill(port) {
      const server = byPort(port);
      if (server.process === null) return;
      const exited = new Promise((resolve) => server.process!.once('exit', resolve));
      server.process.kill('SIGKILL');
      await exited;
      server.process = null;
    },
    async restart(port) {
      await startServer(byPort(port));
    },
    healthy,
    stop: stopAll,
    async start() {
      await Promise.all(servers.map(startServer));
      await healthy();
    },
    async close() {
      await stopAll();
      removeDirs();
    },
  };
}

/** Distinct free ports (a cluster's bus port is each port plus 10000, which must be free too). */
async function uniquePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort();
    if (port + 10_000 <= 65_535) ports.add(port);
  }
  return [...ports];
}

/**
 * Starts what a run is pointed at, each in its own process on 127.0.0.1: our
 * server as it runs in production (`src/main.ts` under tsx, test mode off,
 * SQLite in a fresh temporary data directory), or the floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedisCluster } from '../../server/test/redis-cluster-server.js';
import type { StoreKind } from './cli.js';
import type { FloorSizes } from './floor-server.js';
import type { TargetKind } from './point.js';

const serverDir = fileURLToPath(new URL('../../server/', import.meta.url));
const benchDir = fileURLToPath(new URL('../', import.meta.url));

/** A target's processes, up and answering. */
export interface RunningTarget {
  kind: TargetKind;
  urls: string[];
  /** The server processes, and the private Redis when there is one. */
  pids: number[];
  /** The ports of the Redis servers the run uses (empty without Redis), to read their counters. */
  redisPorts: number[];
  /** `performance.now()` when the processes were spawned, to line profiles up with the window. */
  spawnedAt: number;
  /** Where this run keeps its data, logs and profiles. */
  workDir: string;
  /** Stop every process (gracefully, so profiles get written) and return the main-thread CPU profiles written, if any. */
  stop(): Promise<string[]>;
}

/** How to start our server. */
export interface OursOptions {
  nodes: number;
  store: StoreKind;
  redisUrl: string | null;
  /** Run the servers under `--cpu-prof`. */
  profile: boolean;
  /** The server's directory, when not this checkout's apps/server. */
  serverDir: string | null;
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
  throw new Error(`${url} did not come up:\n${log}`);
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function launch(p: {
  kind: TargetKind;
  count: number;
  cwd: string;
  script: string;
  nodeArgs: (workDir: string, n: number) => string[];
  env: (port: number, workDir: string, n: number) => Record<string, string>;
}): Promise<RunningTarget> {
  const workDir = mkdtempSync(join(tmpdir(), `rollcall-bench-${p.kind}-`));
  const spawnedAt = performance.now();
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  try {
    for (let n = 0; n < p.count; n++) {
      const port = await freePort();
      const logFile = join(workDir, `${p.kind}-${n}.log`);
      const log = openSync(logFile, 'a');
      const child = spawn(process.execPath, [...p.nodeArgs(workDir, n), '--import', 'tsx', p.script], {
        cwd: p.cwd,
        env: { ...process.env, ...p.env(port, workDir, n) },
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, child, logFile);
      urls.push(url);
    }
  } catch (err) {
    await Promise.all(children.map((c) => stopChild(c, 1000)));
    throw err;
  }
  return {
    kind: p.kind,
    urls,
    pids: children.map((c) => c.pid ?? -1),
    redisPorts: [],
    spawnedAt,
    workDir,
    async stop() {
      await Promise.all(children.map((c) => stopChild(c, 20_000)));
      // Node names profiles CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile; thread 0 is the main one
      // (tsx's module loader runs on a thread of its own and gets a profile too).
      return readdirSync(workDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
        .map((f) => join(workDir, f));
    },
  };
}

/**
 * A private Redis for one run, on a free port of 127.0.0.1, persisting the
 * way a deployment would (append-only file, flushed every second), in the
 * run's own directory.
 */
async function startRedis(workDir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const logFile = join(workDir, 'redis.log');
  const log = openSync(logFile, 'a');
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', workDir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'],
    { stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) => reject(new Error(`could not start redis-server (is it installed?): ${err.message}`)));
  });
  await spawned;
  const deadline = Date.now() + 10_000;
  while (!readFileSync(logFile, 'utf8').includes('Ready to accept connections')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopChild(child, 1000);
      throw new Error(`redis-server did not start:\n${readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid ?? -1, stop: () => stopChild(child, 5000) };
}

/** A private Redis for one run: what the nodes are told, its processes, its ports. */
interface PrivateRedis {
  env: Record<string, string>;
  pids: number[];
  ports: number[];
  stop(): Promise<void>;
}

/** One redis-server, or a Redis Cluster of three masters and three replicas, both flushing every second. */
async function startPrivateRedis(store: 'redis' | 'redis-cluster'): Promise<PrivateRedis> {
  if (store === 'redis-cluster') {
    const cluster = await startRedisCluster(['--appendfsync', 'everysec']);
    return {
      env: { REDIS_CLUSTER: 'true', REDIS_URL: cluster.target.urls.join(',') },
      pids: cluster.servers.map((s) => s.process?.pid ?? -1),
      ports: cluster.servers.map((s) => s.port),
      stop: () => cluster.close(),
    };
  }
  const redisDir = mkdtempSync(join(tmpdir(), 'rollcall-bench-redis-'));
  try {
    const redis = await startRedis(redisDir);
    return {
      env: { REDIS_URL: redis.url },
      pids: [redis.pid],
      ports: [Number(new URL(redis.url).port)],
      async stop() {
        await redis.stop();
        rmSync(redisDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(redisDir, { recursive: true, force: true });
    throw err;
  }
}

/** Our server, one process per node, persistence on, test mode off. */
export async function startOurs(options: OursOptions, redis?: PrivateRedis): Promise<RunningTarget> {
  if (options.store !== 'sqlite' && options.redisUrl === null && redis === undefined) {
    const started = await startPrivateRedis(options.store);
    try {
      const target = await startOurs(options, started);
      // Redis does part of the serving here, so its CPU and memory count with the servers'.
      return {
        ...target,
        pids: [...target.pids, ...started.pids],
        async stop() {
          const profiles = await target.stop();
          await started.stop();
          return profiles;
        },
      };
    } catch (err) {
      await started.stop();
      throw err;
    }
  }
  const redisEnv = redis?.env ?? (options.redisUrl === null ? {} : { REDIS_URL: options.redisUrl });
  const target = await launch({
    kind: 'ours',
    count: options.nodes,
    cwd: options.serverDir ?? serverDir,
    script: 'src/main.ts',
    nodeArgs: (workDir, n) => (options.profile ? ['--cpu-prof', '--cpu-prof-dir', join(workDir, `profile-${n}`)] : []),
    env: (port, workDir) => ({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(workDir, 'data'),
      LOG_LEVEL: 'info',
      TEST_MODE: '0',
      // Every simulated phone and screen comes from 127.0.0.1: the limits per address would stop the load.
      CONNECTIONS_PER_ADDRESS: '100000',
      ROOMS_PER_ADDRESS_PER_MINUTE: '100000',
      MAX_CONNECTIONS: '100000',
      // --spectators may ask for more than a room takes by default.
      AUDIENCE_PER_ROOM: '100000',
      STORE: options.store === 'sqlite' ? 'sqlite' : 'redis',
      ...redisEnv,
    }),
  });
  const redisPorts = redis?.ports ?? (options.redisUrl === null ? [] : [Number(new URL(options.redisUrl).port || 6379)]);
  return { ...target, redisPorts };
}

/** The floor, sending messages of the given sizes. */
export function startFloor(sizes: FloorSizes): Promise<RunningTarget> {
  return launch({
    kind: 'floor',
    count: 1,
    cwd: benchDir,
    script: 'src/floor-main.ts',
    nodeArgs: () => [],
    env: (port) => ({
      PORT: String(port),
      FLOOR_PUBLIC_BYTES: String(sizes.public),
      FLOOR_SEAT_PART_BYTES: String(sizes.seatPart),
    }),
  });
}

/** Remove a finished target's directory (data, logs), keeping nothing. */
export function removeWorkDir(target: RunningTarget): void {
  rmSync(target.workDir, { recursive: true, force: true });
}

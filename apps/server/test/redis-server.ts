/**
 * A real redis-server for tests, on an ephemeral port with its own temporary
 * directory and the append-only file on (fsynced on every write, as in the
 * compose file), so a test can stop and start it and see what survived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RedisTarget } from '../src/redis-client.js';
import { freePort } from './free-port.js';

/** A redis-server run by a test, or a Redis Cluster of them (`test/redis-cluster-server.ts`). */
export interface TestRedis {
  /** What a node is given to reach it (`REDIS_URL`, and `REDIS_CLUSTER` for a cluster). */
  target: RedisTarget;
  /** The (first) server's address. */
  url: string;
  port: number;
  /** Where its append-only file lives. */
  dir: string;
  /** Stop it (every server of a cluster) with SIGTERM: Redis flushes its append-only file and exits. */
  stop(): Promise<void>;
  /** Start it again on the same port and directory; it reloads the append-only file (a cluster: and is whole again). */
  start(): Promise<void>;
  /** Stop it and remove its directory. */
  close(): Promise<void>;
}

const MISSING =
  'redis-server is not installed, and the Redis tests need a real one: ' +
  'install the Debian package (apt-get install redis-server) or run `bash .ci/run`, which does.';

/** Start redis-server on a port, in a directory, with the append-only file fsynced on every write; `extra` adds arguments. */
export function launch(port: number, dir: string, extra: string[] = []): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '']
    .concat(['--appendonly', 'yes', '--appendfsync', 'always', '--logfile', '', '--daemonize', 'no'], extra);
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${why}:\n${output.join('')}`));
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new Error(MISSING) : err));
    child.once('exit', (code, signal) => fail(`redis-server exited (${String(signal ?? code)}) before it was ready`));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Ready to accept connections')) {
        child.removeAllListeners('exit');
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(child);
      }
    });
    setTimeout(() => fail('redis-server did not get ready in time'), 10_000).unref();
  });
}

/**
 * Stop a redis-server with SIGTERM, resolving once it has exited. A replica
 * of a cluster stopped beside its master was once seen to outlive its SIGTERM:
 * after ten seconds it gets SIGKILL, so no test leaves a server behind.
 */
export function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Start a redis-server; fails with a clear message when it is not installed. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-redis-'));
  let child: ChildProcess | null = await launch(port, dir).catch((err: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const stop = async () => {
    if (child !== null) await stopped(child);
    child = null;
  };
  const url = `redis://127.0.0.1:${port}`;
  return {
    target: { urls: [url], cluster: false },
    url,
    port,
    dir,
    stop,
    async start() {
      if (child === null) child = await launch(port, dir);
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

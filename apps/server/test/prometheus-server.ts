/**
 * A real Prometheus for tests (Debian's `prometheus` package): scraping the
 * given targets every second, on a free port, with its storage in a temporary
 * directory, asked through its own HTTP API as an operator's dashboard would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

const MISSING =
  'prometheus is not installed, and the metrics test needs a real one: ' +
  'install the Debian package (apt-get install prometheus) or run `bash .ci/run`, which does.';

/** One series of an instant query's answer. */
export interface QueriedSeries {
  metric: Record<string, string>;
  value: number;
}

/** A Prometheus run by a test. */
export interface TestPrometheus {
  url: string;
  /** An instant query (`/api/v1/query`): its series with their values; throws on an error answer. */
  query(expr: string): Promise<QueriedSeries[]>;
  /** Stop it and remove its storage and configuration. */
  close(): Promise<void>;
}

/** The configuration: one job scraping `targets` (host:port) every second. */
function configFor(targets: readonly string[]): string {
  return [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    '  evaluation_interval: 1s',
    'scrape_configs:',
    '  - job_name: rollcall',
    '    static_configs:',
    `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
    '',
  ].join('\n');
}

/** Start Prometheus scraping `targets`; resolves once it says it is ready. Fails with a clear message when it is not installed. */
export async function startPrometheus(targets: readonly string[]): Promise<TestPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(config, configFor(targets));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(
    'prometheus',
    [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // A binary that is missing never exits: it only fails to start.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new Error(MISSING) : err));
      void exited.then(() => reject(new Error(`prometheus exited before it was ready:\n${output.join('')}`)));
      const until = Date.now() + 30_000;
      const poll = () => {
        if (child.exitCode !== null) return;
        if (Date.now() > until) return reject(new Error(`prometheus was not ready in time:\n${output.join('')}`));
        fetch(`${url}/-/ready`).then(
          (r) => (r.ok ? resolve() : setTimeout(poll, 200)),
          () => setTimeout(poll, 200),
        );
      };
      poll();
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    async query(expr) {
      const answer = (await (await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as {
        status: string;
        error?: string;
        data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (answer.status !== 'success' || answer.data === undefined) throw new Error(`query ${expr} failed: ${answer.error ?? answer.status}`);
      if (answer.data.resultType !== 'vector') throw new Error(`query ${expr} gave a ${answer.data.resultType}, not a vector`);
      return answer.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    close: stop,
  };
}

import { parseArgs } from 'node:util';
import { LADDER_CRITERIA, type Criteria, type TargetKind, type Workload } from './point.js';

/** Where our server keeps its rooms in a run: SQLite, one Redis, or a local Redis Cluster of three shards. */
export type StoreKind = 'sqlite' | 'redis' | 'redis-cluster';

/** Everything `bench:load` was asked to do. */
export interface LoadPlan {
  /** Which preset the plan started from: quick, ladder, crowd or a single point. */
  preset: 'point' | 'quick' | 'ladder' | 'crowd' | 'storm';
  /** The points to run, lowest first; a ladder has several. */
  points: Workload[];
  targets: TargetKind[];
  /** Runs of each point against each target. */
  repeat: number;
  warmupMs: number;
  durationMs: number;
  /** A move with no reply, or not delivered to its whole room, after this long is a timeout. */
  timeoutMs: number;
  criteria: Criteria;
  /** Server processes for our target; sockets are spread over them. */
  nodes: number;
  store: StoreKind;
  /** The Redis to use with `--store redis`; null starts a private one for each run. */
  redisUrl: string | null;
  /** Write a CPU profile of our server for the measured window and summarise it. */
  profile: boolean;
  /** Wait (up to 15 minutes) for the 1-minute load average to fall below 1.0 before starting. */
  waitQuiet: boolean;
  /** Also write every result as JSON to this file. */
  json: string | null;
  /** Another copy of apps/server to run as ours (to compare before and after a change); null for this one. */
  serverDir: string | null;
  /** Spectators that crowd into one more room as the window opens (0 for none). */
  storm: number;
}

/**
 * The budget's ladder: rooms of 6 phones and 2 spectators at 1 move per second
 * per phone. Steps of 50 up to 300, where both servers top out on a two-core
 * machine, so the ratio of their highest passing points is not a matter of
 * coarse steps; then up to the budget's 500 and beyond.
 */
export const LADDER_ROOMS = [50, 100, 150, 200, 250, 300, 400, 500, 600, 800];

export const USAGE = `pnpm bench:load [--quick | --ladder | --crowd | --storm] [options]

  --quick              one small point against both targets, under a minute
  --ladder             step up through ${LADDER_ROOMS.join(', ')} rooms; report the highest passing point
  --crowd              one room with 6 phones and 1,000 spectators (p99 limit 200 ms)
  --storm              20 rooms playing while 1,000 spectators crowd into one more (p99 limit 100 ms)

  --rooms N            rooms (default 100)          --players N      phones per room (6)
  --spectators N       spectators per room (2)      --rate X         moves per second per phone (1)
  --warmup S           seconds before measuring     --duration S     seconds measured
  --repeat N           runs of each point (1)       --target T       ours, floor or both (both)
  --p99 MS             pass limit for p99           --timeout MS     move time limit (5000)
  --ladder-rooms LIST  comma-separated room counts for --ladder
  --nodes N            server processes for ours (1); sockets are spread over them
  --store S            sqlite (default), redis, or redis-cluster (a private Redis Cluster of 3 masters and 3 replicas)
  --redis-url URL      a Redis on this machine for --store redis (default: start a private one per run)
  --profile            CPU profile of our server over the measured window, summarised
  --wait-quiet         first wait for the 1-minute load average to fall below 1.0
  --json FILE          also write the results as JSON
  --server-dir DIR     run another copy of apps/server as ours, e.g. an export of an older commit
  --storm-size N       spectators crowding into one more room as the window opens (0 = none)`;

const presets = {
  point: { rooms: [100], spectators: 2, warmupS: 6, durationS: 20, p99Ms: LADDER_CRITERIA.p99Ms },
  quick: { rooms: [20], spectators: 2, warmupS: 3, durationS: 8, p99Ms: LADDER_CRITERIA.p99Ms },
  ladder: { rooms: LADDER_ROOMS, spectators: 2, warmupS: 6, durationS: 20, p99Ms: LADDER_CRITERIA.p99Ms },
  crowd: { rooms: [1], spectators: 1000, warmupS: 6, durationS: 30, p99Ms: 200 },
  storm: { rooms: [20], spectators: 2, warmupS: 6, durationS: 30, p99Ms: 100 },
} as const;

/** Spectators in the storm preset's crowd. */
const STORM_SIZE = 1000;

function whole(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} takes a whole number ≥ ${min}, not "${text}"`);
  return n;
}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number, not "${text}"`);
  return n;
}

/** Read the command line (a leading `--` from the package runner is skipped); throws a readable error. */
export function parseLoadArgs(argv: readonly string[]): LoadPlan {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      quick: { type: 'boolean' },
      ladder: { type: 'boolean' },
      crowd: { type: 'boolean' },
      storm: { type: 'boolean' },
      'storm-size': { type: 'string' },
      rooms: { type: 'string' },
      players: { type: 'string' },
      spectators: { type: 'string' },
      rate: { type: 'string' },
      warmup: { type: 'string' },
      duration: { type: 'string' },
      repeat: { type: 'string' },
      target: { type: 'string' },
      p99: { type: 'string' },
      timeout: { type: 'string' },
      'ladder-rooms': { type: 'string' },
      nodes: { type: 'string' },
      store: { type: 'string' },
      'redis-url': { type: 'string' },
      profile: { type: 'boolean' },
      'wait-quiet': { type: 'boolean' },
      json: { type: 'string' },
      'server-dir': { type: 'string' },
    },
  });
  const chosen = (['quick', 'ladder', 'crowd', 'storm'] as const).filter((p) => values[p] === true);
  if (chosen.length > 1) throw new Error(`choose one of --${chosen.join(', --')}`);
  const preset = chosen[0] ?? 'point';
  const base = presets[preset];

  let rooms: number[] = [...base.rooms];
  if (values['ladder-rooms'] !== undefined) {
    if (preset !== 'ladder') throw new Error('--ladder-rooms goes with --ladder');
    rooms = values['ladder-rooms'].split(',').map((r) => whole('ladder-rooms', r.trim(), 0));
  }
  if (values.rooms !== undefined) {
    if (preset === 'ladder') throw new Error('--rooms does not go with --ladder; use --ladder-rooms');
    rooms = [whole('rooms', values.rooms, 0)];
  }
  rooms = [...new Set(rooms)].sort((a, b) => a - b);

  const players = whole('players', values.players, 6);
  const spectators = whole('spectators', values.spectators, base.spectators, 0);
  const rate = positive('rate', values.rate, 1);
  const target = values.target ?? 'both';
  if (!['ours', 'floor', 'both'].includes(target)) throw new Error(`--target is ours, floor or both, not "${target}"`);
  const store = values.store ?? 'sqlite';
  if (store !== 'sqlite' && store !== 'redis' && store !== 'redis-cluster') {
    throw new Error(`--store is sqlite, redis or redis-cluster, not "${store}"`);
  }
  const nodes = whole('nodes', values.nodes, 1);
  if (nodes > 1 && store === 'sqlite') throw new Error('--nodes above 1 needs --store redis or redis-cluster: SQLite lives in one process');
  const redisUrl = values['redis-url'] ?? null;
  if (redisUrl !== null && store !== 'redis') throw new Error('--redis-url goes with --store redis');
  if (redisUrl !== null && !/^redis:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/\d+)?$/.test(redisUrl)) {
    throw new Error('--redis-url must point at this machine (127.0.0.0/8, localhost or [::1])');
  }

  return {
    preset,
    points: rooms.map((r) => ({ rooms: r, players, spectators, rate })),
    targets: target === 'both' ? ['ours', 'floor'] : [target as TargetKind],
    repeat: whole('repeat', values.repeat, 1),
    warmupMs: positive('warmup', values.warmup, base.warmupS) * 1000,
    durationMs: positive('duration', values.duration, base.durationS) * 1000,
    timeoutMs: whole('timeout', values.timeout, 5000),
    criteria: { ...LADDER_CRITERIA, p99Ms: positive('p99', values.p99, base.p99Ms) },
    nodes,
    store,
    redisUrl,
    profile: values.profile === true,
    waitQuiet: values['wait-quiet'] === true,
    json: values.json ?? null,
    serverDir: values['server-dir'] ?? null,
    storm: whole('storm-size', values['storm-size'], preset === 'storm' ? STORM_SIZE : 0, 0),
  };
}

import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { RedisTarget } from './redis-client.js';
import type { SyncMode } from './store/sqlite-adapter.js';

/** The built web app inside this repository, whatever the working directory. */
const defaultWebDir = fileURLToPath(new URL('../../web/build', import.meta.url));

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .default('')
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A comma-separated list, blanks dropped. */
const list = z
  .string()
  .default('')
  .transform((v) => v.split(',').map((item) => item.trim()).filter((item) => item !== ''));

/** Unset, or set to an empty string (as compose files do with `${VAR:-}`): absent. */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const positive = (fallback: number) => z.coerce.number().positive().default(fallback);
const whole = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_MODE: flag,
  FINISHED_RETENTION_HOURS: positive(24),
  IDLE_RETENTION_HOURS: positive(72),
  PUBLIC_URL: z.url().optional(),
  WEB_DIR: z.string().min(1).default(defaultWebDir),
  STORE: z.enum(['sqlite', 'redis']).default('sqlite'),
  SQLITE_SYNC: z.enum(['normal', 'full']).default('normal'),
  /** One address, or with REDIS_CLUSTER several nodes of the cluster to start from, comma-separated. */
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : v.split(',').map((url) => url.trim()).filter((url) => url !== '')))
    .pipe(z.array(z.url({ protocol: /^rediss?$/ })).min(1).optional()),
  REDIS_CLUSTER: flag,
  MAX_PAYLOAD_BYTES: whole(4096),
  ACTION_BURST: whole(20),
  ACTIONS_PER_SECOND: positive(10),
  JOIN_BURST: whole(8),
  JOINS_PER_MINUTE: positive(20),
  MAX_CONNECTIONS: whole(5000),
  CONNECTIONS_PER_ADDRESS: whole(40),
  ROOMS_PER_ADDRESS_PER_MINUTE: whole(10),
  WRONG_CODES_PER_CONNECTION: whole(5),
  WRONG_CODE_WAIT_MAX_SECONDS: positive(60),
  WRONG_CODES_PER_ADDRESS_PER_HOUR: whole(100),
  // Was a low per-minute cap on the whole address; refused by name so a deployment that set it notices.
  WRONG_CODES_PER_ADDRESS_PER_MINUTE: z
    .never({ error: 'replaced by WRONG_CODES_PER_CONNECTION, WRONG_CODE_WAIT_MAX_SECONDS and WRONG_CODES_PER_ADDRESS_PER_HOUR (docs/security.md)' })
    .optional(),
  AUDIENCE_PER_ROOM: whole(1000),
  SEAT_CHANGES_PER_SECOND: whole(3),
  AUDIENCE_REFRESH_MS: whole(50),
  // Both together stay under the proxy's idle timeout in deploy/nginx.conf (75 s).
  PING_INTERVAL_MS: z.coerce.number().int().min(1000).max(30_000).default(5000),
  PING_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30_000).default(4000),
  BOT_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  TRUST_PROXY: list,
  ALLOWED_ORIGINS: list.pipe(z.array(z.url().transform((o) => new URL(o).origin))),
  METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Visible ASCII, long enough not to be guessed: it goes in an HTTP header as it is.
  METRICS_TOKEN: z.preprocess(blankAsUnset, z.string().regex(/^[!-~]{16,}$/, 'at least 16 visible ASCII characters, no spaces').optional()),
})
  .refine((e) => e.STORE !== 'redis' || e.REDIS_URL !== undefined, {
    message: 'STORE=redis needs REDIS_URL (e.g. redis://localhost:6379)',
    path: ['REDIS_URL'],
  })
  .refine((e) => e.REDIS_CLUSTER || (e.REDIS_URL?.length ?? 0) <= 1, {
    message: 'REDIS_URL names one server; several addresses are the nodes of a Redis Cluster (REDIS_CLUSTER=true)',
    path: ['REDIS_URL'],
  });

/** Where rooms live: the embedded SQLite file, or a Redis server (or Redis Cluster) shared by several nodes. */
export type StoreConfig = { store: 'sqlite'; redis: null; sqliteSync: SyncMode } | { store: 'redis'; redis: RedisTarget };

/** Everything the server can be told, parsed once at start. */
export type Config = BaseConfig & StoreConfig;

/** The settings that do not depend on the store. */
export interface BaseConfig {
  port: number;
  host: string;
  dataDir: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Allows the fixed dice seed on `room:create`; never on in production. */
  testMode: boolean;
  /** How long a finished game keeps its room, result and action log. */
  finishedRetentionMs: number;
  /** How long a room nobody has changed is kept before it is dropped. */
  idleRetentionMs: number;
  publicUrl: string | null;
  webDir: string;
  /** How long a bot waits before each move in rooms opened from now on (0 in tests). */
  botPauseMs: number;
  /** The largest message a client may send; larger ones are refused or cut off. */
  maxPayloadBytes: number;
  /**
   * The transport's heartbeat: the server pings each connection this long
   * after its last answer and drops it when no answer comes within `timeoutMs`,
   * so a phone that died without closing its connection is gone (and its seat
   * free to take back) at most `intervalMs + timeoutMs` after it last answered.
   */
  heartbeat: { intervalMs: number; timeoutMs: number };
  /** Per connection: room messages as a token bucket. */
  actionLimit: { burst: number; perSecond: number };
  /** Per connection: create and join attempts, kept low against code guessing. */
  joinLimit: { burst: number; perSecond: number };
  /** Limits per client address (across connections, and across nodes on Redis) and per room; see docs/security.md. */
  limits: Limits;
  /**
   * The proxies whose `X-Forwarded-For` names the real client (addresses,
   * CIDR ranges or `loopback`, `linklocal`, `uniquelocal`); empty trusts none.
   */
  trustProxy: string[];
  /** Origins besides the server's own and `publicUrl` whose pages may open a socket. */
  allowedOrigins: string[];
  /** Where Prometheus may read `/metrics` (see `metrics-endpoint.ts`); nowhere by default. */
  metrics: MetricsConfig;
}

/** `/metrics` on a listener of its own (`port`, on `host`), and/or on the main port behind a bearer token. */
export interface MetricsConfig {
  /** The own listener's port; null for none. */
  port: number | null;
  /** The interface the own listener binds to: loopback unless told otherwise. */
  host: string;
  /** The bearer token a scrape must show: on the main port, which serves no metrics without one, and on the own listener too. */
  token: string | null;
}

/** How much one client address, one room and one seat may ask of the server. */
export interface Limits {
  /** Open connections on this node, from everyone. */
  maxConnections: number;
  /** Open connections from one address. */
  connectionsPerAddress: number;
  /** Rooms created by one address in a minute. */
  roomsPerAddressPerMinute: number;
  /** Joins naming a room that does not exist, by one connection, before it waits between them (see guess-backoff.ts). */
  wrongCodesPerConnection: number;
  /** The longest a connection waits after one more wrong code. */
  wrongCodeWaitMaxMs: number;
  /** Joins naming a room that does not exist, by one address in an hour, before its joins by code are refused: code enumeration. */
  wrongCodesPerAddressPerHour: number;
  /** Spectators and shared screens watching one room. */
  audiencePerRoom: number;
  /** How many moves of one seat are accepted in a second, over all its connections. */
  seatChanges: number;
  /** The shortest time between two public views sent because the audience changed; it grows with the audience. */
  audienceRefreshMs: number;
}

const HOUR = 3_600_000;

/** Parse the environment (or any map like it); throws a readable error on a bad value. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`bad configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const store: StoreConfig =
    e.STORE === 'redis' && e.REDIS_URL !== undefined
      ? { store: 'redis', redis: { urls: e.REDIS_URL, cluster: e.REDIS_CLUSTER } }
      : { store: 'sqlite', redis: null, sqliteSync: e.SQLITE_SYNC };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    testMode: e.TEST_MODE,
    finishedRetentionMs: e.FINISHED_RETENTION_HOURS * HOUR,
    idleRetentionMs: e.IDLE_RETENTION_HOURS * HOUR,
    publicUrl: e.PUBLIC_URL ?? null,
    webDir: e.WEB_DIR,
    ...store,
    botPauseMs: e.BOT_PAUSE_MS,
    maxPayloadBytes: e.MAX_PAYLOAD_BYTES,
    heartbeat: { intervalMs: e.PING_INTERVAL_MS, timeoutMs: e.PING_TIMEOUT_MS },
    actionLimit: { burst: e.ACTION_BURST, perSecond: e.ACTIONS_PER_SECOND },
    joinLimit: { burst: e.JOIN_BURST, perSecond: e.JOINS_PER_MINUTE / 60 },
    limits: {
      maxConnections: e.MAX_CONNECTIONS,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
      roomsPerAddressPerMinute: e.ROOMS_PER_ADDRESS_PER_MINUTE,
      wrongCodesPerConnection: e.WRONG_CODES_PER_CONNECTION,
      wrongCodeWaitMaxMs: e.WRONG_CODE_WAIT_MAX_SECONDS * 1000,
      wrongCodesPerAddressPerHour: e.WRONG_CODES_PER_ADDRESS_PER_HOUR,
      audiencePerRoom: e.AUDIENCE_PER_ROOM,
      seatChanges: e.SEAT_CHANGES_PER_SECOND,
      audienceRefreshMs: e.AUDIENCE_REFRESH_MS,
    },
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
  };
}

import helmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { answerError } from './http-errors.js';
import { createLogger } from './logger.js';
import { metricsEndpoint } from './metrics-endpoint.js';
import { createMetrics, meteredRepository } from './metrics.js';
import { health } from './readiness.js';
import { realtime } from './realtime.js';
import { gameRecords } from './record-route.js';
import { retention } from './retention.js';
import { securityHeaders } from './security-headers.js';
import { replayMove } from './room-changes.js';
import type { RandomIndex } from './secrets.js';
import { openRedisAdapter } from './store/redis-adapter.js';
import { openRoomRepository, type RoomRepository } from './store/room-repository.js';
import { openSqliteAdapter } from './store/sqlite-adapter.js';
import { webApp } from './web-app.js';

/** What a caller may put in place of the defaults (tests: a manual clock, their own store or logger). */
export interface AppDeps {
  store?: RoomRepository;
  clock?: Clock;
  logger?: Logger;
  /** Where room codes' letters come from (crypto by default). */
  randomIndex?: RandomIndex;
}

/** The rooms over the configured store, replaying journalled moves with the rules deployed now. */
export async function openRepository(config: Config, log: Logger): Promise<RoomRepository> {
  const adapter =
    config.store === 'sqlite'
      ? await openSqliteAdapter(config.dataDir, { sync: config.sqliteSync })
      : openRedisAdapter(config.redis, log);
  return openRoomRepository(adapter, { replay: replayMove, log });
}

/**
 * The whole server as a Fastify app: health check, the web app, Socket.IO and
 * the rooms behind it. It never listens by itself; `main.ts` and tests do.
 * Closing it closes the sockets, stops the timers and closes the store.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config);
  // Socket.IO and static files would make one log line per request: rooms log what matters instead.
  const logController = new LogController({ disableRequestLogging: true });
  const loggerInstance: FastifyBaseLogger = logger;
  // Behind the configured proxies, `request.ip` is the client's, as for sockets (see `client-guard.ts`).
  const trustProxy = config.trustProxy.length > 0 ? config.trustProxy : false;
  const app: FastifyInstance = Fastify({ loggerInstance, logController, trustProxy, frameworkErrors: answerError });
  app.setErrorHandler(answerError);
  // Node's default metrics start monitors of their own: only where the metrics are served.
  const metrics = createMetrics({ nodeDefaults: config.metrics.port !== null || config.metrics.token !== null });
  const opened = deps.store ?? (await openRepository(config, logger));
  const store = meteredRepository(opened, metrics);
  const clock = deps.clock ?? systemClock;

  app.addHook('onClose', async () => {
    // A store handed in belongs to the caller, who closes it.
    if (deps.store === undefined) await opened.close();
  });
  // Registered on the app itself, not in a plugin of its own, so that it covers every route.
  await app.register(helmet, securityHeaders(config));
  await app.register(health, { store });
  await app.register(metricsEndpoint, { config, metrics });
  await app.register(realtime, { config, store, clock, log: logger, metrics, randomIndex: deps.randomIndex });
  await app.register(gameRecords, { store });
  await app.register(retention, { config, store, clock });
  await app.register(webApp, { config });
  return app;
}

import { commands, errorOnTheWire, roomError, type CommandName, type Joined, type Reply } from '@rollcall/protocol';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Clock } from './clock.js';
import { sweepDeadlines } from './cluster/deadline-sweep.js';
import { joinCluster } from './cluster/redis-cluster.js';
import type { Config } from './config.js';
import { membershipOf, socketDelivery } from './delivery.js';
import type { Metrics } from './metrics.js';
import { addressLimits } from './address-limits.js';
import { addressOf, admitConnections, entryGuard, FloodLog, HandshakeGate, originAllowed, refuseUnknownEvents } from './client-guard.js';
import { TokenBucket } from './rate-limit.js';
import { closeRedis, connectRedis } from './redis-client.js';
import { RoomService } from './room-service.js';
import { newServerSeed, type RandomIndex } from './secrets.js';
import type { RoomRepository } from './store/room-repository.js';
import { viewParser } from './view-encoder.js';

/** What the realtime plugin is given by the app. */
export interface RealtimeOptions {
  config: Config;
  store: RoomRepository;
  clock: Clock;
  log: Logger;
  metrics: Metrics;
  /** Where room codes' letters come from; crypto unless a test picks them. */
  randomIndex?: RandomIndex;
}

type EntryGuard = ReturnType<typeof entryGuard>;

/** Commands that are moves: their answers are timed and their refusals counted. */
const moves: ReadonlySet<CommandName> = new Set(['action', 'playDefault']);

/** The ways into a room pass the address's guards first: creating counts rooms, joining counts wrong codes. */
const entryGuards: Partial<Record<CommandName, (entry: EntryGuard, socket: Socket, payload: unknown, run: () => Promise<Reply<Joined>>) => Promise<Reply<Joined>>>> = {
  createRoom: (entry, socket, _payload, run) => entry.create(socket, run),
  joinRoom: (entry, socket, payload, run) => entry.join(socket, payload, run),
};

/** The size of a message's arguments as JSON, or Infinity when they cannot be measured. */
function sizeOf(args: unknown[]): number {
  try {
    return Buffer.byteLength(JSON.stringify(args) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The room a message is about, for log lines: the code it names, else the room the socket is in. */
function roomOf(socket: Socket, payload: unknown): string | null {
  const named = typeof payload === 'object' && payload !== null ? (payload as { code?: unknown }).code : undefined;
  return typeof named === 'string' ? named.slice(0, 8) : (membershipOf(socket)?.code ?? null);
}

/**
 * Socket.IO on the app's own HTTP server, as a Fastify plugin: every client
 * event is rate-limited, size-checked and handed to the room service, and
 * always answered with a `Reply` when the client asked for one. Closing the
 * app disconnects every socket and stops the turn timers.
 */
export async function realtime(
  app: FastifyInstance,
  { config, store, clock, log: appLog, metrics, randomIndex }: RealtimeOptions,
): Promise<void> {
  const gate = new HandshakeGate(config);
  const io = new Server(app.server, {
    serveClient: false,
    // Only the app's own pages (and configured ones, such as a dev server) may open a socket: another
    // site's page could otherwise spend its visitors' connections and limits on this server.
    allowRequest: (request, callback) =>
      callback(null, originAllowed(request.headers.origin, request.headers.host, config) && gate.allows(request)),
    // A connection that has not asked to be let in by then is dropped: it holds a place for nothing.
    connectTimeout: 10_000,
    // A phone that dies without closing its connection holds its seat until the heartbeat misses it (see config.ts).
    pingInterval: config.heartbeat.intervalMs,
    pingTimeout: config.heartbeat.timeoutMs,
    cors: { origin: (origin, callback) => callback(null, originAllowed(origin, undefined, config)) },
    // Far beyond any real message; the per-event cap below answers the merely too large with a typed error.
    maxHttpBufferSize: config.maxPayloadBytes * 4,
    // Changes go out as JSON written once per room or seat, put side by side per socket.
    parser: viewParser,
  });
  const log = appLog.child({ part: 'rooms' });
  // On Redis, several nodes share the rooms: the adapter carries views and node-to-node requests.
  const cluster = config.store === 'redis' ? joinCluster(io, config.redis, log) : null;
  // On Redis, the limits are counted there too, so that every node sees the same counts.
  const limitsLink = config.store === 'redis' ? connectRedis(config.redis, log, 'limits', { enableOfflineQueue: false }) : null;
  const limits = addressLimits(config.limits, limitsLink, log);
  const flood = new FloodLog(log, metrics);
  const guessPolicy = { free: config.limits.wrongCodesPerConnection, maxWaitMs: config.limits.wrongCodeWaitMaxMs };
  const entry = entryGuard(limits, flood, guessPolicy, () => clock.now());
  gate.watch(io);
  admitConnections(io, config, limits, flood);
  const service = new RoomService({
    store,
    clock,
    log,
    delivery: cluster?.delivery ?? socketDelivery(io),
    serverSeed: newServerSeed,
    testMode: config.testMode,
    botPauseMs: config.botPauseMs,
    randomIndex,
    audiencePerRoom: config.limits.audiencePerRoom,
    audienceRefreshMs: config.limits.audienceRefreshMs,
    mayMove: async (code, seat) => {
      if (await limits.mayMove(code, seat)) return true;
      flood.refused('room/too-many-changes', `${code}/${seat}`);
      return false;
    },
  });
  metrics.watch({
    memberships: () => Array.from(io.sockets.sockets.values(), membershipOf),
    liveNodes: () => cluster?.liveNodes() ?? 1,
    roomsHeld: () => store.held(),
  });
  cluster?.onRelinked((codes) => {
    log.info({ rooms: codes.length }, 'sending views again after the link to the other nodes came back');
    for (const code of codes) service.resend(code);
  });

  io.on('connection', (socket) => {
    const limits = { action: new TokenBucket(config.actionLimit), join: new TokenBucket(config.joinLimit) };
    refuseUnknownEvents(socket);
    for (const name of Object.keys(commands) as CommandName[]) {
      const { event, sender } = commands[name];
      // Who names no token is entering a room: the join bucket, which slows down guessing codes.
      const bucket = sender === 'anyone' ? limits.join : limits.action;
      const guard = entryGuards[name];
      socket.on(event, (...args: unknown[]) => {
        const received = performance.now();
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (args.pop() as (reply: Reply<unknown>) => void) : null;
        const line = { room: roomOf(socket, args[0]), seat: null, event };
        const answer = (reply: Reply<unknown>) => {
          if (!reply.ok) log.debug({ ...line, code: reply.error.code }, 'refused');
          // An accepted move is answered only once its views are sent: this is receipt to last send.
          if (moves.has(name)) metrics.moveAnswered(reply, (performance.now() - received) / 1000);
          try {
            ack?.(reply.ok ? reply : { ok: false, error: errorOnTheWire(reply.error) });
          } catch (err) {
            log.warn({ ...line, err }, 'could not acknowledge');
          }
        };
        const failed = (err: unknown) => {
          log.error({ ...line, err }, 'handler failed');
          answer({ ok: false, error: roomError('room/internal') });
        };
        try {
          // One warning per address and flood, not one per refused message nor one per connection it opens.
          if (!bucket.take()) {
            flood.refused('room/rate-limited', addressOf(socket));
            answer({ ok: false, error: roomError('room/rate-limited') });
            return;
          }
          if (sizeOf(args) > config.maxPayloadBytes) {
            flood.refused('room/too-large', addressOf(socket));
            answer({ ok: false, error: roomError('room/too-large') });
            return;
          }
          const run = () => service.run(name, args[0], { id: socket.id, membership: membershipOf(socket) });
          const reply = guard === undefined ? run() : guard(entry, socket, args[0], run as () => Promise<Reply<Joined>>);
          reply.then(answer, failed);
        } catch (err) {
          failed(err);
        }
      });
    }
    socket.on('disconnecting', () => {
      const membership = membershipOf(socket);
      if (membership !== null) service.presenceChanged(membership);
    });
  });

  let sweep: { stop(): void } | null = null;
  app.addHook('onReady', async () => {
    if (cluster !== null) {
      // Each node fires the timers it set; the sweep takes over those a lost node set.
      sweep = sweepDeadlines(service, clock, log);
      return;
    }
    const restored = await service.restoreTimers();
    if (restored > 0) log.info({ rooms: restored }, 'turn timers restored');
  });
  app.addHook('preClose', async () => {
    sweep?.stop();
    service.freezePresence();
    // Only this node's sockets: the other nodes keep serving theirs.
    io.local.disconnectSockets(true);
    io.engine.close();
    await service.close();
    await cluster?.close();
    if (limitsLink !== null) await closeRedis(limitsLink);
  });
}

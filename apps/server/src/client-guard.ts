/**
 * What the socket layer checks before a message reaches the rooms: who the
 * client is (its address, through a trusted proxy only), which pages may open
 * a socket, how many connections there are, and the limits on creating
 * rooms (per address) and guessing codes (per connection and per address).
 * Refusals are logged once per flood.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { ClientEvent, errorOnTheWire, retryAfterSeconds, roomError, type ErrorBody, type Joined, type Reply } from '@rollcall/protocol';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { AddressLimits } from './address-limits.js';
import type { Config } from './config.js';
import { guessedWrong, noGuesses, waitLeftMs, type Guesses, type GuessPolicy } from './guess-backoff.js';
import type { Metrics } from './metrics.js';

/** Which proxies may say who the client is; none unless configured. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The trust function for the configured proxies. */
export function trustedProxies(list: readonly string[]): TrustProxy {
  return proxyAddr.compile([...list]);
}

/** The client's address: the connection's peer, or what a trusted proxy says in `X-Forwarded-For`. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  return proxyAddr(request, trust);
}

/** The client address recorded on a socket when it connected. */
export function addressOf(socket: Socket): string {
  return (socket.data as { address?: string }).address ?? socket.handshake.address;
}

/**
 * Whether a page at `origin` may open a socket: the server's own origin (as
 * the client reached it), `PUBLIC_URL`'s and the configured ones. A client
 * that sends no Origin is not a web page (a script or app of its own) and
 * could send any Origin it liked, so this only keeps other sites' pages out.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, config: Config): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host) return true;
  if (config.publicUrl !== null && parsed.origin === new URL(config.publicUrl).origin) return true;
  return config.allowedOrigins.includes(parsed.origin);
}

/** One warning when an address starts being refused by a limit, not one per refused message; every refusal counted. */
export class FloodLog {
  private readonly since = new Map<string, number>();

  constructor(
    private readonly log: Logger,
    private readonly metrics: Pick<Metrics, 'limited'>,
    /** How long an address stays "flooding" after its last warning. */
    private readonly quietMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  refused(limit: ErrorBody['code'], address: string): void {
    this.metrics.limited(limit);
    const key = `${limit} ${address}`;
    const at = this.now();
    const last = this.since.get(key);
    if (last !== undefined && at - last < this.quietMs) return;
    // Bounded: a flood from very many addresses forgets the oldest.
    if (this.since.size >= 10_000) this.since.clear();
    this.since.set(key, at);
    this.log.warn({ limit, address }, 'refused by a limit; further refusals of this address are not logged for a minute');
  }
}

const refusal = <T>(code: Parameters<typeof roomError>[0]): Reply<T> => ({ ok: false, error: roomError(code) });

/**
 * Whether a join carries a seat or host token: a phone or screen coming back
 * to a room it was in. Such a join is let through any guessing limit, as only
 * a valid token gets anyone in (see `entryGuard`).
 */
function carriesToken(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const join = payload as { as?: unknown; seatToken?: unknown; hostToken?: unknown };
  return (join.as === 'seat' && typeof join.seatToken === 'string') || (join.as === 'host' && typeof join.hostToken === 'string');
}

/**
 * Guards for the two ways into a room: creating one counts against the
 * address's rooms per minute, and a join naming no room is a wrong code (the
 * guessing that finds other people's rooms). A connection that names several
 * wrong codes waits, longer after each (`guess-backoff.ts`), and only it;
 * an address that names very many is refused joins by code for the rest of
 * the hour. A join with a seat or host token is never held back by either:
 * it is tried, and if its token gets it in, in it goes; if not, it gets the
 * same refusal as any guess, so that it cannot tell whether the room exists.
 */
export function entryGuard(limits: AddressLimits, flood: FloodLog, policy: GuessPolicy, now: () => number) {
  const guessesOf = new WeakMap<Socket, Guesses>();

  /** Why `socket` may not join by code right now, or null when it may: its own wait first, then its address's. */
  async function guessRefusal(socket: Socket, address: string): Promise<ErrorBody | null> {
    const waitMs = waitLeftMs(guessesOf.get(socket) ?? noGuesses, now());
    if (waitMs > 0) return roomError('room/guessing-slowed', waitMs);
    const pausedMs = await limits.guessingPausedFor(address);
    return pausedMs > 0 ? roomError('room/too-many-guesses', pausedMs) : null;
  }

  return {
    async create(socket: Socket, run: () => Promise<Reply<Joined>>): Promise<Reply<Joined>> {
      const address = addressOf(socket);
      if (!(await limits.mayCreate(address))) {
        flood.refused('room/too-many-rooms', address);
        return refusal('room/too-many-rooms');
      }
      return run();
    },
    async join(socket: Socket, payload: unknown, run: () => Promise<Reply<Joined>>): Promise<Reply<Joined>> {
      const address = addressOf(socket);
      const refused = await guessRefusal(socket, address);
      if (refused !== null && !carriesToken(payload)) {
        flood.refused(refused.code, address);
        return { ok: false, error: refused };
      }
      const reply = await run();
      if (reply.ok) return reply;
      if (reply.error.code === 'room/not-found') {
        limits.guessedWrong(address);
        const guesses = guessedWrong(guessesOf.get(socket) ?? noGuesses, now(), policy);
        guessesOf.set(socket, guesses);
        // Say so now, so the phone can tell its person how long to wait before the next code.
        const waitMs = waitLeftMs(guesses, now());
        if (waitMs > 0 && refused === null) return { ok: false, error: { ...reply.error, retryAfterSeconds: retryAfterSeconds(waitMs) } };
      }
      if (refused === null) return reply;
      flood.refused(refused.code, address);
      return { ok: false, error: refused };
    },
  };
}

/**
 * Counts this node's transport connections per address, before Socket.IO
 * admits them to the rooms' namespace: a client that opens connections and
 * never asks to be let in would otherwise hold them, uncounted, until
 * Socket.IO's connect timeout. At twice the limit per address the handshake
 * itself is refused (HTTP 403, with no typed reason); below that, the typed
 * refusal of `admitConnections` comes first.
 */
export class HandshakeGate {
  private readonly open = new Map<string, number>();
  private readonly trust: TrustProxy;

  constructor(private readonly config: Config) {
    this.trust = trustedProxies(config.trustProxy);
  }

  /** Whether a new transport connection from this request's client may open. */
  allows(request: IncomingMessage): boolean {
    const address = clientAddress(request, this.trust);
    return (this.open.get(address) ?? 0) < 2 * this.config.limits.connectionsPerAddress;
  }

  /** Count the transport connections the engine opens, and uncount them as they close. */
  watch(io: Server): void {
    io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', fn: () => void): void }) => {
      const address = clientAddress(connection.request, this.trust);
      this.open.set(address, (this.open.get(address) ?? 0) + 1);
      connection.once('close', () => {
        const left = (this.open.get(address) ?? 1) - 1;
        if (left > 0) this.open.set(address, left);
        else this.open.delete(address);
      });
    });
  }
}

/**
 * Let a connection in only while the server and the client's address have
 * room for it; the client gets the typed refusal as its `connect_error`'s
 * data, and then its connection is closed, so a refused one holds nothing.
 */
export function admitConnections(io: Server, config: Config, limits: AddressLimits, flood: FloodLog): void {
  const trust = trustedProxies(config.trustProxy);
  io.use((socket, next) => {
    const address = clientAddress(socket.request, trust);
    (socket.data as { address?: string }).address = address;
    const refuse = (error: ErrorBody) => {
      flood.refused(error.code, address);
      next(Object.assign(new Error(error.code), { data: errorOnTheWire(error) }));
      // Once the refusal is on its way (engine.io closes after the write buffer drains).
      setImmediate(() => socket.conn.close());
    };
    // The engine already counts this connection.
    if (io.engine.clientsCount > config.limits.maxConnections) return refuse(roomError('room/server-full'));
    limits.connected(address).then(
      (error) => {
        if (error !== null) return refuse(error);
        socket.once('disconnect', () => limits.disconnected(address));
        next();
      },
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/** Event names a client may not use: Socket.IO's own, which must not reach the handlers or close anything. */
const RESERVED = new Set(['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener', 'error']);
const KNOWN: ReadonlySet<string> = new Set(Object.values(ClientEvent));

/**
 * Answer an event the server does not know with a typed error, at once, and
 * keep Socket.IO's reserved names from being run as if the server had
 * emitted them. Registered before any handler, so it sees every packet first.
 */
export function refuseUnknownEvents(socket: Socket): void {
  socket.use(([event, ...args], next) => {
    if (typeof event === 'string' && KNOWN.has(event) && !RESERVED.has(event)) return next();
    const ack = args.at(-1);
    if (typeof ack === 'function') (ack as (reply: Reply<never>) => void)(refusal('room/unknown-event'));
  });
}

/**
 * Limits per client address and per seat, counted across connections: a
 * client that opens a new connection gets no fresh allowance. With Redis the
 * counts are shared by every node (rate-limiter-flexible's Redis store), with
 * a per-node count in memory standing in while Redis is unreachable.
 */
import { roomError, type ErrorBody } from '@rollcall/protocol';
import type { Logger } from 'pino';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Limits } from './config.js';
import type { RedisLink } from './redis-client.js';

/** How much one address, one room and one seat may ask; every answer is a promise, as Redis may be asked. */
export interface AddressLimits {
  /** A connection from `address` opens: null when it may, else why not. Pair each null with `disconnected`. */
  connected(address: string): Promise<ErrorBody | null>;
  /** A connection that `connected` let in has closed. */
  disconnected(address: string): void;
  /** `address` wants a new room: false when it opened too many just now. */
  mayCreate(address: string): Promise<boolean>;
  /** `address` wants to join a room by its code: how long, in ms, until it may after naming too many wrong codes; 0 when it may now. */
  guessingPausedFor(address: string): Promise<number>;
  /** `address` named a code with no room behind it. */
  guessedWrong(address: string): void;
  /** A seat of a room wants to move: false when it changed its choice too often just now. */
  mayMove(code: string, seat: number): Promise<boolean>;
}

/**
 * Leaked connection counts (a node that died with connections open) fade
 * after this long; a live connection's count goes when it closes.
 */
const CONNECTION_COUNT_SECONDS = 3600;

type LimiterOptions = Pick<IRateLimiterOptions, 'keyPrefix' | 'points' | 'duration'>;

/** One limiter, in Redis when there is one (falling back to memory while it is away), else in memory. */
function limiter(redis: RedisLink | null, options: LimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory(options);
  if (redis === null) return memory;
  return new RateLimiterRedis({ ...options, keyPrefix: `rollcall:${options.keyPrefix}`, storeClient: redis, insuranceLimiter: memory });
}

/**
 * How long a count in Redis may take before the request goes on without it.
 * A link that is up but slow (a Redis Cluster still syncing its replicas just
 * after it formed) answers nothing and fails nothing, so the memory stand-in
 * never steps in; without a bound a phone's first connection or a move would
 * wait on it.
 */
const STORE_WAIT_MS = 1000;

function withinTime<T>(answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the limits store did not answer in time')), STORE_WAIT_MS);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** Spend a point: true when it was there. A store that fails or stalls lets the request through: limits must not stop play. */
async function spend(limit: RateLimiterAbstract, key: string, log: Logger): Promise<boolean> {
  try {
    await withinTime(limit.consume(key));
    return true;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return false;
    log.warn({ err: refusal }, 'a limit could not be counted; letting the request through');
    return true;
  }
}

/** The limits, counted in memory on this node or, given a Redis connection, shared by every node using it. */
export function addressLimits(limits: Limits, redis: RedisLink | null, log: Logger): AddressLimits {
  const connections = limiter(redis, {
    keyPrefix: 'connections',
    points: limits.connectionsPerAddress,
    duration: CONNECTION_COUNT_SECONDS,
  });
  const creates = limiter(redis, { keyPrefix: 'creates', points: limits.roomsPerAddressPerMinute, duration: 60 });
  const wrongCodes = limiter(redis, { keyPrefix: 'wrong-codes-hour', points: limits.wrongCodesPerAddressPerHour, duration: 3600 });
  const moves = limiter(redis, { keyPrefix: 'seat-moves', points: limits.seatChanges, duration: 1 });
  const ignoreFailure = (err: unknown) => log.warn({ err }, 'a limit could not be counted');

  return {
    async connected(address) {
      if (await spend(connections, address, log)) return null;
      // A refused connection never counted: give its point back, or a flood would lock the address out.
      await connections.reward(address, 1).catch(ignoreFailure);
      return roomError('room/too-many-connections');
    },
    disconnected(address) {
      connections.reward(address, 1).catch(ignoreFailure);
    },
    mayCreate: (address) => spend(creates, address, log),
    async guessingPausedFor(address) {
      const spent = await withinTime(wrongCodes.get(address)).catch((err: unknown) => {
        ignoreFailure(err);
        return null;
      });
      if (spent === null || spent.consumedPoints < limits.wrongCodesPerAddressPerHour) return 0;
      return Math.max(1, spent.msBeforeNext);
    },
    guessedWrong(address) {
      wrongCodes.penalty(address, 1).catch(ignoreFailure);
    },
    mayMove: (code, seat) => spend(moves, `${code}:${seat}`, log),
  };
}

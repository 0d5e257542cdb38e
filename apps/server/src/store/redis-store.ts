import type { Redis, Result } from 'ioredis';
import type { Logger } from 'pino';
import { closeRedis, connectRedis } from '../redis-client.js';
import type { RoomRecord } from '../room-record.js';
import type { LogEntry, RoomStore, TimedRoom } from './room-store.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** Store a new room and its first log entry unless the code is taken: 1 when stored. */
    rollcallCreate(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Replace a room if it is still at the expected version, appending its log entry: 1 when stored. */
    rollcallCommit(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Drop a room and its log if it is still past one of the cut-offs: 1 when dropped. */
    rollcallPurge(...keysThenArgs: (string | number)[]): Result<number, Context>;
  }
}

/**
 * Every key the store uses. One Redis primary holds them all: the scripts touch
 * a room's keys and the shared indexes together, which Redis Cluster would refuse.
 */
const key = {
  /** A hash: `version` (for the compare-and-set) and `data` (the room record as JSON). */
  room: (code: string) => `rollcall:room:${code}`,
  /** A list of log entries as JSON, oldest first. */
  log: (code: string) => `rollcall:log:${code}`,
  /** Sorted set of rooms with a running turn timer, scored by deadline: every node polls it. */
  deadlines: 'rollcall:deadlines',
  /** Sorted set of finished rooms, scored by when they finished. */
  finished: 'rollcall:finished',
  /** Sorted set of the other rooms, scored by their last change. */
  touched: 'rollcall:touched',
};

const keysOf = (code: string) => [key.room(code), key.log(code), key.deadlines, key.finished, key.touched];

/** Keeps the three indexes in step with a room, inside the script that writes it. */
const INDEX = `
local function index(code, deadline, finishedAt, updatedAt)
  if deadline == '' then redis.call('ZREM', KEYS[3], code) else redis.call('ZADD', KEYS[3], deadline, code) end
  if finishedAt == '' then
    redis.call('ZREM', KEYS[4], code)
    redis.call('ZADD', KEYS[5], updatedAt, code)
  else
    redis.call('ZADD', KEYS[4], finishedAt, code)
    redis.call('ZREM', KEYS[5], code)
  end
end
`;

// ARGV: code, version, data, entry, deadline, finishedAt, updatedAt
const CREATE = `${INDEX}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3])
-- A code freed by a purge may come back: its old log went with it.
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[4])
index(ARGV[1], ARGV[5], ARGV[6], ARGV[7])
return 1
`;

// ARGV: code, expected version, version, data, entry, deadline, finishedAt, updatedAt
const COMMIT = `${INDEX}
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[3], 'data', ARGV[4])
redis.call('RPUSH', KEYS[2], ARGV[5])
index(ARGV[1], ARGV[6], ARGV[7], ARGV[8])
return 1
`;

// ARGV: code, finishedBefore, idleBefore. Checked again here: the room may have changed since it was listed.
const PURGE = `
local finished = redis.call('ZSCORE', KEYS[4], ARGV[1])
local touched = redis.call('ZSCORE', KEYS[5], ARGV[1])
if (finished and tonumber(finished) < tonumber(ARGV[2])) or (touched and tonumber(touched) < tonumber(ARGV[3])) then
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[1])
  redis.call('ZREM', KEYS[4], ARGV[1])
  redis.call('ZREM', KEYS[5], ARGV[1])
  return 1
end
return 0
`;

/** The index values of a room, as the scripts take them ('' for none). */
function indexArgs(room: RoomRecord): (string | number)[] {
  const deadline = room.status === 'playing' && room.deadline !== null ? room.deadline : '';
  const finishedAt = room.status === 'finished' ? (room.finishedAt ?? room.updatedAt) : '';
  return [deadline, finishedAt, room.updatedAt];
}

/**
 * Rooms in Redis, shared by every server node. Each write is one Lua script,
 * so the compare-and-set on the room's version, the log entry and the indexes
 * change together or not at all: two nodes can never both build on one version.
 * Durability is Redis's: run it with the append-only file on.
 */
export function openRedisStore(url: string, log: Logger): RoomStore {
  const redis: Redis = connectRedis(url, log, 'store');
  redis.defineCommand('rollcallCreate', { numberOfKeys: 5, lua: CREATE });
  redis.defineCommand('rollcallCommit', { numberOfKeys: 5, lua: COMMIT });
  redis.defineCommand('rollcallPurge', { numberOfKeys: 5, lua: PURGE });

  return {
    async create(room, entry) {
      const args = [room.code, room.version, JSON.stringify(room), JSON.stringify(entry), ...indexArgs(room)];
      return (await redis.rollcallCreate(...keysOf(room.code), ...args)) === 1;
    },
    async load(code) {
      const data = await redis.hget(key.room(code), 'data');
      return data === null ? null : (JSON.parse(data) as RoomRecord);
    },
    async commit(room, expected, entry) {
      const args = [room.code, expected, room.version, JSON.stringify(room), JSON.stringify(entry), ...indexArgs(room)];
      return (await redis.rollcallCommit(...keysOf(room.code), ...args)) === 1;
    },
    async timedRooms(dueBy) {
      const flat = await redis.zrangebyscore(key.deadlines, '-inf', dueBy ?? '+inf', 'WITHSCORES');
      const timed: TimedRoom[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) timed.push({ code: flat[i]!, deadline: Number(flat[i + 1]) });
      return timed;
    },
    async log(code) {
      return (await redis.lrange(key.log(code), 0, -1)).map((e) => JSON.parse(e) as LogEntry);
    },
    async purge({ finishedBefore, idleBefore }) {
      const [finished, idle] = await Promise.all([
        redis.zrangebyscore(key.finished, '-inf', `(${finishedBefore}`),
        redis.zrangebyscore(key.touched, '-inf', `(${idleBefore}`),
      ]);
      const purged: string[] = [];
      for (const code of new Set([...finished, ...idle])) {
        if ((await redis.rollcallPurge(...keysOf(code), code, finishedBefore, idleBefore)) === 1) purged.push(code);
      }
      return purged;
    },
    close: () => closeRedis(redis),
  };
}

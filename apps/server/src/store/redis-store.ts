import type { Redis, Result } from 'ioredis';
import type { Logger } from 'pino';
import { closeRedis, connectRedis } from '../redis-client.js';
import type { RoomRecord } from '../room-record.js';
import { KeptRecords, type ReplayMove } from './kept-records.js';
import type { LogEntry, RoomStore, TimedRoom } from './room-store.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** Store a new room and its first log entry unless the code is taken: 1 when stored. */
    rollcallCreate(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Move a room on if it is still at the expected version, appending its log entry: 1 when stored. */
    rollcallCommit(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** A room as stored, from what the caller already has: see `LOAD`. */
    rollcallLoad(...keysThenArgs: (string | number)[]): Result<StoredReply | null, Context>;
    /** Write a room's whole record if the room is still at that version, of the same time: 1 when written. */
    rollcallWhole(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Drop a room and its log if it is still past one of the cut-offs: 1 when dropped. */
    rollcallPurge(...keysThenArgs: (string | number)[]): Result<number, Context>;
  }
}

/**
 * Every key the store uses. One Redis primary holds them all: the scripts touch
 * a room's keys and the shared indexes together, which Redis Cluster would refuse.
 */
const key = {
  /**
   * A hash: `version` (for the compare-and-set), `data` (a whole room record as
   * JSON) and `wholeAt` (its version; a room stored before this field was
   * always whole). The moves after `wholeAt` are the log's last entries.
   */
  room: (code: string) => `rollcall:room:${code}`,
  /** A list of log entries as JSON, oldest first: one per version. */
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
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3], 'wholeAt', ARGV[2], 'at', ARGV[7])
-- A code freed by a purge may come back: its old log went with it.
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[4])
index(ARGV[1], ARGV[5], ARGV[6], ARGV[7])
return 1
`;

// ARGV: code, expected version, version, data ('' to write the log entry alone), entry, deadline, finishedAt, updatedAt
const COMMIT = `${INDEX}
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[2] then return 0 end
if ARGV[4] == '' then
  -- A room stored before wholeAt was kept is whole at the version it had.
  redis.call('HSETNX', KEYS[1], 'wholeAt', ARGV[2])
  redis.call('HSET', KEYS[1], 'version', ARGV[3], 'at', ARGV[8])
else
  redis.call('HSET', KEYS[1], 'version', ARGV[3], 'data', ARGV[4], 'wholeAt', ARGV[3], 'at', ARGV[8])
end
redis.call('RPUSH', KEYS[2], ARGV[5])
index(ARGV[1], ARGV[6], ARGV[7], ARGV[8])
return 1
`;

/**
 * ARGV: the version the caller holds (-1 for none) and that version's time.
 * Returns nil for no room; {version} when the caller holds it; else
 * {version, wholeAt, data, entries}: the log entries after the caller's
 * version when it is at or past the whole record (data then false), or the
 * whole record and the entries after it. Versions go up by one per log
 * entry, so the entries after version v are the log's last (version - v).
 *
 * A held record counts only if this room's change at that version has the
 * same time: should Redis lose its last writes (a crash with `everysec`) and
 * another node then move the room on to the same version, a node's kept
 * record is of a history Redis no longer has.
 */
const LOAD = `
local stored = redis.call('HMGET', KEYS[1], 'version', 'wholeAt', 'at')
if not stored[1] then return nil end
local version = tonumber(stored[1])
local wholeAt = tonumber(stored[2] or stored[1])
local held = tonumber(ARGV[1])
local heldAt = tonumber(ARGV[2])
local holds
if held == version then
  holds = tonumber(stored[3]) == heldAt
elseif held < wholeAt or held > version then
  holds = false
else
  local entry = redis.call('LINDEX', KEYS[2], held - version - 1)
  holds = entry ~= false and cjson.decode(entry).at == heldAt
end
if holds and held == version then return {version} end
local data = false
local from = held
if not holds then
  data = redis.call('HGET', KEYS[1], 'data')
  from = wholeAt
end
local entries = {}
if version > from then entries = redis.call('LRANGE', KEYS[2], from - version, -1) end
return {version, wholeAt, data, entries}
`;

// ARGV: version, its time, data. Only a record of the history Redis has (see LOAD) is written.
const WHOLE = `
local stored = redis.call('HMGET', KEYS[1], 'version', 'at')
if stored[1] ~= ARGV[1] or stored[2] ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[3], 'wholeAt', ARGV[1])
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

/** What `LOAD` answers for a room that exists: its version alone when the caller holds it. */
type StoredReply = [version: number] | [version: number, wholeAt: number, data: string | null, entries: string[]];

/**
 * Rooms in Redis, shared by every server node. Each write is one Lua script,
 * so the compare-and-set on the room's version, the log entry and the indexes
 * change together or not at all: two nodes can never both build on one version.
 * Durability is Redis's: run it with the append-only file on.
 *
 * As in the SQLite store, a move is written as its log entry alone unless it
 * is `WHOLE_RECORD_EVERY` versions past the room's whole record, and a load
 * plays the moves after the whole record again with `replay`. Each node also
 * keeps the newest record it has of each busy room; since other nodes move
 * rooms on too, a load still asks Redis for the room's version, and gets back
 * only that when the kept record is the newest, or the moves after it when
 * it is behind, so a room moving between two nodes costs each a few moves
 * played again, not a twelve-kilobyte record parsed.
 */
export function openRedisStore(url: string, log: Logger, { replay }: { replay?: ReplayMove } = {}): RoomStore {
  const redis: Redis = connectRedis(url, log, 'store');
  redis.defineCommand('rollcallCreate', { numberOfKeys: 5, lua: CREATE });
  redis.defineCommand('rollcallCommit', { numberOfKeys: 5, lua: COMMIT });
  redis.defineCommand('rollcallPurge', { numberOfKeys: 5, lua: PURGE });
  redis.defineCommand('rollcallLoad', { numberOfKeys: 2, lua: LOAD });
  redis.defineCommand('rollcallWhole', { numberOfKeys: 1, lua: WHOLE });
  const kept = new KeptRecords(replay);

  return {
    async create(room, entry) {
      const args = [room.code, room.version, JSON.stringify(room), JSON.stringify(entry), ...indexArgs(room)];
      const created = (await redis.rollcallCreate(...keysOf(room.code), ...args)) === 1;
      if (created) kept.keep(room, room.version);
      return created;
    },
    async load(code) {
      const known = kept.get(code);
      const held = known === undefined ? [-1, -1] : [known.room.version, known.room.updatedAt];
      const stored = await redis.rollcallLoad(key.room(code), key.log(code), ...held);
      if (stored === null) {
        kept.drop(code);
        return null;
      }
      if (stored.length === 1) {
        kept.keep(known!.room, known!.wholeAt);
        return known!.room;
      }
      const [version, wholeAt, data, entries] = stored;
      const from = data === null ? known!.room : (JSON.parse(data) as RoomRecord);
      const room = kept.rebuild(code, from, entries.map((e) => JSON.parse(e) as LogEntry), Number(version));
      kept.keep(room, Number(wholeAt));
      return room;
    },
    commit: (room, expected, entry) =>
      kept.commit(room, expected, entry, async (data) => {
        const args = [room.code, expected, room.version, data ?? '', JSON.stringify(entry), ...indexArgs(room)];
        return (await redis.rollcallCommit(...keysOf(room.code), ...args)) === 1;
      }),
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
        kept.drop(code);
        if ((await redis.rollcallPurge(...keysOf(code), code, finishedBefore, idleBefore)) === 1) purged.push(code);
      }
      return purged;
    },
    async close() {
      // A node stopping cleanly writes its rooms whole, so a start with changed rules plays nothing again.
      await Promise.all(
        kept
          .behind()
          .map((room) =>
            redis.rollcallWhole(key.room(room.code), room.version, room.updatedAt, JSON.stringify(room)).catch(() => 0),
          ),
      );
      await closeRedis(redis);
    },
  };
}

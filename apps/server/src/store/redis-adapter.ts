import type { Result } from 'ioredis';
import type { Logger } from 'pino';
import { closeRedis, connectRedis, type RedisTarget } from '../redis-client.js';
import type { JournalEntry, RoomAdapter, RoomHead, TimedRoom } from './room-repository.js';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** Store a new room and its first journal entry unless the code is taken: 1 when stored. */
    rollcallCreate(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Move a room on if it is still at the expected version, appending its journal entry: 1 when stored. */
    rollcallCommit(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Put a room in the indexes (on a Redis Cluster, after the change that made it is stored). */
    rollcallIndex(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** A room as stored, from what the caller already has: see `READ`. */
    rollcallRead(...keysThenArgs: (string | number)[]): Result<ReadReply | null, Context>;
    /** Write a room's snapshot if the room is still at that version, of the same time: 1 when written. */
    rollcallSnapshot(...keysThenArgs: (string | number)[]): Result<number, Context>;
    /** Drop a room and its journal if it is still past one of the cut-offs: 1 when dropped. */
    rollcallPurge(...keysThenArgs: (string | number)[]): Result<number, Context>;
  }
}

/**
 * Every key the store uses. On a Redis Cluster a room's keys carry its code
 * as their hash tag (`{CODE}`), so that they sit in one slot, on one shard,
 * and the scripts that change a room touch one slot; the three indexes share
 * the tag `{index}`: one slot for all rooms, so that listing due deadlines
 * stays one command (see `openRedisAdapter` for what that costs). On one
 * Redis the keys keep the names of earlier builds, so rooms already stored
 * read the same and nodes of both builds can share a Redis during a rolling
 * deploy.
 */
function keysFor(cluster: boolean) {
  const tag = (code: string) => (cluster ? `{${code}}` : code);
  const index = cluster ? 'rollcall:{index}:' : 'rollcall:';
  return {
    /**
     * A hash: `version` (for the compare-and-set), `at` (the time of the
     * change that made it), `digest` (of the room at that version), `data`
     * (the room's snapshot as JSON), `wholeAt` (the snapshot's version; a room
     * stored before this field always had its snapshot at its version) and
     * `finishedAt` (when the game finished, '' while it has not: on a cluster
     * a purge decides from the room alone). The moves after `wholeAt` are the
     * journal's last entries.
     */
    room: (code: string) => `rollcall:room:${tag(code)}`,
    /** The room's journal: a list of entries as JSON, oldest first, one per version. */
    journal: (code: string) => `rollcall:log:${tag(code)}`,
    /** Sorted set of rooms with a running turn timer, scored by deadline: every node polls it. */
    deadlines: `${index}deadlines`,
    /** Sorted set of finished rooms, scored by when they finished. */
    finished: `${index}finished`,
    /** Sorted set of the other rooms, scored by their last change. */
    touched: `${index}touched`,
  };
}

/** Keeps the three indexes (KEYS[from] to KEYS[from + 2]) in step with a room. */
const INDEX = `
local function index(from, code, deadline, finishedAt, updatedAt)
  local deadlines, finished, touched = KEYS[from], KEYS[from + 1], KEYS[from + 2]
  if deadline == '' then redis.call('ZREM', deadlines, code) else redis.call('ZADD', deadlines, deadline, code) end
  if finishedAt == '' then
    redis.call('ZREM', finished, code)
    redis.call('ZADD', touched, updatedAt, code)
  else
    redis.call('ZADD', finished, finishedAt, code)
    redis.call('ZREM', touched, code)
  end
end
`;

// On one Redis the scripts below are given the indexes as KEYS[3..5] and update them in the same step.
const INDEX_HERE = `if #KEYS == 5 then index(3, ARGV[1], ARGV[IX], ARGV[IX + 1], ARGV[IX + 2]) end`;

// ARGV: code, version, data, entry, deadline, finishedAt, updatedAt, digest
const CREATE = `${INDEX}
local IX = 5
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3], 'wholeAt', ARGV[2], 'at', ARGV[7], 'digest', ARGV[8], 'finishedAt', ARGV[6])
-- A code freed by a purge may come back: its old journal went with it.
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[4])
${INDEX_HERE}
return 1
`;

// ARGV: code, expected version, version, data ('' to write the journal entry alone), entry, deadline, finishedAt, updatedAt, digest
const COMMIT = `${INDEX}
local IX = 6
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[2] then return 0 end
if ARGV[4] == '' then
  -- A room stored before wholeAt was kept has its snapshot at the version it had.
  redis.call('HSETNX', KEYS[1], 'wholeAt', ARGV[2])
  redis.call('HSET', KEYS[1], 'version', ARGV[3], 'at', ARGV[8], 'digest', ARGV[9], 'finishedAt', ARGV[7])
else
  redis.call('HSET', KEYS[1], 'version', ARGV[3], 'data', ARGV[4], 'wholeAt', ARGV[3], 'at', ARGV[8], 'digest', ARGV[9], 'finishedAt', ARGV[7])
end
redis.call('RPUSH', KEYS[2], ARGV[5])
${INDEX_HERE}
return 1
`;

// KEYS: the three indexes. ARGV: code, deadline, finishedAt, updatedAt.
const REINDEX = `${INDEX}
index(1, ARGV[1], ARGV[2], ARGV[3], ARGV[4])
return 1
`;

/**
 * ARGV: the version the caller holds (-1 for none) and that version's time.
 * Returns nil for no room; else {version, at, digest, snapshotAt, data,
 * entries}: when the caller holds a version of this history at or past the
 * snapshot, data is false and the entries are those after the caller's
 * version; otherwise the snapshot and the entries after it. Versions go up
 * by one per journal entry, so the entries after version v are the
 * journal's last (version - v).
 *
 * A held version counts only if this room's change at that version has the
 * same time: should Redis lose its last writes (a crash with `everysec`) and
 * another node then move the room on to the same version, a node's room in
 * memory is of a history Redis no longer has.
 */
const READ = `
local stored = redis.call('HMGET', KEYS[1], 'version', 'wholeAt', 'at', 'digest')
if not stored[1] then return nil end
local version = tonumber(stored[1])
local snapshotAt = tonumber(stored[2] or stored[1])
local held = tonumber(ARGV[1])
local heldAt = tonumber(ARGV[2])
local holds
if held == version then
  holds = tonumber(stored[3]) == heldAt
elseif held < snapshotAt or held > version then
  holds = false
else
  local entry = redis.call('LINDEX', KEYS[2], held - version - 1)
  holds = entry ~= false and cjson.decode(entry).at == heldAt
end
local data = false
local from = held
if not holds then
  data = redis.call('HGET', KEYS[1], 'data')
  from = snapshotAt
end
local entries = {}
if version > from then entries = redis.call('LRANGE', KEYS[2], from - version, -1) end
return {version, stored[3] or false, stored[4] or false, snapshotAt, data, entries}
`;

// ARGV: version, its time, data, digest. Only a snapshot of the history Redis has (see READ) is written.
const SNAPSHOT = `
local stored = redis.call('HMGET', KEYS[1], 'version', 'at')
if stored[1] ~= ARGV[1] or stored[2] ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'data', ARGV[3], 'wholeAt', ARGV[1], 'digest', ARGV[4])
return 1
`;

// ARGV: code, finishedBefore, idleBefore. Checked again here: the room may have changed since it was listed.
// On one Redis the indexes (KEYS[3..5]) say; on a cluster, the room itself, whose indexes may lag its newest change.
// A room already gone (purged by another node) counts as purged, so that its index entries go too.
const PURGE = `
local due
if #KEYS == 5 then
  local finished = redis.call('ZSCORE', KEYS[4], ARGV[1])
  local touched = redis.call('ZSCORE', KEYS[5], ARGV[1])
  due = (finished and tonumber(finished) < tonumber(ARGV[2])) or (touched and tonumber(touched) < tonumber(ARGV[3]))
else
  local stored = redis.call('HMGET', KEYS[1], 'at', 'finishedAt')
  local finishedAt = tonumber(stored[2])
  if not stored[1] then due = true
  elseif finishedAt then due = finishedAt < tonumber(ARGV[2])
  else due = tonumber(stored[1]) < tonumber(ARGV[3]) end
end
if not due then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
if #KEYS == 5 then
  redis.call('ZREM', KEYS[3], ARGV[1])
  redis.call('ZREM', KEYS[4], ARGV[1])
  redis.call('ZREM', KEYS[5], ARGV[1])
end
return 1
`;

/** The index values of a room, as the scripts take them ('' for none). */
function indexArgs(head: RoomHead): (string | number)[] {
  const finishedAt = head.status === 'finished' ? (head.finishedAt ?? head.at) : '';
  return [head.deadline ?? '', finishedAt, head.at];
}

/** What `READ` answers for a room that exists. */
type ReadReply = [version: number, at: string | null, digest: string | null, snapshotAt: number, data: string | null, entries: string[]];

/**
 * How long a change waits for a replica of its shard to confirm it. Past
 * this the phone is told the move failed (and sends it again: the retry is
 * answered, not applied, if the change did land).
 */
export const REPLICA_WAIT_MS = 5_000;

/**
 * Rooms in Redis, shared by every server node. Each write is one Lua script,
 * so the compare-and-set on the room's version and the journal entry change
 * together or not at all: two nodes can never both build on one version.
 * Durability is Redis's: run it with the append-only file on.
 *
 * On a Redis Cluster a room's keys sit on the shard of its code, and the
 * indexes on the shard of `{index}`, so a script cannot hold both: the
 * indexes are updated right after the change that moved them, and a node
 * that dies between the two leaves that room's newest deadline unlisted
 * until its next change. A change also counts only once a replica of its
 * shard has it (`WAIT`): replication is asynchronous, and a replica promoted
 * in a failover would otherwise come up without moves the phones were told
 * were accepted.
 *
 * Other nodes move rooms on too (`shared`), so the repository reads a room it
 * holds with `since`, and gets back no entries when it holds the newest
 * version, or the moves after it when it is behind: a room moving between two
 * nodes costs each a few moves replayed, not a twelve-kilobyte snapshot parsed.
 */
export function openRedisAdapter(target: string | RedisTarget, log: Logger): RoomAdapter {
  const redis = connectRedis(target, log, 'store');
  const cluster = typeof target !== 'string' && target.cluster;
  const key = keysFor(cluster);
  const indexKeys = [key.deadlines, key.finished, key.touched];
  const roomKeys = (code: string) => [key.room(code), key.journal(code)];
  const keysOf = (code: string) => (cluster ? roomKeys(code) : [...roomKeys(code), ...indexKeys]);
  const numberOfKeys = cluster ? 2 : 5;
  redis.defineCommand('rollcallCreate', { numberOfKeys, lua: CREATE });
  redis.defineCommand('rollcallCommit', { numberOfKeys, lua: COMMIT });
  redis.defineCommand('rollcallPurge', { numberOfKeys, lua: PURGE });
  redis.defineCommand('rollcallIndex', { numberOfKeys: 3, lua: REINDEX });
  redis.defineCommand('rollcallRead', { numberOfKeys: 2, lua: READ });
  redis.defineCommand('rollcallSnapshot', { numberOfKeys: 1, lua: SNAPSHOT });
  const entriesOf = (list: string[]) => list.map((e) => JSON.parse(e) as JournalEntry);

  /** On a cluster: the change, then a replica's word on it, sent together to the room's shard. */
  const replicated = async (code: string, write: 'rollcallCreate' | 'rollcallCommit', args: (string | number)[]) => {
    const replies = await redis.pipeline()[write](...keysOf(code), ...args).wait(1, REPLICA_WAIT_MS).exec();
    const [[writeErr, stored], [waitErr, replicas]] = replies as [[Error | null, number], [Error | null, number]];
    if (writeErr !== null) throw writeErr;
    if (stored !== 1) return false;
    await redis.rollcallIndex(...indexKeys, code, ...args.slice(-4, -1));
    if (waitErr !== null) throw waitErr;
    if (replicas < 1) throw new Error(`no replica confirmed the change to room ${code} within ${REPLICA_WAIT_MS} ms`);
    return true;
  };

  return {
    shared: true,
    async read(code, since) {
      const held = since === undefined ? [-1, -1] : [since.version, since.at];
      const reply = await redis.rollcallRead(...roomKeys(code), ...held);
      if (reply === null) return null;
      const [version, at, digest, snapshotAt, data, entries] = reply;
      return {
        version: Number(version),
        // A room stored before `at` was kept is only ever read whole.
        at: Number(at ?? -1),
        digest: digest ?? null,
        snapshot: data === null ? null : { version: Number(snapshotAt), data },
        entries: entriesOf(entries),
      };
    },
    async append(head, expected, entry, snapshot) {
      const code = head.code;
      const write = expected === null ? 'rollcallCreate' : 'rollcallCommit';
      // The index values come just before the digest, last: `REINDEX` takes them from there.
      const args =
        expected === null
          ? [code, head.version, snapshot ?? '', JSON.stringify(entry), ...indexArgs(head), head.digest]
          : [code, expected, head.version, snapshot ?? '', JSON.stringify(entry), ...indexArgs(head), head.digest];
      if (cluster) return replicated(code, write, args);
      return (await redis[write](...keysOf(code), ...args)) === 1;
    },
    async snapshot(head, data) {
      return (await redis.rollcallSnapshot(key.room(head.code), head.version, head.at, data, head.digest)) === 1;
    },
    async journal(code) {
      return entriesOf(await redis.lrange(key.journal(code), 0, -1));
    },
    async timedRooms(dueBy) {
      const flat = await redis.zrangebyscore(key.deadlines, '-inf', dueBy ?? '+inf', 'WITHSCORES');
      const timed: TimedRoom[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) timed.push({ code: flat[i]!, deadline: Number(flat[i + 1]) });
      return timed;
    },
    async purge({ finishedBefore, idleBefore }) {
      const [finished, idle] = await Promise.all([
        redis.zrangebyscore(key.finished, '-inf', `(${finishedBefore}`),
        redis.zrangebyscore(key.touched, '-inf', `(${idleBefore}`),
      ]);
      const purged: string[] = [];
      for (const code of new Set([...finished, ...idle])) {
        if ((await redis.rollcallPurge(...keysOf(code), code, finishedBefore, idleBefore)) !== 1) continue;
        if (cluster) await redis.multi().zrem(key.deadlines, code).zrem(key.finished, code).zrem(key.touched, code).exec();
        purged.push(code);
      }
      return purged;
    },
    close: () => closeRedis(redis),
  };
}

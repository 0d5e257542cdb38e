import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { stringify } from 'safe-stable-stringify';
import type { ChangeNote } from '../room-changes.js';
import type { RoomRecord, RoomStatus } from '../room-record.js';

/** One accepted change in a room's journal. */
export interface JournalEntry extends ChangeNote {
  /** The room version the change produced. */
  version: number;
  /** When it was accepted (epoch ms). */
  at: number;
}

/** A room whose turn timer is running. */
export interface TimedRoom {
  code: string;
  deadline: number;
}

/** Rooms finished before one cut-off or untouched since another, to be purged. */
export interface PurgeCutoffs {
  finishedBefore: number;
  idleBefore: number;
}

/** A room's version and the time of the change that made it: together they name one point of one history. */
export interface VersionAt {
  version: number;
  at: number;
}

/** What an adapter keeps of a room beside its journal: its version, and the columns rooms are found by. */
export interface RoomHead extends VersionAt {
  code: string;
  status: RoomStatus;
  finishedAt: number | null;
  /** The next timed default, while the room is playing. */
  deadline: number | null;
  /** The digest of the whole room at this version (see `digestOf`). */
  digest: string;
}

/** The whole room at one version, as JSON. */
export interface Snapshot {
  version: number;
  data: string;
}

/** A room as an adapter reads it back. */
export interface StoredRoom extends VersionAt {
  /** The newest digest stored (see `digestOf`); null for a room written before digests were kept. */
  digest: string | null;
  /** The newest snapshot; null when the caller's `since` is of this room's history, so the entries after it are enough. */
  snapshot: Snapshot | null;
  /** The journal entries after the snapshot (or after `since`), oldest first, up to `version`. */
  entries: JournalEntry[];
}

/**
 * Where a repository keeps rooms: one store's own code and nothing else.
 * Every write is a compare-and-set on the room's version, so two processes
 * sharing a store can never both build on the same version.
 */
export interface RoomAdapter {
  /** Whether other processes move the same rooms on (so a room in memory must be checked against the store on every load). */
  readonly shared: boolean;
  /**
   * The room with this code, or null. Given `since`, a version of the room
   * the caller holds, the answer is the entries after it alone (no snapshot)
   * when the store's history has that very version; and when it is the newest
   * version, no entries at all.
   */
  read(code: string, since?: VersionAt): Promise<StoredRoom | null>;
  /**
   * Store a change with its journal entry if the room is still at `expected`
   * (null: create the room, refused when its code is taken), and with a
   * snapshot of the room when one is given. False when the compare-and-set fails.
   */
  append(head: RoomHead, expected: number | null, entry: JournalEntry, snapshot?: string): Promise<boolean>;
  /** Store a snapshot of the room at its newest version, if it still is at `head`; false when it moved on. */
  snapshot(head: RoomHead, data: string): Promise<boolean>;
  /** A room's journal, oldest first. */
  journal(code: string): Promise<JournalEntry[]>;
  /** Rooms with a turn timer running (only those due by `dueBy` when given). */
  timedRooms(dueBy?: number): Promise<TimedRoom[]>;
  /** Drop old rooms with their journals; returns their codes. */
  purge(cutoffs: PurgeCutoffs): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A move whose version is this far past the room's stored snapshot is written
 * with a snapshot again. A six-seat wfgts game is 108 moves, so that is three
 * or four snapshots a game instead of 108, a twelve-kilobyte room costing
 * under 400 bytes a move, while a load from the store replays at most 31
 * moves: a millisecond or two, and only after a restart or for a room that
 * fell out of the cache.
 */
export const SNAPSHOT_EVERY = 32;

/**
 * A move is stored with a digest of the room at every version that is a
 * multiple of this (and every snapshot has one); the moves between carry the
 * newest digest on. Working a digest out costs a sorted serialisation of the
 * whole room, about five times a plain one: at every move it was a quarter
 * of the server's time under load. A load checks the replay at the newest
 * digest's version, so rules that replay differently are caught unless they
 * first differ in the last few moves after it.
 */
export const DIGEST_EVERY = 8;

/** How many rooms' newest versions a repository keeps parsed in memory. */
const CACHED_ROOMS = 2048;

/**
 * Replays one journalled move on the room from just before it, giving the
 * room just after (`replayMove` in `room-changes.ts`). Stores know no game:
 * they are handed this.
 */
export type ReplayMove = (room: RoomRecord, entry: JournalEntry) => RoomRecord;

/**
 * The digest of a room: its version, then SHA-1 of its JSON with keys in
 * sorted order, so a room rebuilt by replay matches the one that was live
 * whatever order its fields were set in. It detects a replay gone different,
 * not tampering. The version says which version it is of: a node of an
 * earlier build moves rooms on without one, leaving the digest behind.
 */
export function digestOf(room: RoomRecord): string {
  return serialised(room).digest;
}

/** A room as a snapshot's JSON (keys sorted, like any JSON to a parser), and its digest. */
function serialised(room: RoomRecord): { data: string; digest: string } {
  const data = stringify(room) ?? 'null';
  return { data, digest: `${room.version}.${createHash('sha1').update(data).digest('base64url')}` };
}

/** The version a digest is of (see `digestOf`), or null for none. */
function digestVersion(digest: string | null): number | null {
  const version = digest === null ? NaN : Number.parseInt(digest, 10);
  return Number.isInteger(version) ? version : null;
}

/** The head a room at this version has in its store. */
function headOf(room: RoomRecord, digest: string): RoomHead {
  return {
    code: room.code,
    version: room.version,
    at: room.updatedAt,
    status: room.status,
    finishedAt: room.finishedAt,
    deadline: room.status === 'playing' ? room.deadline : null,
    digest,
  };
}

/** What the room service asks of rooms as stored. */
export interface RoomRepository {
  /** Store a new room; false when its code is already taken by a live room. */
  create(room: RoomRecord, entry: JournalEntry): Promise<boolean>;
  /** The room with this code, or null. */
  load(code: string): Promise<RoomRecord | null>;
  /** Store the room if it is still at `expectedVersion`, with the change's journal entry; false when someone else got there first. */
  commit(room: RoomRecord, expectedVersion: number, entry: JournalEntry): Promise<boolean>;
  /** Rooms with a turn timer running (only those due by `dueBy` when given), to set timers from the store. */
  timedRooms(dueBy?: number): Promise<TimedRoom[]>;
  /** A room's journal, oldest first. */
  journal(code: string): Promise<JournalEntry[]>;
  /** Drop rooms finished before one cut-off or untouched since another, with their journals; returns their codes. */
  purge(cutoffs: PurgeCutoffs): Promise<string[]>;
  /** How many rooms are kept parsed in memory. */
  held(): number;
  close(): Promise<void>;
}

/** A room in memory, with the version of its newest snapshot in the store and the newest digest stored (maybe of an earlier version). */
interface Cached {
  room: RoomRecord;
  snapshotAt: number;
  digest: string | null;
}

/** How a repository replays moves and where it says a replay went wrong. */
export interface RepositoryOptions {
  /** Without it every change is stored with a snapshot, and a room stored as a snapshot plus moves cannot be loaded. */
  replay?: ReplayMove;
  log: Logger;
}

/**
 * Rooms as snapshots and journals in an adapter's store, with the newest
 * version of each busy room kept in memory.
 *
 * A move (a journal entry of kind `action`) is stored as its entry alone,
 * unless its version is `SNAPSHOT_EVERY` past the room's stored snapshot or
 * the repository does not know where that snapshot is; every other change is
 * stored with a snapshot. Each change also stores the room's digest, and a
 * load that replays moves checks its result against it: when the rules
 * deployed now replay a journal differently from those that wrote it, the
 * room is loaded as its last snapshot and the error is logged, never
 * silently different (see `diverged`).
 *
 * Rooms in memory are the objects that were stored or read. Rooms are never
 * changed in place (every change makes a new one), so sharing them is safe. A
 * refused or failed write drops the room from memory, so the next load reads
 * it afresh; with a shared store, every load asks for what changed since.
 */
export function openRoomRepository(adapter: RoomAdapter, { replay, log }: RepositoryOptions): RoomRepository {
  const cache = new Map<string, Cached>();
  const keep = (room: RoomRecord, snapshotAt: number, digest: string | null) => {
    cache.delete(room.code);
    cache.set(room.code, { room, snapshotAt, digest });
    // A Map iterates in insertion order: the first key is the room used least recently.
    if (cache.size > CACHED_ROOMS) cache.delete(cache.keys().next().value ?? '');
  };

  /**
   * Where the stored snapshot stays when `room` follows `expected` with a move
   * that can be replayed from it; null when the change is stored with a
   * snapshot (not a move, a room not in memory at `expected`, no way to
   * replay, or the snapshot `SNAPSHOT_EVERY` versions behind).
   */
  const snapshotBehind = (room: RoomRecord, expected: number, entry: JournalEntry): number | null => {
    const known = cache.get(room.code);
    if (replay === undefined || entry.kind !== 'action' || known?.room.version !== expected) return null;
    if (room.version !== expected + 1 || entry.version !== room.version) return null;
    return room.version - known.snapshotAt < SNAPSHOT_EVERY ? known.snapshotAt : null;
  };

  /**
   * The room replayed from `from` through `entries`. Entries `from` already
   * holds are skipped: a node of an earlier build wrote snapshots without
   * saying so, and a read may hand back moves from before the newest snapshot.
   */
  const replayed = (from: RoomRecord, entries: readonly JournalEntry[], replayMove: ReplayMove, digest: string | null): RoomRecord => {
    const checkAt = digestVersion(digest);
    let room = from;
    for (const entry of entries) {
      if (entry.version <= room.version) continue;
      room = replayMove(room, entry);
      if (room.version !== entry.version) throw new Error(`replaying version ${entry.version} gave version ${room.version}`);
      if (room.version === checkAt && digestOf(room) !== digest) throw new Error('digest differs');
    }
    return room;
  };

  /**
   * A room whose replay does not give the stored room (the rules changed
   * since its moves were played, or refuse one of them now) is loaded as its
   * last snapshot, carried to the stored version so the journal goes on from
   * there, and written back as a snapshot so the next load does not replay
   * again. Its moves since that snapshot stay in the journal.
   */
  const diverged = async (stored: StoredRoom, snapshot: Snapshot, why: string): Promise<Cached> => {
    const from = JSON.parse(snapshot.data) as RoomRecord;
    const room: RoomRecord = { ...from, version: stored.version, updatedAt: stored.at };
    log.error(
      { room: room.code, snapshotVersion: snapshot.version, version: stored.version, why },
      'replaying the journal did not give the stored room: loaded from its last snapshot, moves since then left out',
    );
    const { data, digest } = serialised(room);
    await adapter.snapshot(headOf(room, digest), data);
    return { room, snapshotAt: room.version, digest };
  };

  /** The room replayed from what was read, or why that did not give the stored room. */
  const replayRead = (code: string, stored: StoredRoom, held: Cached | undefined): Cached | { why: string } => {
    const snapshot = stored.snapshot;
    const from = snapshot === null ? held!.room : (JSON.parse(snapshot.data) as RoomRecord);
    const snapshotAt = snapshot === null ? held!.snapshotAt : snapshot.version;
    // A journal that stops short is a store that lost writes, not a replay gone different.
    if (Math.max(from.version, stored.entries.at(-1)?.version ?? -1) !== stored.version) {
      throw new Error(`room ${code}: its journal stops before version ${stored.version}`);
    }
    if (from.version === stored.version) return { room: from, snapshotAt, digest: stored.digest };
    if (replay === undefined) throw new Error(`room ${code} has moves to replay and this repository cannot`);
    try {
      return { room: replayed(from, stored.entries, replay, stored.digest), snapshotAt, digest: stored.digest };
    } catch (err) {
      return { why: err instanceof Error ? err.message : String(err) };
    }
  };

  const rebuild = async (code: string, stored: StoredRoom, held: Cached | undefined): Promise<Cached> => {
    const outcome = replayRead(code, stored, held);
    if ('room' in outcome) return outcome;
    if (stored.snapshot === null) {
      // Replayed from memory: try again from the store's snapshot, which is also what to fall back on.
      const whole = await adapter.read(code);
      if (whole === null || whole.snapshot === null) throw new Error(`room ${code} is gone or read without its snapshot`);
      return rebuild(code, whole, undefined);
    }
    return diverged(stored, stored.snapshot, outcome.why);
  };

  let closing: Promise<void> | null = null;
  return {
    async create(room, entry) {
      const { data, digest } = serialised(room);
      const created = await adapter.append(headOf(room, digest), null, entry, data);
      if (created) keep(room, room.version, digest);
      return created;
    },

    async load(code) {
      const held = cache.get(code);
      if (held !== undefined && !adapter.shared) {
        keep(held.room, held.snapshotAt, held.digest);
        return held.room;
      }
      const since = held === undefined ? undefined : { version: held.room.version, at: held.room.updatedAt };
      const stored = await adapter.read(code, since);
      if (stored === null) {
        cache.delete(code);
        return null;
      }
      const loaded = await rebuild(code, stored, held);
      // A commit or another load (a read outside the room's queue) may have kept a newer version meanwhile: never put an older one back.
      const meanwhile = cache.get(code);
      if (meanwhile !== undefined && meanwhile.room.version > loaded.room.version) return meanwhile.room;
      keep(loaded.room, loaded.snapshotAt, loaded.digest);
      return loaded.room;
    },

    // Resolves only once the change is stored: views are sent after this, never before.
    async commit(room, expected, entry) {
      const snapshotAt = snapshotBehind(room, expected, entry);
      const carried = cache.get(room.code)?.digest ?? null;
      // A move between digests carries the newest one on; any other change is serialised anyway, for its snapshot.
      const fresh = snapshotAt === null || carried === null || room.version % DIGEST_EVERY === 0 ? serialised(room) : null;
      const digest = fresh?.digest ?? carried!;
      let stored: boolean;
      try {
        stored = await adapter.append(headOf(room, digest), expected, entry, snapshotAt === null ? fresh!.data : undefined);
      } catch (err) {
        cache.delete(room.code);
        throw err;
      }
      if (stored) keep(room, snapshotAt ?? room.version, digest);
      else cache.delete(room.code);
      return stored;
    },

    timedRooms: (dueBy) => adapter.timedRooms(dueBy),
    journal: (code) => adapter.journal(code),
    held: () => cache.size,

    async purge(cutoffs) {
      const codes = await adapter.purge(cutoffs);
      for (const code of codes) cache.delete(code);
      return codes;
    },

    close() {
      closing ??= (async () => {
        // Rooms are snapshotted on a clean stop, so the next start (maybe with changed rules) replays nothing.
        const behind = [...cache.values()].filter((c) => c.snapshotAt < c.room.version).map((c) => c.room);
        await Promise.all(
          behind.map((room) => {
            const { data, digest } = serialised(room);
            return adapter.snapshot(headOf(room, digest), data).catch(() => false);
          }),
        );
        await adapter.close();
      })();
      return closing;
    },
  };
}

import type { RoomRecord } from '../room-record.js';
import type { LogEntry } from './room-store.js';

/**
 * A move whose version is this far past the room's stored whole record is
 * written with the whole record again. A six-seat wfgts game is 108 moves, so
 * that is three or four whole writes a game instead of 108, a twelve-kilobyte
 * record costing under 400 bytes a move, while a load from the store plays
 * back at most 31 moves: a millisecond or two, and only after a restart or for
 * a room that fell out of the kept records.
 */
export const WHOLE_RECORD_EVERY = 32;

/** How many rooms' newest records a store keeps parsed in memory. */
const KEPT_RECORDS = 2048;

/**
 * Plays one logged move again on the record from just before it, giving the
 * record just after (`replayMove` in `room-changes.ts`). The stores know no
 * game: they are handed this.
 */
export type ReplayMove = (room: RoomRecord, entry: LogEntry) => RoomRecord;

/** A record kept in memory, with the version of the room's whole record in the store. */
export interface Kept {
  room: RoomRecord;
  wholeAt: number;
}

/**
 * The newest record of each busy room, as the object that was written or
 * read, with the version of its stored whole record; the least recently used
 * rooms are let go. Records are never changed in place (every change makes a
 * new one), so sharing them is safe.
 */
export class KeptRecords {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly replay: ReplayMove | undefined) {}

  get(code: string): Kept | undefined {
    return this.kept.get(code);
  }

  keep(room: RoomRecord, wholeAt: number): void {
    this.kept.delete(room.code);
    this.kept.set(room.code, { room, wholeAt });
    // A Map iterates in insertion order: the first key is the room used least recently.
    if (this.kept.size > KEPT_RECORDS) this.kept.delete(this.kept.keys().next().value ?? '');
  }

  drop(code: string): void {
    this.kept.delete(code);
  }

  /** The kept rooms whose stored whole record is older than they are. */
  behind(): RoomRecord[] {
    return [...this.kept.values()].filter((k) => k.wholeAt < k.room.version).map((k) => k.room);
  }

  /**
   * Commit a change through `write`, which stores it with the whole record
   * as JSON when one is due and with its log entry alone when `whole` is
   * null, and answers whether the compare-and-set went through. Keeps what
   * was stored; a refused or failed write drops the room, so the next load
   * reads it afresh.
   */
  async commit(
    room: RoomRecord,
    expected: number,
    entry: LogEntry,
    write: (whole: string | null) => Promise<boolean>,
  ): Promise<boolean> {
    const wholeAt = this.wholeBehind(room, expected, entry);
    let stored: boolean;
    try {
      stored = await write(wholeAt === null ? JSON.stringify(room) : null);
    } catch (err) {
      this.drop(room.code);
      throw err;
    }
    if (stored) this.keep(room, wholeAt ?? room.version);
    else this.drop(room.code);
    return stored;
  }

  /**
   * Where the stored whole record stays when `room` follows `expected` with a
   * move that can be played again from it; null when the change must be
   * written whole (not a move, a room not kept at `expected`, no way to
   * replay, or the whole record `WHOLE_RECORD_EVERY` versions behind).
   */
  private wholeBehind(room: RoomRecord, expected: number, entry: LogEntry): number | null {
    const known = this.kept.get(room.code);
    if (this.replay === undefined || entry.kind !== 'action' || known?.room.version !== expected) return null;
    if (room.version !== expected + 1 || entry.version !== room.version) return null;
    return room.version - known.wholeAt < WHOLE_RECORD_EVERY ? known.wholeAt : null;
  }

  /**
   * A room as stored: a record at some version, with the moves logged after it
   * played again up to `version`. Entries the record already holds are
   * skipped: a node of an earlier build writes whole records without saying
   * so, and a load may be handed moves from before the newest one.
   */
  rebuild(code: string, from: RoomRecord, after: readonly LogEntry[], version: number): RoomRecord {
    let room = from;
    for (const entry of after) {
      if (entry.version <= from.version) continue;
      if (this.replay === undefined) throw new Error(`room ${code} has moves to play again and this store cannot`);
      room = this.replay(room, entry);
      if (room.version !== entry.version) throw new Error(`room ${code}: replaying version ${entry.version} went astray`);
    }
    if (room.version !== version) throw new Error(`room ${code}: its log stops before version ${version}`);
    return room;
  }
}

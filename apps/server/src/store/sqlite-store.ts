import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RoomRecord } from '../room-record.js';
import type { LogEntry, RoomStore, TimedRoom } from './room-store.js';

/** The file name of the embedded store inside the data directory. */
export const SQLITE_FILE = 'rollcall.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  code        TEXT PRIMARY KEY,
  version     INTEGER NOT NULL,
  status      TEXT NOT NULL,
  updated_at  INTEGER NOT NULL,
  finished_at INTEGER,
  deadline    INTEGER,
  data        TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE TABLE IF NOT EXISTS room_log (
  code    TEXT NOT NULL,
  version INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  kind    TEXT NOT NULL,
  seat    INTEGER,
  detail  TEXT NOT NULL,
  PRIMARY KEY (code, version)
) STRICT;
`;

interface LogRow {
  version: number;
  at: number;
  kind: LogEntry['kind'];
  seat: number | null;
  detail: string;
}

/** How many rooms' newest records a store keeps parsed in memory. */
const KEPT_RECORDS = 2048;

/**
 * Rooms in one SQLite file (WAL). Writes are synchronous and fsynced
 * (`synchronous = FULL`), so an accepted change survives a crash of the
 * process or of the machine before anyone is told about it.
 *
 * The newest record of each busy room is also kept as the object that was
 * written or read, so loading it again costs no parse. Records are never
 * changed in place (every change makes a new one), so sharing them is safe;
 * and should another process write the same file, its change makes our next
 * compare-and-set fail, which drops the kept copy before the retry reloads.
 */
export function openSqliteStore(dataDir: string): RoomStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, SQLITE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const row = (room: RoomRecord) => ({
    code: room.code,
    version: room.version,
    status: room.status,
    updated_at: room.updatedAt,
    finished_at: room.finishedAt,
    deadline: room.status === 'playing' ? room.deadline : null,
    data: JSON.stringify(room),
  });
  const logRow = (code: string, e: LogEntry) => ({
    code,
    version: e.version,
    at: e.at,
    kind: e.kind,
    seat: e.seat,
    detail: JSON.stringify(e.detail),
  });

  const insertRoom = db.prepare(
    `INSERT INTO rooms (code, version, status, updated_at, finished_at, deadline, data)
     VALUES (@code, @version, @status, @updated_at, @finished_at, @deadline, @data)
     ON CONFLICT (code) DO NOTHING`,
  );
  const updateRoom = db.prepare(
    `UPDATE rooms SET version = @version, status = @status, updated_at = @updated_at,
       finished_at = @finished_at, deadline = @deadline, data = @data
     WHERE code = @code AND version = @expected`,
  );
  const insertLog = db.prepare(
    `INSERT INTO room_log (code, version, at, kind, seat, detail) VALUES (@code, @version, @at, @kind, @seat, @detail)`,
  );
  const selectRoom = db.prepare<[string], { data: string }>('SELECT data FROM rooms WHERE code = ?');
  const selectTimed = db.prepare<[number], TimedRoom>(
    'SELECT code, deadline FROM rooms WHERE deadline IS NOT NULL AND deadline <= ?',
  );
  const selectLog = db.prepare<[string], LogRow>(
    'SELECT version, at, kind, seat, detail FROM room_log WHERE code = ? ORDER BY version',
  );
  const deleteRooms = db.prepare<[number, number], { code: string }>(
    `DELETE FROM rooms
     WHERE (status = 'finished' AND finished_at < ?) OR (status <> 'finished' AND updated_at < ?)
     RETURNING code`,
  );
  const deleteLog = db.prepare('DELETE FROM room_log WHERE code = ?');

  const kept = new Map<string, RoomRecord>();
  const keep = (room: RoomRecord) => {
    kept.delete(room.code);
    kept.set(room.code, room);
    // A Map iterates in insertion order: the first key is the room used least recently.
    if (kept.size > KEPT_RECORDS) kept.delete(kept.keys().next().value ?? '');
  };

  const create = db.transaction((room: RoomRecord, entry: LogEntry): boolean => {
    if (insertRoom.run(row(room)).changes !== 1) return false;
    // A code freed by a purge may come back: its old log went with it.
    deleteLog.run(room.code);
    insertLog.run(logRow(room.code, entry));
    return true;
  });
  const commit = db.transaction((room: RoomRecord, expected: number, entry: LogEntry): boolean => {
    if (updateRoom.run({ ...row(room), expected }).changes !== 1) return false;
    insertLog.run(logRow(room.code, entry));
    return true;
  });
  // Every commit asked for in one turn of the event loop goes into one transaction, so
  // the disk is flushed once per turn rather than once per change; each change
  // keeps its own savepoint, so one that fails does not take the others with it.
  const queued: { room: RoomRecord; expected: number; entry: LogEntry; settle: (r: boolean | Error) => void }[] = [];
  const commitQueued = db.transaction((batch: typeof queued): (boolean | Error)[] =>
    batch.map(({ room, expected, entry }) => {
      try {
        return commit(room, expected, entry);
      } catch (err) {
        return err instanceof Error ? err : new Error(String(err));
      }
    }),
  );
  const flush = () => {
    const batch = queued.splice(0);
    if (batch.length === 0) return;
    let results: (boolean | Error)[];
    try {
      results = commitQueued(batch);
    } catch (err) {
      results = batch.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    batch.forEach((c, i) => c.settle(results[i] ?? new Error('no result for a queued commit')));
  };
  const commitInTurn = (room: RoomRecord, expected: number, entry: LogEntry) =>
    new Promise<boolean>((resolve, reject) => {
      if (queued.length === 0) setImmediate(flush);
      const settle = (r: boolean | Error) => {
        if (r === true) keep(room);
        else kept.delete(room.code);
        if (r instanceof Error) reject(r);
        else resolve(r);
      };
      queued.push({ room, expected, entry, settle });
    });

  const purge = db.transaction((finishedBefore: number, idleBefore: number): string[] => {
    const codes = deleteRooms.all(finishedBefore, idleBefore).map((r) => r.code);
    for (const code of codes) deleteLog.run(code);
    return codes;
  });

  return {
    async create(room, entry) {
      const created = create(room, entry);
      if (created) keep(room);
      return created;
    },
    async load(code) {
      const known = kept.get(code);
      if (known !== undefined) {
        keep(known);
        return known;
      }
      const found = selectRoom.get(code);
      if (found === undefined) return null;
      const room = JSON.parse(found.data) as RoomRecord;
      keep(room);
      return room;
    },
    // Resolves only once the change is on disk: views are sent after this, never before.
    commit: commitInTurn,
    timedRooms: async (dueBy = Number.MAX_SAFE_INTEGER) => selectTimed.all(dueBy),
    async log(code) {
      return selectLog.all(code).map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
    },
    async purge({ finishedBefore, idleBefore }) {
      const codes = purge(finishedBefore, idleBefore);
      for (const code of codes) kept.delete(code);
      return codes;
    },
    async close() {
      if (!db.open) return;
      flush();
      db.close();
    },
  };
}

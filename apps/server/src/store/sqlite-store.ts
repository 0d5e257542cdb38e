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

/**
 * Rooms in one SQLite file (WAL). Writes are synchronous and fsynced
 * (`synchronous = FULL`), so an accepted change survives a crash of the
 * process or of the machine before anyone is told about it.
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
  const selectTimed = db.prepare<[], TimedRoom>('SELECT code, deadline FROM rooms WHERE deadline IS NOT NULL');
  const selectLog = db.prepare<[string], LogRow>(
    'SELECT version, at, kind, seat, detail FROM room_log WHERE code = ? ORDER BY version',
  );
  const deleteRooms = db.prepare<[number, number], { code: string }>(
    `DELETE FROM rooms
     WHERE (status = 'finished' AND finished_at < ?) OR (status <> 'finished' AND updated_at < ?)
     RETURNING code`,
  );
  const deleteLog = db.prepare('DELETE FROM room_log WHERE code = ?');

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
  const purge = db.transaction((finishedBefore: number, idleBefore: number): string[] => {
    const codes = deleteRooms.all(finishedBefore, idleBefore).map((r) => r.code);
    for (const code of codes) deleteLog.run(code);
    return codes;
  });

  return {
    create: async (room, entry) => create(room, entry),
    async load(code) {
      const found = selectRoom.get(code);
      return found === undefined ? null : (JSON.parse(found.data) as RoomRecord);
    },
    commit: async (room, expected, entry) => commit(room, expected, entry),
    timedRooms: async () => selectTimed.all(),
    async log(code) {
      return selectLog.all(code).map((r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }));
    },
    purge: async ({ finishedBefore, idleBefore }) => purge(finishedBefore, idleBefore),
    async close() {
      if (db.open) db.close();
    },
  };
}

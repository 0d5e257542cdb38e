/**
 * The SQLite store's own thread. better-sqlite3 is synchronous: run on the
 * server's event loop, every write and every flush to disk stopped all rooms
 * at once. Here the writes stop only this thread, while the server goes on
 * serving the rooms whose changes are not in the batch being written.
 *
 * Requests are handled in the order they came. Commits that arrive while a
 * batch is being written pile up and then go to disk together, one
 * transaction with a savepoint each, so one write serves every room that moved
 * meanwhile and one failing change does not take the others with it.
 *
 * A room is three things here: its row in `rooms` (version, status, times,
 * deadline), its newest whole record in `room_records`, at that record's own
 * version, and its log. Most moves update the row and add a log entry, leaving
 * the record behind; a load hands back the record with the entries after it,
 * and the server side plays those again (see `sqlite-store.ts`).
 *
 * Checkpoints (copying the write-ahead log into the database file) stay with
 * this connection, SQLite's default: run from a second connection at the same
 * time, they made this one's commits wait on the log's locks, up to a third of
 * a second at a time.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A room's row: the columns the store queries by and checks the version against. */
export interface RoomRow {
  code: string;
  version: number;
  status: string;
  updated_at: number;
  finished_at: number | null;
  deadline: number | null;
}

/** A log entry as a row. */
export interface LogRow {
  code: string;
  version: number;
  at: number;
  kind: string;
  seat: number | null;
  detail: string;
}

/** A room as read back: its newest whole record as JSON, and the log entries after it, oldest first. */
export interface StoredRoom {
  /** The room's version, which the entries after the record lead up to. */
  version: number;
  data: string;
  after: Omit<LogRow, 'code'>[];
}

/**
 * What the server can ask of this thread. A commit carries the whole record as
 * JSON (`data`), or null when its log entry is enough to rebuild it.
 */
export type Ask =
  | { op: 'create'; room: RoomRow; data: string; entry: LogRow }
  | { op: 'commit'; room: RoomRow; expected: number; data: string | null; entry: LogRow }
  | { op: 'load'; code: string }
  | { op: 'timed'; dueBy: number }
  | { op: 'log'; code: string }
  | { op: 'purge'; finishedBefore: number; idleBefore: number }
  | { op: 'whole'; code: string; version: number; data: string }
  | { op: 'close' };

/** An ask on its way (in batches); each gets exactly one reply with its id. */
export type Request = { id: number } & Ask;

/** The answer to one request. */
export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; message: string });

/**
 * When a commit counts as done: `normal` once it is in the write-ahead log
 * (safe from a crash of the process; the operating system writes it out), `full`
 * once the log is flushed to disk (safe from a crash of the machine too).
 */
export type SyncMode = 'normal' | 'full';

/** What the thread is started with. */
export interface StoreThreadData {
  file: string;
  sync: SyncMode;
}

/** Sent once the database is open and its schema in place, or with why it could not be. */
export type Ready = { ready: true } | { ready: false; message: string };

/**
 * A room's row stays small, so a commit that leaves the whole record alone
 * writes a page or two rather than the record's dozen kilobytes.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  code        TEXT PRIMARY KEY,
  version     INTEGER NOT NULL,
  status      TEXT NOT NULL,
  updated_at  INTEGER NOT NULL,
  finished_at INTEGER,
  deadline    INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE TABLE IF NOT EXISTS room_records (
  code    TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  data    TEXT NOT NULL
) STRICT;
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

/** Files written before records had a table of their own kept each record in its room's row. */
const RECORDS_OUT_OF_ROOMS = `
INSERT INTO room_records (code, version, data) SELECT code, version, data FROM rooms;
ALTER TABLE rooms DROP COLUMN data;
`;

function openDatabase(file: string, sync: SyncMode) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  // Under the write lock, so two processes opening an old file at once move its records once.
  db.transaction(() => {
    db.exec(SCHEMA);
    const columns = db.pragma('table_info(rooms)') as { name: string }[];
    if (columns.some((c) => c.name === 'data')) db.exec(RECORDS_OUT_OF_ROOMS);
  }).immediate();

  const insertRoom = db.prepare<RoomRow>(
    `INSERT INTO rooms (code, version, status, updated_at, finished_at, deadline)
     VALUES (@code, @version, @status, @updated_at, @finished_at, @deadline)
     ON CONFLICT (code) DO NOTHING`,
  );
  const updateRoom = db.prepare<RoomRow & { expected: number }>(
    `UPDATE rooms SET version = @version, status = @status, updated_at = @updated_at,
       finished_at = @finished_at, deadline = @deadline
     WHERE code = @code AND version = @expected`,
  );
  const putRecord = db.prepare<{ code: string; version: number; data: string }>(
    `INSERT INTO room_records (code, version, data) VALUES (@code, @version, @data)
     ON CONFLICT (code) DO UPDATE SET version = excluded.version, data = excluded.data`,
  );
  // Only while the room is still at that version: another process may have moved it on since.
  const putCurrentRecord = db.prepare<{ code: string; version: number; data: string }>(
    `INSERT INTO room_records (code, version, data)
     SELECT @code, @version, @data WHERE EXISTS (SELECT 1 FROM rooms WHERE code = @code AND version = @version)
     ON CONFLICT (code) DO UPDATE SET version = excluded.version, data = excluded.data`,
  );
  const insertLog = db.prepare<LogRow>(
    `INSERT INTO room_log (code, version, at, kind, seat, detail) VALUES (@code, @version, @at, @kind, @seat, @detail)`,
  );
  const selectRoom = db.prepare<[string], { version: number; record_version: number; data: string }>(
    `SELECT rooms.version, room_records.version AS record_version, room_records.data
     FROM rooms JOIN room_records USING (code) WHERE code = ?`,
  );
  const selectLogAfter = db.prepare<[string, number], Omit<LogRow, 'code'>>(
    'SELECT version, at, kind, seat, detail FROM room_log WHERE code = ? AND version > ? ORDER BY version',
  );
  const selectTimed = db.prepare<[number], { code: string; deadline: number }>(
    'SELECT code, deadline FROM rooms WHERE deadline IS NOT NULL AND deadline <= ?',
  );
  const selectLog = db.prepare<[string], Omit<LogRow, 'code'>>(
    'SELECT version, at, kind, seat, detail FROM room_log WHERE code = ? ORDER BY version',
  );
  const deleteRooms = db.prepare<[number, number], { code: string }>(
    `DELETE FROM rooms
     WHERE (status = 'finished' AND finished_at < ?) OR (status <> 'finished' AND updated_at < ?)
     RETURNING code`,
  );
  const deleteLog = db.prepare<[string]>('DELETE FROM room_log WHERE code = ?');
  const deleteRecord = db.prepare<[string]>('DELETE FROM room_records WHERE code = ?');

  const create = db.transaction((room: RoomRow, data: string, entry: LogRow): boolean => {
    if (insertRoom.run(room).changes !== 1) return false;
    putRecord.run({ code: room.code, version: room.version, data });
    // A code freed by a purge may come back: its old log went with it.
    deleteLog.run(room.code);
    insertLog.run(entry);
    return true;
  });
  // Run inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const commit = db.transaction((room: RoomRow, expected: number, data: string | null, entry: LogRow): boolean => {
    if (updateRoom.run({ ...room, expected }).changes !== 1) return false;
    if (data !== null) putRecord.run({ code: room.code, version: room.version, data });
    insertLog.run(entry);
    return true;
  });
  // One read transaction, so the record and the entries after it come from the same moment.
  const load = db.transaction((code: string): StoredRoom | null => {
    const row = selectRoom.get(code);
    if (row === undefined) return null;
    const after = row.record_version < row.version ? selectLogAfter.all(code, row.record_version) : [];
    return { version: row.version, data: row.data, after };
  });
  const commitAll = db.transaction((batch: Extract<Request, { op: 'commit' }>[]): Reply[] =>
    batch.map((r) => {
      try {
        return { id: r.id, ok: true, value: commit(r.room, r.expected, r.data, r.entry) };
      } catch (err) {
        return { id: r.id, ok: false, message: messageOf(err) };
      }
    }),
  );
  const purge = db.transaction((finishedBefore: number, idleBefore: number): string[] => {
    const codes = deleteRooms.all(finishedBefore, idleBefore).map((r) => r.code);
    for (const code of codes) {
      deleteRecord.run(code);
      deleteLog.run(code);
    }
    return codes;
  });

  /** Everything but commits, which go through `commitAll`. */
  const answer = (r: Exclude<Request, { op: 'commit' }>): unknown => {
    switch (r.op) {
      case 'create':
        return create(r.room, r.data, r.entry);
      case 'load':
        return load(r.code);
      case 'timed':
        return selectTimed.all(r.dueBy);
      case 'log':
        return selectLog.all(r.code);
      case 'purge':
        return purge(r.finishedBefore, r.idleBefore);
      case 'whole':
        return putCurrentRecord.run({ code: r.code, version: r.version, data: r.data }).changes === 1;
      case 'close':
        db.close();
        return null;
    }
  };
  return { commitAll, answer };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function serve(port: MessagePort, { file, sync }: StoreThreadData): void {
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(file, sync);
  } catch (err) {
    port.postMessage({ ready: false, message: messageOf(err) } satisfies Ready);
    return;
  }
  const queue: Request[] = [];
  let closed = false;

  const drain = () => {
    const requests = queue.splice(0);
    // Replies go back in as few messages as the order allows: each message costs both threads a wake-up.
    let replies: Reply[] = [];
    const send = () => {
      if (replies.length > 0) port.postMessage(replies);
      replies = [];
    };
    for (let i = 0; i < requests.length; ) {
      const first = requests[i];
      if (first === undefined) break;
      if (first.op === 'commit') {
        const batch: Extract<Request, { op: 'commit' }>[] = [];
        let next = requests[i];
        while (next?.op === 'commit') {
          batch.push(next);
          next = requests[++i];
        }
        send();
        try {
          replies = db.commitAll(batch);
        } catch (err) {
          replies = batch.map((r) => ({ id: r.id, ok: false, message: messageOf(err) }));
        }
        send();
        continue;
      }
      i++;
      if (closed) {
        replies.push({ id: first.id, ok: false, message: 'the store is closed' });
        continue;
      }
      try {
        replies.push({ id: first.id, ok: true, value: db.answer(first) });
      } catch (err) {
        replies.push({ id: first.id, ok: false, message: messageOf(err) });
      }
      if (first.op === 'close') closed = true;
    }
    send();
    if (closed) port.close();
  };

  // Requests that arrive during a flush are all delivered before the next
  // check phase, so draining from `setImmediate` gathers them into one batch.
  port.on('message', (requests: Request[]) => {
    if (queue.length === 0) setImmediate(drain);
    queue.push(...requests);
  });
  port.postMessage({ ready: true } satisfies Ready);
}

if (parentPort === null) throw new Error('the SQLite store thread runs as a worker');
serve(parentPort, workerData as StoreThreadData);

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
 * Checkpoints (copying the write-ahead log into the database file) stay with
 * this connection, SQLite's default: run from a second connection at the same
 * time, they made this one's commits wait on the log's locks, up to a third of
 * a second at a time.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** A room as a row: the columns the store queries by, and the record as JSON. */
export interface RoomRow {
  code: string;
  version: number;
  status: string;
  updated_at: number;
  finished_at: number | null;
  deadline: number | null;
  data: string;
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

/** What the server can ask of this thread. */
export type Ask =
  | { op: 'create'; room: RoomRow; entry: LogRow }
  | { op: 'commit'; room: RoomRow; expected: number; entry: LogRow }
  | { op: 'load'; code: string }
  | { op: 'timed'; dueBy: number }
  | { op: 'log'; code: string }
  | { op: 'purge'; finishedBefore: number; idleBefore: number }
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

function openDatabase(file: string, sync: SyncMode) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const insertRoom = db.prepare<RoomRow>(
    `INSERT INTO rooms (code, version, status, updated_at, finished_at, deadline, data)
     VALUES (@code, @version, @status, @updated_at, @finished_at, @deadline, @data)
     ON CONFLICT (code) DO NOTHING`,
  );
  const updateRoom = db.prepare<RoomRow & { expected: number }>(
    `UPDATE rooms SET version = @version, status = @status, updated_at = @updated_at,
       finished_at = @finished_at, deadline = @deadline, data = @data
     WHERE code = @code AND version = @expected`,
  );
  const insertLog = db.prepare<LogRow>(
    `INSERT INTO room_log (code, version, at, kind, seat, detail) VALUES (@code, @version, @at, @kind, @seat, @detail)`,
  );
  const selectRoom = db.prepare<[string], { data: string }>('SELECT data FROM rooms WHERE code = ?');
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

  const create = db.transaction((room: RoomRow, entry: LogRow): boolean => {
    if (insertRoom.run(room).changes !== 1) return false;
    // A code freed by a purge may come back: its old log went with it.
    deleteLog.run(room.code);
    insertLog.run(entry);
    return true;
  });
  // Run inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const commit = db.transaction((room: RoomRow, expected: number, entry: LogRow): boolean => {
    if (updateRoom.run({ ...room, expected }).changes !== 1) return false;
    insertLog.run(entry);
    return true;
  });
  const commitAll = db.transaction((batch: Extract<Request, { op: 'commit' }>[]): Reply[] =>
    batch.map((r) => {
      try {
        return { id: r.id, ok: true, value: commit(r.room, r.expected, r.entry) };
      } catch (err) {
        return { id: r.id, ok: false, message: messageOf(err) };
      }
    }),
  );
  const purge = db.transaction((finishedBefore: number, idleBefore: number): string[] => {
    const codes = deleteRooms.all(finishedBefore, idleBefore).map((r) => r.code);
    for (const code of codes) deleteLog.run(code);
    return codes;
  });

  /** Everything but commits, which go through `commitAll`. */
  const answer = (r: Exclude<Request, { op: 'commit' }>): unknown => {
    switch (r.op) {
      case 'create':
        return create(r.room, r.entry);
      case 'load':
        return selectRoom.get(r.code)?.data ?? null;
      case 'timed':
        return selectTimed.all(r.dueBy);
      case 'log':
        return selectLog.all(r.code);
      case 'purge':
        return purge(r.finishedBefore, r.idleBefore);
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

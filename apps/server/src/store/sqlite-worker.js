// @ts-check
/**
 * The SQLite adapter's own thread. better-sqlite3 is synchronous: run on the
 * server's event loop, every write and every flush to disk stopped all rooms
 * at once. Here the writes stop only this thread, while the server goes on
 * serving the rooms whose changes are not in the batch being written.
 *
 * Plain JavaScript, so the server starts it the same way compiled or run from
 * its TypeScript sources: Node 20 does not carry tsx's loader into worker
 * threads. Its types are JSDoc, checked with the rest of the server.
 *
 * Requests are handled in the order they came. Appends that arrive while a
 * batch is being written pile up and then go to disk together, one
 * transaction with a savepoint each, so one write serves every room that moved
 * meanwhile and one failing change does not take the others with it.
 *
 * A room is three things here: its head in `rooms` (version, digest, status,
 * times, deadline), its newest snapshot in `room_snapshots`, at that
 * snapshot's own version, and its journal. Most moves update the head and add
 * a journal entry, leaving the snapshot behind; a read hands back the snapshot
 * with the entries after it, and the repository replays those (see
 * `room-repository.ts`).
 *
 * Checkpoints (copying the write-ahead log into the database file) stay with
 * this connection, SQLite's default: run from a second connection at the same
 * time, they made this one's commits wait on the log's locks, up to a third of
 * a second at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * A room's head: the columns the store queries by and checks the version against.
 * @typedef {{ code: string; version: number; status: string; updated_at: number; finished_at: number | null; deadline: number | null; digest: string }} HeadRow
 */

/**
 * A journal entry as a row.
 * @typedef {{ code: string; version: number; at: number; kind: string; seat: number | null; detail: string }} EntryRow
 */

/**
 * A room as read back: its version and that version's time and digest; its
 * newest snapshot, or null when the caller's `since` is enough; and the
 * journal entries after one or the other, oldest first.
 * @typedef {{ version: number; at: number; digest: string | null; snapshot: { version: number; data: string } | null; entries: Omit<EntryRow, 'code'>[] }} ReadRow
 */

/**
 * What the server can ask of this thread. An append with `expected` null
 * creates the room; its snapshot is the room as JSON, or null when the
 * journal entry is enough to rebuild it.
 * @typedef {| { op: 'append'; head: HeadRow; expected: number | null; entry: EntryRow; snapshot: string | null }
 *   | { op: 'read'; code: string; since: { version: number; at: number } | null }
 *   | { op: 'snapshot'; head: HeadRow; data: string }
 *   | { op: 'timed'; dueBy: number }
 *   | { op: 'journal'; code: string }
 *   | { op: 'purge'; finishedBefore: number; idleBefore: number }
 *   | { op: 'close' }} Ask
 */

/**
 * An ask on its way (in batches); each gets exactly one reply with its id.
 * @typedef {{ id: number } & Ask} Request
 */

/** @typedef {Extract<Request, { op: 'append' }>} AppendRequest */

/**
 * The answer to one request.
 * @typedef {{ id: number } & ({ ok: true; value: unknown } | { ok: false; message: string })} Reply
 */

/**
 * When an append counts as done: `normal` once it is in the write-ahead log
 * (safe from a crash of the process; the operating system writes it out), `full`
 * once the log is flushed to disk (safe from a crash of the machine too).
 * @typedef {'normal' | 'full'} SyncMode
 */

/**
 * What the thread is started with.
 * @typedef {{ file: string; sync: SyncMode }} StoreThreadData
 */

/**
 * Sent once the database is open and its schema in place, or with why it could not be.
 * @typedef {{ ready: true } | { ready: false; message: string }} Ready
 */

/**
 * A room's head stays small, so an append that leaves the snapshot alone
 * writes a page or two rather than the room's dozen kilobytes.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS rooms (
  code        TEXT PRIMARY KEY,
  version     INTEGER NOT NULL,
  status      TEXT NOT NULL,
  updated_at  INTEGER NOT NULL,
  finished_at INTEGER,
  deadline    INTEGER,
  digest      TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE TABLE IF NOT EXISTS room_snapshots (
  code    TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  data    TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS room_journal (
  code    TEXT NOT NULL,
  version INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  kind    TEXT NOT NULL,
  seat    INTEGER,
  detail  TEXT NOT NULL,
  PRIMARY KEY (code, version)
) STRICT;
`;

/**
 * Files of earlier builds: their tables under the names they had, rooms kept
 * whole in their row before snapshots had a table, and no digests.
 * @param {Database.Database} db
 */
function migrate(db) {
  const tables = new Set(
    /** @type {{ name: string }[]} */ (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()).map(
      (t) => t.name,
    ),
  );
  if (tables.has('room_records')) db.exec('ALTER TABLE room_records RENAME TO room_snapshots');
  if (tables.has('room_log')) db.exec('ALTER TABLE room_log RENAME TO room_journal');
  db.exec(SCHEMA);
  const columns = new Set(/** @type {{ name: string }[]} */ (db.pragma('table_info(rooms)')).map((c) => c.name));
  if (columns.has('data')) {
    db.exec(`INSERT INTO room_snapshots (code, version, data) SELECT code, version, data FROM rooms;
             ALTER TABLE rooms DROP COLUMN data;`);
  }
  if (!columns.has('digest')) db.exec('ALTER TABLE rooms ADD COLUMN digest TEXT');
}

/**
 * @param {string} file
 * @param {SyncMode} sync
 */
function openDatabase(file, sync) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  // Under the write lock, so two processes opening an old file at once move its rooms once.
  db.transaction(() => migrate(db)).immediate();

  /** @type {Database.Statement<HeadRow>} */
  const insertRoom = db.prepare(
    `INSERT INTO rooms (code, version, status, updated_at, finished_at, deadline, digest)
     VALUES (@code, @version, @status, @updated_at, @finished_at, @deadline, @digest)
     ON CONFLICT (code) DO NOTHING`,
  );
  /** @type {Database.Statement<HeadRow & { expected: number }>} */
  const updateRoom = db.prepare(
    `UPDATE rooms SET version = @version, status = @status, updated_at = @updated_at,
       finished_at = @finished_at, deadline = @deadline, digest = @digest
     WHERE code = @code AND version = @expected`,
  );
  /** @type {Database.Statement<{ code: string; version: number; data: string }>} */
  const putSnapshot = db.prepare(
    `INSERT INTO room_snapshots (code, version, data) VALUES (@code, @version, @data)
     ON CONFLICT (code) DO UPDATE SET version = excluded.version, data = excluded.data`,
  );
  // Only while the room is still at that version of the same time: another process may have moved it on since.
  /** @type {Database.Statement<[string, string, number, number]>} */
  const setDigest = db.prepare('UPDATE rooms SET digest = ? WHERE code = ? AND version = ? AND updated_at = ?');
  /** @type {Database.Statement<EntryRow>} */
  const insertEntry = db.prepare(
    `INSERT INTO room_journal (code, version, at, kind, seat, detail)
     VALUES (@code, @version, @at, @kind, @seat, @detail)`,
  );
  /** @type {Database.Statement<[string], { version: number; at: number; digest: string | null; snapshot_version: number; data: string }>} */
  const selectRoom = db.prepare(
    `SELECT rooms.version, rooms.updated_at AS at, rooms.digest, room_snapshots.version AS snapshot_version, room_snapshots.data
     FROM rooms JOIN room_snapshots USING (code) WHERE code = ?`,
  );
  /** @type {Database.Statement<[string, number], { at: number }>} */
  const selectEntryAt = db.prepare('SELECT at FROM room_journal WHERE code = ? AND version = ?');
  /** @type {Database.Statement<[string, number], Omit<EntryRow, 'code'>>} */
  const selectEntriesAfter = db.prepare(
    'SELECT version, at, kind, seat, detail FROM room_journal WHERE code = ? AND version > ? ORDER BY version',
  );
  /** @type {Database.Statement<[number], { code: string; deadline: number }>} */
  const selectTimed = db.prepare('SELECT code, deadline FROM rooms WHERE deadline IS NOT NULL AND deadline <= ?');
  /** @type {Database.Statement<[number, number], { code: string }>} */
  const deleteRooms = db.prepare(
    `DELETE FROM rooms
     WHERE (status = 'finished' AND finished_at < ?) OR (status <> 'finished' AND updated_at < ?)
     RETURNING code`,
  );
  /** @type {Database.Statement<[string]>} */
  const deleteJournal = db.prepare('DELETE FROM room_journal WHERE code = ?');
  /** @type {Database.Statement<[string]>} */
  const deleteSnapshot = db.prepare('DELETE FROM room_snapshots WHERE code = ?');

  // Run inside the batch's transaction, better-sqlite3 makes this a savepoint.
  const append = db.transaction(
    /** @param {AppendRequest} r @returns {boolean} */
    ({ head, expected, entry, snapshot }) => {
      if (expected === null) {
        if (insertRoom.run(head).changes !== 1) return false;
        // A code freed by a purge may come back: its old journal went with it.
        deleteJournal.run(head.code);
      } else if (updateRoom.run({ ...head, expected }).changes !== 1) return false;
      if (snapshot !== null) putSnapshot.run({ code: head.code, version: head.version, data: snapshot });
      insertEntry.run(entry);
      return true;
    },
  );
  // One read transaction, so the head, the snapshot and the entries come from the same moment.
  const read = db.transaction(
    /** @param {string} code @param {{ version: number; at: number } | null} since @returns {ReadRow | null} */
    (code, since) => {
      const row = selectRoom.get(code);
      if (row === undefined) return null;
      const head = { version: row.version, at: row.at, digest: row.digest };
      if (since !== null && since.version >= row.snapshot_version && since.version <= row.version) {
        const heldAt = since.version === row.version ? row.at : selectEntryAt.get(code, since.version)?.at;
        if (heldAt === since.at) {
          const entries = since.version < row.version ? selectEntriesAfter.all(code, since.version) : [];
          return { ...head, snapshot: null, entries };
        }
      }
      const entries = row.snapshot_version < row.version ? selectEntriesAfter.all(code, row.snapshot_version) : [];
      return { ...head, snapshot: { version: row.snapshot_version, data: row.data }, entries };
    },
  );
  const snapshot = db.transaction(
    /** @param {HeadRow} head @param {string} data @returns {boolean} */
    (head, data) => {
      if (setDigest.run(head.digest, head.code, head.version, head.updated_at).changes !== 1) return false;
      putSnapshot.run({ code: head.code, version: head.version, data });
      return true;
    },
  );
  const appendAll = db.transaction(
    /** @param {AppendRequest[]} batch @returns {Reply[]} */
    (batch) =>
      batch.map((r) => {
        try {
          return { id: r.id, ok: true, value: append(r) };
        } catch (err) {
          return { id: r.id, ok: false, message: messageOf(err) };
        }
      }),
  );
  const purge = db.transaction(
    /** @param {number} finishedBefore @param {number} idleBefore @returns {string[]} */
    (finishedBefore, idleBefore) => {
      const codes = deleteRooms.all(finishedBefore, idleBefore).map((r) => r.code);
      for (const code of codes) {
        deleteSnapshot.run(code);
        deleteJournal.run(code);
      }
      return codes;
    },
  );

  /**
   * Everything but appends, which go through `appendAll`.
   * @param {Exclude<Request, { op: 'append' }>} r
   * @returns {unknown}
   */
  const answer = (r) => {
    switch (r.op) {
      case 'read':
        return read(r.code, r.since);
      case 'snapshot':
        return snapshot(r.head, r.data);
      case 'timed':
        return selectTimed.all(r.dueBy);
      case 'journal':
        return selectEntriesAfter.all(r.code, -1);
      case 'purge':
        return purge(r.finishedBefore, r.idleBefore);
      case 'close':
        db.close();
        return null;
    }
  };
  return { appendAll, answer };
}

/** @param {unknown} err */
function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * @param {import('node:worker_threads').MessagePort} port
 * @param {StoreThreadData} data
 */
function serve(port, { file, sync }) {
  /** @type {ReturnType<typeof openDatabase>} */
  let db;
  try {
    db = openDatabase(file, sync);
  } catch (err) {
    port.postMessage(/** @type {Ready} */ ({ ready: false, message: messageOf(err) }));
    return;
  }
  /** @type {Request[]} */
  const queue = [];
  let closed = false;

  const drain = () => {
    const requests = queue.splice(0);
    // Replies go back in as few messages as the order allows: each message costs both threads a wake-up.
    /** @type {Reply[]} */
    let replies = [];
    const send = () => {
      if (replies.length > 0) port.postMessage(replies);
      replies = [];
    };
    for (let i = 0; i < requests.length; ) {
      const first = requests[i];
      if (first === undefined) break;
      if (first.op === 'append') {
        /** @type {AppendRequest[]} */
        const batch = [];
        let next = requests[i];
        while (next?.op === 'append') {
          batch.push(next);
          next = requests[++i];
        }
        send();
        try {
          replies = db.appendAll(batch);
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
  port.on('message', (/** @type {Request[]} */ requests) => {
    if (queue.length === 0) setImmediate(drain);
    queue.push(...requests);
  });
  port.postMessage(/** @type {Ready} */ ({ ready: true }));
}

if (parentPort === null) throw new Error('the SQLite store thread runs as a worker');
serve(parentPort, /** @type {StoreThreadData} */ (workerData));

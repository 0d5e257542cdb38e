import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RoomRecord } from '../room-record.js';
import { KeptRecords, type ReplayMove } from './kept-records.js';
import type { LogEntry, RoomStore, TimedRoom } from './room-store.js';
import type {
  Ask,
  LogRow,
  Ready,
  Reply,
  Request,
  RoomRow,
  StoredRoom,
  StoreThreadData,
  SyncMode,
} from './sqlite-worker.js';

export type { SyncMode } from './sqlite-worker.js';

/** The file name of the embedded store inside the data directory. */
export const SQLITE_FILE = 'rollcall.sqlite';

const roomRow = (room: RoomRecord): RoomRow => ({
  code: room.code,
  version: room.version,
  status: room.status,
  updated_at: room.updatedAt,
  finished_at: room.finishedAt,
  deadline: room.status === 'playing' ? room.deadline : null,
});

const logRow = (code: string, e: LogEntry): LogRow => ({
  code,
  version: e.version,
  at: e.at,
  kind: e.kind,
  seat: e.seat,
  detail: JSON.stringify(e.detail),
});

/**
 * Start the store's thread and wait until its database is open. Compiled
 * (`pnpm build`, then `node dist/main.js`) the thread is the JavaScript file
 * beside this one. Run from TypeScript (tests, `pnpm dev`), Node 20 does not
 * carry tsx's loader into worker threads, so the thread starts from a line of
 * JavaScript that loads its module through tsx.
 */
async function startStoreThread(data: StoreThreadData): Promise<Worker> {
  const compiled = import.meta.url.endsWith('.js');
  const thread = compiled
    ? new Worker(new URL('./sqlite-worker.js', import.meta.url), { workerData: data })
    : startThroughTsx(data);
  const ready = await new Promise<Ready>((resolve) => {
    thread.once('message', resolve);
    thread.once('error', (err) => resolve({ ready: false, message: err.message }));
    thread.once('exit', (code) => resolve({ ready: false, message: `the thread stopped (exit code ${code})` }));
  });
  if (!ready.ready) {
    await thread.terminate();
    throw new Error(`could not open the room store: ${ready.message}`);
  }
  return thread;
}

function startThroughTsx(data: StoreThreadData): Worker {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./sqlite-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}))`, {
    eval: true,
    execArgv: [],
    workerData: data,
  });
}

/** How the SQLite store writes (see `SyncMode`), and how it plays moves again. */
export interface SqliteOptions {
  sync?: SyncMode;
  /** Without it every change is written whole, and a room stored as a record plus moves cannot be loaded. */
  replay?: ReplayMove;
}

const entryOf = (row: Omit<LogRow, 'code'>): LogEntry => ({
  version: row.version,
  at: row.at,
  kind: row.kind as LogEntry['kind'],
  seat: row.seat,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
});

/**
 * Rooms in one SQLite file (WAL), written by a thread of its own (see
 * `sqlite-worker.ts`). A commit is answered only once it is in the
 * write-ahead log, and with `sync: 'full'` only once that is flushed to disk,
 * so an accepted change survives a crash of the process (with `full`, of the
 * machine too) before anyone is told about it.
 *
 * A move (a log entry of kind `action`) is written as its log entry and the
 * room's row alone, unless its version is `WHOLE_RECORD_EVERY` past the
 * room's stored whole record or this store does not know where that record
 * is; every other change writes the whole record. Loading a room from the
 * file plays the moves logged after its whole record again with `replay`.
 *
 * The newest record of each busy room is also kept as the object that was
 * written or read, with the version of its stored whole record, so loading it
 * again costs no trip to the thread and no parse. Records are never changed
 * in place (every change makes a new one), so sharing them is safe; and
 * should another process write the same file, its change makes our next
 * compare-and-set fail, which drops the kept copy before the retry reloads.
 */
export async function openSqliteStore(
  dataDir: string,
  { sync = 'normal', replay }: SqliteOptions = {},
): Promise<RoomStore> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE);
  const thread = await startStoreThread({ file, sync });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let gone: Error | null = null;

  const fail = (err: Error) => {
    gone ??= err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the store thread stopped (exit code ${code})`)));
  thread.on('message', (replies: Reply[]) => {
    for (const reply of replies) {
      const w = waiting.get(reply.id);
      if (w === undefined) continue;
      waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.value);
      else w.reject(new Error(reply.message));
    }
  });

  // Requests made in one turn of the event loop go to the thread as one message.
  let outbox: Request[] = [];
  const post = () => {
    const requests = outbox;
    outbox = [];
    if (gone === null) thread.postMessage(requests);
  };

  const ask = <T>(request: Ask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone !== null) {
        reject(gone);
        return;
      }
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (outbox.length === 0) setImmediate(post);
      outbox.push({ ...request, id });
    });

  const kept = new KeptRecords(replay);
  const rebuild = (code: string, stored: StoredRoom): RoomRecord =>
    kept.rebuild(code, JSON.parse(stored.data) as RoomRecord, stored.after.map(entryOf), stored.version);

  let closing: Promise<void> | null = null;
  return {
    async create(room, entry) {
      const data = JSON.stringify(room);
      const created = await ask<boolean>({ op: 'create', room: roomRow(room), data, entry: logRow(room.code, entry) });
      if (created) kept.keep(room, room.version);
      return created;
    },
    async load(code) {
      const known = kept.get(code);
      if (known !== undefined) {
        kept.keep(known.room, known.wholeAt);
        return known.room;
      }
      const stored = await ask<StoredRoom | null>({ op: 'load', code });
      if (stored === null) return null;
      const room = rebuild(code, stored);
      kept.keep(room, stored.version - stored.after.length);
      return room;
    },
    // Resolves only once the change is on disk: views are sent after this, never before.
    commit: (room, expected, entry) =>
      kept.commit(room, expected, entry, (data) =>
        ask<boolean>({ op: 'commit', room: roomRow(room), expected, data, entry: logRow(room.code, entry) }),
      ),
    timedRooms: (dueBy = Number.MAX_SAFE_INTEGER) => ask<TimedRoom[]>({ op: 'timed', dueBy }),
    async log(code) {
      const rows = await ask<Omit<LogRow, 'code'>[]>({ op: 'log', code });
      return rows.map(entryOf);
    },
    async purge({ finishedBefore, idleBefore }) {
      const codes = await ask<string[]>({ op: 'purge', finishedBefore, idleBefore });
      for (const code of codes) kept.drop(code);
      return codes;
    },
    // Everything asked before the close is answered first: the thread takes requests in order.
    close() {
      closing ??= (async () => {
        // Rooms are written whole on a clean stop, so the next start (maybe with changed rules) plays nothing again.
        const wholes = kept.behind().map((room) =>
          ask({ op: 'whole', code: room.code, version: room.version, data: JSON.stringify(room) }).catch(() => undefined),
        );
        if (gone === null) await Promise.all([...wholes, ask({ op: 'close' }).catch(() => undefined)]);
        gone ??= new Error('the store is closed');
        await thread.terminate();
      })();
      return closing;
    },
  };
}

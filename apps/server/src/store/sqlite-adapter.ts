import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { JournalEntry, RoomAdapter, RoomHead, StoredRoom, TimedRoom } from './room-repository.js';
import type { Ask, EntryRow, HeadRow, ReadRow, Ready, Reply, Request, StoreThreadData, SyncMode } from './sqlite-worker.js';

export type { SyncMode } from './sqlite-worker.js';

/** The file name of the embedded store inside the data directory. */
export const SQLITE_FILE = 'rollcall.sqlite';

const headRow = (head: RoomHead): HeadRow => ({
  code: head.code,
  version: head.version,
  status: head.status,
  updated_at: head.at,
  finished_at: head.finishedAt,
  deadline: head.deadline,
  digest: head.digest,
});

const entryRow = (code: string, e: JournalEntry): EntryRow => ({
  code,
  version: e.version,
  at: e.at,
  kind: e.kind,
  seat: e.seat,
  detail: JSON.stringify(e.detail),
});

const entryOf = (row: Omit<EntryRow, 'code'>): JournalEntry => ({
  version: row.version,
  at: row.at,
  kind: row.kind as JournalEntry['kind'],
  seat: row.seat,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
});

/**
 * Start the store's thread and wait until its database is open. The thread
 * is plain JavaScript, so it starts the same way from `dist` and from the
 * TypeScript sources (tests, `pnpm dev`).
 */
async function startStoreThread(data: StoreThreadData): Promise<Worker> {
  const thread = new Worker(new URL('./sqlite-worker.js', import.meta.url), { workerData: data });
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

/**
 * Rooms in one SQLite file (WAL), written by a thread of its own (see
 * `sqlite-worker.js`). An append is answered only once it is in the
 * write-ahead log, and with `sync: 'full'` only once that is flushed to disk,
 * so an accepted change survives a crash of the process (with `full`, of the
 * machine too) before anyone is told about it.
 *
 * One process writes a data directory, so the repository may trust the rooms
 * it keeps in memory (`shared: false`); should another process write the same
 * file, its change makes our next compare-and-set fail, which drops the room
 * from memory before the retry reloads.
 */
export async function openSqliteAdapter(dataDir: string, { sync = 'normal' }: { sync?: SyncMode } = {}): Promise<RoomAdapter> {
  mkdirSync(dataDir, { recursive: true });
  const thread = await startStoreThread({ file: join(dataDir, SQLITE_FILE), sync });
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

  let closing: Promise<void> | null = null;
  return {
    shared: false,
    async read(code, since) {
      const row = await ask<ReadRow | null>({ op: 'read', code, since: since ?? null });
      if (row === null) return null;
      return { ...row, entries: row.entries.map(entryOf) } satisfies StoredRoom;
    },
    append: (head, expected, entry, snapshot) =>
      ask<boolean>({ op: 'append', head: headRow(head), expected, entry: entryRow(head.code, entry), snapshot: snapshot ?? null }),
    snapshot: (head, data) => ask<boolean>({ op: 'snapshot', head: headRow(head), data }),
    async journal(code) {
      return (await ask<Omit<EntryRow, 'code'>[]>({ op: 'journal', code })).map(entryOf);
    },
    timedRooms: (dueBy = Number.MAX_SAFE_INTEGER) => ask<TimedRoom[]>({ op: 'timed', dueBy }),
    purge: ({ finishedBefore, idleBefore }) => ask<string[]>({ op: 'purge', finishedBefore, idleBefore }),
    // Everything asked before the close is answered first: the thread takes requests in order.
    close() {
      closing ??= (async () => {
        if (gone === null) await ask({ op: 'close' }).catch(() => undefined);
        gone ??= new Error('the store is closed');
        await thread.terminate();
      })();
      return closing;
    },
  };
}

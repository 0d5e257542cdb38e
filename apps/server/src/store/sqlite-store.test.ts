import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seedGenerator } from '@rollcall/rules';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
import { Table } from '../../test/stored-table.js';
import { replayMove } from '../room-changes.js';
import { newRoom, RECENT_ACTIONS } from '../room-record.js';
import { WHOLE_RECORD_EVERY } from './kept-records.js';
import { openSqliteStore, SQLITE_FILE, type SyncMode } from './sqlite-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

// A restart is a new process on the same file: closing every store is all it takes.
for (const sync of ['normal', 'full'] satisfies SyncMode[]) {
  roomStoreContract(`SQLite (sync ${sync})`, async () => {
    const dir = freshDir();
    return { open: () => openSqliteStore(dir, { sync }), restart: async () => undefined };
  });
}

describe('the SQLite room store', () => {
  it('says why it cannot open where the file cannot be', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, SQLITE_FILE), { recursive: true });
    await expect(openSqliteStore(dir)).rejects.toThrow(/could not open the room store/);
  });
});

const now = 1_700_000_000_000;

/** The versions of the room and of its stored whole record, read straight from the file. */
function storedVersions(dir: string): { room: number; record: number } {
  const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
  try {
    return db
      .prepare<[], { room: number; record: number }>(
        'SELECT rooms.version AS room, room_records.version AS record FROM rooms JOIN room_records USING (code)',
      )
      .get()!;
  } finally {
    db.close();
  }
}

describe('moves in the SQLite store', () => {
  it('are written as log entries between whole records, and another store on the file rebuilds the very record', async () => {
    const dir = freshDir();
    const table = await Table.open(await openSqliteStore(dir, { replay: replayMove }), 8);
    let replayed = 0;
    for (const moves of [WHOLE_RECORD_EVERY - 3, 10, 2 * WHOLE_RECORD_EVERY + 7, 200]) {
      await table.play(moves);
      const stored = storedVersions(dir);
      expect(stored.room).toBe(table.room.version);
      expect(stored.room - stored.record).toBeLessThan(WHOLE_RECORD_EVERY);
      if (stored.record < stored.room) replayed += 1;
      // A second store on the same file, like a process started after a crash, reads the record and the moves after it.
      const reader = await openSqliteStore(dir, { replay: replayMove });
      expect(await reader.load('PLAY')).toEqual(table.room);
      await reader.close();
    }
    expect(replayed).toBeGreaterThan(1);
    expect(table.room.status).toBe('finished');
    // Eight phones' moves overflow the remembered keys: replays drop the oldest ones the same way.
    expect(table.room.recentActions).toHaveLength(RECENT_ACTIONS);
    await table.store.close();
  });

  it('are written whole when the store closes, so a restart plays nothing again', async () => {
    const dir = freshDir();
    const table = await Table.open(await openSqliteStore(dir, { replay: replayMove }), 3);
    await table.play(7);
    expect(storedVersions(dir).record).toBeLessThan(table.room.version);
    await table.store.close();
    expect(storedVersions(dir)).toEqual({ room: table.room.version, record: table.room.version });
    const blind = await openSqliteStore(dir);
    expect(await blind.load('PLAY')).toEqual(table.room);
    await blind.close();
  });

  it('leave the whole record where it was until the move that is that many versions past it', async () => {
    const dir = freshDir();
    const table = await Table.open(await openSqliteStore(dir, { replay: replayMove }), 3);
    const whole = table.room.version;
    await table.play(WHOLE_RECORD_EVERY - 1);
    expect(storedVersions(dir)).toEqual({ room: whole + WHOLE_RECORD_EVERY - 1, record: whole });
    await table.play(1);
    expect(storedVersions(dir)).toEqual({ room: whole + WHOLE_RECORD_EVERY, record: whole + WHOLE_RECORD_EVERY });
    await table.store.close();
  });

  it('are written whole by a store with no way to play them again, which cannot load a room that needs it', async () => {
    const dir = freshDir();
    const table = await Table.open(await openSqliteStore(dir), 2);
    await table.play(5);
    expect(storedVersions(dir)).toEqual({ room: table.room.version, record: table.room.version });
    await table.store.close();

    table.store = await openSqliteStore(dir, { replay: replayMove });
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(5);
    const blind = await openSqliteStore(dir);
    await expect(blind.load('PLAY')).rejects.toThrow(/moves to play again/);
    await blind.close();
    await table.store.close();
  });
});

/** The schema files had before whole records got a table of their own. */
const EARLIER_SCHEMA = `
CREATE TABLE rooms (
  code TEXT PRIMARY KEY, version INTEGER NOT NULL, status TEXT NOT NULL, updated_at INTEGER NOT NULL,
  finished_at INTEGER, deadline INTEGER, data TEXT NOT NULL
) STRICT;
CREATE INDEX rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE TABLE room_log (
  code TEXT NOT NULL, version INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,
  detail TEXT NOT NULL, PRIMARY KEY (code, version)
) STRICT;
`;

describe('a data directory from before moves were written on their own', () => {
  it('opens with its rooms, logs and timers, in two processes at once and again after', async () => {
    const dir = freshDir();
    const room = { ...newRoom({ code: 'OLDR', now, generator: seedGenerator(new Uint8Array(16).fill(4)), seal: null, hostTokenHash: null }), deadline: null };
    const playing = { ...room, status: 'playing' as const, deadline: now + 30_000 };
    const db = new Database(join(dir, SQLITE_FILE));
    db.pragma('journal_mode = WAL');
    db.exec(EARLIER_SCHEMA);
    db.prepare('INSERT INTO rooms VALUES (?, ?, ?, ?, NULL, ?, ?)').run(
      'OLDR',
      playing.version,
      playing.status,
      now,
      playing.deadline,
      JSON.stringify(playing),
    );
    db.prepare('INSERT INTO room_log VALUES (?, 0, ?, ?, NULL, ?)').run('OLDR', now, 'create', '{"as":"host"}');
    db.close();

    const both = await Promise.all([0, 1].map(() => openSqliteStore(dir, { replay: replayMove })));
    for (const store of both) {
      expect(await store.load('OLDR')).toEqual(playing);
      expect(await store.timedRooms()).toEqual([{ code: 'OLDR', deadline: now + 30_000 }]);
    }
    const locked = { ...playing, version: 1, locked: true };
    expect(await both[0]!.commit(locked, 0, { kind: 'lock', seat: null, detail: {}, version: 1, at: now })).toBe(true);
    for (const store of both) await store.close();

    const again = await openSqliteStore(dir, { replay: replayMove });
    expect(await again.load('OLDR')).toEqual(locked);
    expect((await again.log('OLDR')).map((e) => e.kind)).toEqual(['create', 'lock']);
    await again.close();
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seedGenerator } from '@rollcall/rules';
import Database from 'better-sqlite3';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dataDirForTest } from '../../test/harness.js';
import { roomAdapterContract } from '../../test/room-repository-contract.js';
import { Table } from '../../test/stored-table.js';
import { replayMove } from '../room-changes.js';
import { newRoom, RECENT_ACTIONS } from '../room-record.js';
import { openRoomRepository, SNAPSHOT_EVERY, type RoomRepository } from './room-repository.js';
import { openSqliteAdapter, SQLITE_FILE, type SyncMode } from './sqlite-adapter.js';

/** Rooms in the SQLite file in `dir`; `canReplay` false for a repository that cannot replay moves. */
async function repository(dir: string, canReplay = true): Promise<RoomRepository> {
  const replay = canReplay ? replayMove : undefined;
  return openRoomRepository(await openSqliteAdapter(dir), { replay, log: pino({ level: 'silent' }) });
}

// A restart is a new process on the same file: closing every store is all it takes.
for (const sync of ['normal', 'full'] satisfies SyncMode[]) {
  roomAdapterContract(`SQLite (sync ${sync})`, async () => {
    const dir = dataDirForTest();
    return { open: () => openSqliteAdapter(dir, { sync }), restart: async () => undefined };
  });
}

describe('the SQLite adapter', () => {
  it('says why it cannot open where the file cannot be', async () => {
    const dir = dataDirForTest();
    mkdirSync(join(dir, SQLITE_FILE), { recursive: true });
    await expect(openSqliteAdapter(dir)).rejects.toThrow(/could not open the room store/);
  });
});

const now = 1_700_000_000_000;

/** The versions of the room and of its stored snapshot, read straight from the file. */
function storedVersions(dir: string): { room: number; snapshot: number } {
  const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
  try {
    return db
      .prepare<[], { room: number; snapshot: number }>(
        'SELECT rooms.version AS room, room_snapshots.version AS snapshot FROM rooms JOIN room_snapshots USING (code)',
      )
      .get()!;
  } finally {
    db.close();
  }
}

describe('moves in the SQLite store', () => {
  it('are journal entries between snapshots, and another repository on the file rebuilds the very room', async () => {
    const dir = dataDirForTest();
    const table = await Table.open(await repository(dir), 8);
    let replayed = 0;
    for (const moves of [SNAPSHOT_EVERY - 3, 10, 2 * SNAPSHOT_EVERY + 7, 200]) {
      await table.play(moves);
      const stored = storedVersions(dir);
      expect(stored.room).toBe(table.room.version);
      expect(stored.room - stored.snapshot).toBeLessThan(SNAPSHOT_EVERY);
      if (stored.snapshot < stored.room) replayed += 1;
      // A second repository on the same file, like a process started after a crash, reads the snapshot and replays the moves after it.
      const reader = await repository(dir);
      expect(await reader.load('PLAY')).toEqual(table.room);
      await reader.close();
    }
    expect(replayed).toBeGreaterThan(1);
    expect(table.room.status).toBe('finished');
    // Eight phones' moves overflow the remembered keys: replays drop the oldest ones the same way.
    expect(table.room.recentActions).toHaveLength(RECENT_ACTIONS);
    await table.store.close();
  });

  it('are snapshotted when the repository closes, so a restart replays nothing', async () => {
    const dir = dataDirForTest();
    const table = await Table.open(await repository(dir), 3);
    await table.play(7);
    expect(storedVersions(dir).snapshot).toBeLessThan(table.room.version);
    await table.store.close();
    expect(storedVersions(dir)).toEqual({ room: table.room.version, snapshot: table.room.version });
    const blind = await repository(dir, false);
    expect(await blind.load('PLAY')).toEqual(table.room);
    await blind.close();
  });

  it('leave the snapshot where it was until the move that is that many versions past it', async () => {
    const dir = dataDirForTest();
    const table = await Table.open(await repository(dir), 3);
    const snapshotAt = table.room.version;
    await table.play(SNAPSHOT_EVERY - 1);
    expect(storedVersions(dir)).toEqual({ room: snapshotAt + SNAPSHOT_EVERY - 1, snapshot: snapshotAt });
    await table.play(1);
    expect(storedVersions(dir)).toEqual({ room: snapshotAt + SNAPSHOT_EVERY, snapshot: snapshotAt + SNAPSHOT_EVERY });
    await table.store.close();
  });

  it('are snapshotted by a repository with no way to replay them, which cannot load a room that needs it', async () => {
    const dir = dataDirForTest();
    const table = await Table.open(await repository(dir, false), 2);
    await table.play(5);
    expect(storedVersions(dir)).toEqual({ room: table.room.version, snapshot: table.room.version });
    await table.store.close();

    table.store = await repository(dir);
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(5);
    const blind = await repository(dir, false);
    await expect(blind.load('PLAY')).rejects.toThrow(/moves to replay/);
    await blind.close();
    await table.store.close();
  });
});

/** The schema files had before snapshots got a table of their own. */
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
  it('opens with its rooms, journals and timers, in two processes at once and again after', async () => {
    const dir = dataDirForTest();
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

    const both = await Promise.all([0, 1].map(() => repository(dir)));
    for (const store of both) {
      expect(await store.load('OLDR')).toEqual(playing);
      expect(await store.timedRooms()).toEqual([{ code: 'OLDR', deadline: now + 30_000 }]);
    }
    const locked = { ...playing, version: 1, locked: true };
    expect(await both[0]!.commit(locked, 0, { kind: 'lock', seat: null, detail: {}, version: 1, at: now })).toBe(true);
    for (const store of both) await store.close();

    const again = await repository(dir);
    expect(await again.load('OLDR')).toEqual(locked);
    expect((await again.journal('OLDR')).map((e) => e.kind)).toEqual(['create', 'lock']);
    await again.close();
  });
});

describe('a data directory of the build before snapshots had digests', () => {
  it('opens with its tables renamed, replays its moves unchecked, and keeps digests from the next change on', async () => {
    const dir = dataDirForTest();
    const adapter = await openSqliteAdapter(dir);
    const table = await Table.open(openRoomRepository(adapter, { replay: replayMove, log: pino({ level: 'silent' }) }), 3);
    await table.play(5);
    // Stopped without snapshotting (a crash), then taken back to that build's layout.
    await adapter.close();
    const db = new Database(join(dir, SQLITE_FILE));
    db.exec(`ALTER TABLE room_snapshots RENAME TO room_records;
             ALTER TABLE room_journal RENAME TO room_log;
             ALTER TABLE rooms DROP COLUMN digest;`);
    db.close();

    const again = await repository(dir);
    expect(await again.load('PLAY')).toEqual(table.room);
    table.store = again;
    await table.play(2);
    await again.close();
    const after = new Database(join(dir, SQLITE_FILE), { readonly: true });
    try {
      const tables = after.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all();
      expect(tables.map((t) => t.name)).toEqual(['room_journal', 'room_snapshots', 'rooms']);
      const digest = after.prepare<[], { digest: string | null }>('SELECT digest FROM rooms').get()?.digest;
      expect(digest).toMatch(new RegExp(`^${table.room.version}\\.`));
    } finally {
      after.close();
    }
  });
});

import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/harness.js';
import { newRoom, type RoomRecord } from '../room-record.js';
import type { LogEntry } from './room-store.js';
import { openSqliteStore } from './sqlite-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

const room = (code: string, at = 1_000): RoomRecord =>
  newRoom({ code, now: at, seed: new Uint8Array(16).fill(1), hostTokenHash: null });

const entry = (r: RoomRecord, kind: LogEntry['kind'] = 'create'): LogEntry => ({
  kind,
  seat: null,
  detail: { note: kind },
  version: r.version,
  at: r.updatedAt,
});

const next = (r: RoomRecord, changes: Partial<RoomRecord> = {}): RoomRecord => ({
  ...r,
  version: r.version + 1,
  updatedAt: r.updatedAt + 1,
  ...changes,
});

describe('the SQLite room store', () => {
  it('refuses a second room with a code that is taken', async () => {
    const store = openSqliteStore(dataDir());
    expect(await store.create(room('ABCD'), entry(room('ABCD')))).toBe(true);
    expect(await store.create(room('ABCD'), entry(room('ABCD')))).toBe(false);
    await store.close();
  });

  it('commits only on top of the version it was based on', async () => {
    const store = openSqliteStore(dataDir());
    const first = room('ABCD');
    await store.create(first, entry(first));
    const a = next(first, { locked: true });
    const b = next(first, { spectatorsAllowed: false });
    expect(await store.commit(a, first.version, entry(a, 'lock'))).toBe(true);
    expect(await store.commit(b, first.version, entry(b, 'lock'))).toBe(false);
    expect(await store.load('ABCD')).toEqual(a);
    expect((await store.log('ABCD')).map((e) => e.version)).toEqual([0, 1]);
    await store.close();
  });

  it('keeps rooms, logs and running timers across a reopen', async () => {
    const dir = dataDir();
    const store = openSqliteStore(dir);
    const first = room('WXYZ');
    await store.create(first, entry(first));
    const timed = next(first, { status: 'playing', deadline: 99_000 });
    await store.commit(timed, first.version, entry(timed, 'start'));
    await store.close();

    const reopened = openSqliteStore(dir);
    expect(await reopened.load('WXYZ')).toEqual(timed);
    expect(await reopened.timedRooms()).toEqual([{ code: 'WXYZ', deadline: 99_000 }]);
    expect((await reopened.log('WXYZ')).map((e) => e.kind)).toEqual(['create', 'start']);
    await reopened.close();
  });

  it('purges finished rooms after their retention and idle rooms, with their logs', async () => {
    const store = openSqliteStore(dataDir());
    const finished = next(room('FFFF'), { status: 'finished', finishedAt: 5_000, updatedAt: 5_000 });
    const recent = next(room('RRRR'), { status: 'finished', finishedAt: 50_000, updatedAt: 50_000 });
    const idle = room('IIII', 2_000);
    const active = room('AAAA', 60_000);
    for (const r of [finished, recent, idle, active]) await store.create(r, entry(r));
    expect((await store.purge({ finishedBefore: 10_000, idleBefore: 3_000 })).sort()).toEqual(['FFFF', 'IIII']);
    expect(await store.load('FFFF')).toBeNull();
    expect(await store.log('FFFF')).toEqual([]);
    expect(await store.load('RRRR')).not.toBeNull();
    expect(await store.load('AAAA')).not.toBeNull();
    await store.close();
  });
});

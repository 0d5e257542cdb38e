import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
import { newRoom } from '../room-record.js';
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

  it('copies the log into the database file as it goes, not only when the log is long', async () => {
    const dir = freshDir();
    const store = await openSqliteStore(dir);
    const before = statSync(join(dir, SQLITE_FILE)).size;
    const seats = Array.from({ length: 6 }, (_, i) => ({ id: `seat-${i}`, name: 'x'.repeat(200), tokenHash: null }));
    for (let i = 0; i < 200; i++) {
      const room = { ...newRoom({ code: `R${i}`, now: 1, seed: new Uint8Array(16), hostTokenHash: null }), seats };
      await store.create(room, { kind: 'create', seat: null, detail: {}, version: 0, at: 1 });
    }
    // 200 rooms of about 2 KB each: far below the writer's own checkpoint threshold.
    await expect.poll(() => statSync(join(dir, SQLITE_FILE)).size, { timeout: 5_000 }).toBeGreaterThan(before + 200_000);
    await store.close();
  });
});

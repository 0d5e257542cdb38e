import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
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

import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { tempDataDir } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
import { openSqliteStore } from './sqlite-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A restart is a new process on the same file: closing every store is all it takes.
roomStoreContract('SQLite', async () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return { open: async () => openSqliteStore(dir), restart: async () => undefined };
});

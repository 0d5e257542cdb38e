import { seedGenerator } from '@rollcall/rules';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dataDirForTest } from '../../test/harness.js';
import { newRoom, type RoomRecord } from '../room-record.js';
import { openRoomRepository, type JournalEntry } from './room-repository.js';
import { openSqliteAdapter } from './sqlite-adapter.js';

async function openStore(dir: string) {
  return openRoomRepository(await openSqliteAdapter(dir), { log: pino({ level: 'silent' }) });
}

function store() {
  return openStore(dataDirForTest());
}

const room = (code: string): RoomRecord =>
  newRoom({ code, now: 1_000, generator: seedGenerator(new Uint8Array(16).fill(1)), seal: null, hostTokenHash: null });
const entry = (r: RoomRecord, kind: JournalEntry['kind']): JournalEntry => ({ kind, seat: null, detail: {}, version: r.version, at: 1 });
const bumped = (r: RoomRecord, changes: Partial<RoomRecord> = {}): RoomRecord => ({ ...r, version: r.version + 1, ...changes });

describe('commits asked for in the same turn', () => {
  it('are answered one by one, in the order they were asked', async () => {
    const s = await store();
    const a = room('ABCD');
    const b = room('EFGH');
    await s.create(a, entry(a, 'create'));
    await s.create(b, entry(b, 'create'));
    const locked = bumped(a, { locked: true });
    const closed = bumped(a, { spectatorsAllowed: false });
    const other = bumped(b, { locked: true });
    const answers = await Promise.all([
      s.commit(locked, 0, entry(locked, 'lock')),
      s.commit(closed, 0, entry(closed, 'lock')),
      s.commit(other, 0, entry(other, 'lock')),
    ]);
    expect(answers).toEqual([true, false, true]);
    expect(await s.load('ABCD')).toMatchObject({ version: 1, locked: true, spectatorsAllowed: true });
    expect((await s.journal('ABCD')).map((e) => e.version)).toEqual([0, 1]);
    expect((await s.load('EFGH'))?.locked).toBe(true);
    await s.close();
  });

  it('keep the others when one of them fails', async () => {
    const s = await store();
    const a = room('ABCD');
    const b = room('EFGH');
    await s.create(a, entry(a, 'create'));
    await s.create(b, entry(b, 'create'));
    const next = bumped(a);
    // A journal entry for a version already journalled breaks that one write.
    const broken = s.commit(next, 0, { ...entry(next, 'lock'), version: 0 });
    const fine = s.commit(bumped(b), 0, entry(bumped(b), 'lock'));
    await expect(broken).rejects.toThrow();
    await expect(fine).resolves.toBe(true);
    expect((await s.load('ABCD'))?.version).toBe(0);
    expect((await s.load('EFGH'))?.version).toBe(1);
    await s.close();
  });

  it('are written before the store closes', async () => {
    const dir = dataDirForTest();
    const s = await openStore(dir);
    const a = room('ABCD');
    await s.create(a, entry(a, 'create'));
    const pending = s.commit(bumped(a), 0, entry(bumped(a), 'lock'));
    await s.close();
    await expect(pending).resolves.toBe(true);
    const reopened = await openStore(dir);
    expect((await reopened.load('ABCD'))?.version).toBe(1);
    await reopened.close();
  });
});

/**
 * What every store adapter must do, run against each one through a room
 * repository: the compare-and-set that keeps two writers from building on one
 * version, the journal beside it, reads from a version the reader holds,
 * running timers, purging, and surviving a restart.
 */
import { fixedGenerator } from '@rollcall/rules';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { replayMove } from '../src/room-changes.js';
import { newRoom, type RoomRecord } from '../src/room-record.js';
import {
  digestOf,
  openRoomRepository,
  type JournalEntry,
  type RoomAdapter,
  type RoomHead,
  type RoomRepository,
} from '../src/store/room-repository.js';

/** Where an adapter keeps its rooms, fresh for each test. */
export interface StorePlace {
  /** An adapter on this place; several may be open at once, like several server nodes. */
  open(): Promise<RoomAdapter>;
  /** Stop and start whatever holds the data (the adapters are closed first); the next `open` sees what survived. */
  restart(): Promise<void>;
}

const log = pino({ level: 'silent' });

/** A repository over a new adapter on `place`, as a server node opens one. */
async function repositoryOn(place: StorePlace): Promise<RoomRepository> {
  return openRoomRepository(await place.open(), { replay: replayMove, log });
}

const headOf = (r: RoomRecord): RoomHead => ({
  code: r.code,
  version: r.version,
  at: r.updatedAt,
  status: r.status,
  finishedAt: r.finishedAt,
  deadline: r.deadline,
  digest: digestOf(r),
});

const room = (code: string, at = 1_000): RoomRecord =>
  newRoom({ code, now: at, generator: fixedGenerator(new Uint8Array(16).fill(1)), seal: null, hostTokenHash: null });

const entry = (r: RoomRecord, kind: JournalEntry['kind'] = 'create'): JournalEntry => ({
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

const byCode = <T extends { code: string }>(list: T[]) => [...list].sort((a, b) => a.code.localeCompare(b.code));

/** Run the adapter contract against places made by `freshPlace`. */
export function roomAdapterContract(name: string, freshPlace: () => Promise<StorePlace>): void {
  describe(`rooms in ${name}`, () => {
    it('refuses a second room with a code that is taken', async () => {
      const store = await repositoryOn(await freshPlace());
      try {
        expect(await store.create(room('ABCD'), entry(room('ABCD')))).toBe(true);
        expect(await store.create(room('ABCD', 2_000), entry(room('ABCD', 2_000)))).toBe(false);
        expect((await store.load('ABCD'))?.createdAt).toBe(1_000);
        expect(await store.load('NONE')).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('commits only on top of the version it was based on', async () => {
      const store = await repositoryOn(await freshPlace());
      try {
        const first = room('ABCD');
        await store.create(first, entry(first));
        const a = next(first, { locked: true });
        const b = next(first, { spectatorsAllowed: false });
        expect(await store.commit(a, first.version, entry(a, 'lock'))).toBe(true);
        expect(await store.commit(b, first.version, entry(b, 'lock'))).toBe(false);
        expect(await store.commit(next(room('GONE')), 0, entry(next(room('GONE')), 'lock'))).toBe(false);
        expect(await store.load('ABCD')).toEqual(a);
        expect(await store.journal('ABCD')).toEqual([entry(first), entry(a, 'lock')]);
      } finally {
        await store.close();
      }
    });

    it('lets exactly one of many writers racing on one version through, whichever connection they use', async () => {
      const place = await freshPlace();
      const stores = [await repositoryOn(place), await repositoryOn(place)];
      try {
        const first = room('RACE');
        await stores[0]!.create(first, entry(first));
        const rivals = Array.from({ length: 12 }, (_, i) => next(first, { lead: i }));
        const results = await Promise.all(
          rivals.map((r, i) => stores[i % 2]!.commit(r, first.version, entry(r, 'configure'))),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = rivals[results.indexOf(true)]!;
        expect(await stores[1]!.load('RACE')).toEqual(winner);
        expect((await stores[0]!.journal('RACE')).map((e) => e.version)).toEqual([0, 1]);
      } finally {
        for (const s of stores) await s.close();
      }
    });

    it('lists the rooms whose turn timer runs, and only those due by a time when asked', async () => {
      const store = await repositoryOn(await freshPlace());
      try {
        const soon = next(room('SOON'), { status: 'playing', deadline: 5_000 });
        const later = next(room('LATE'), { status: 'playing', deadline: 9_000 });
        const untimed = next(room('NONE'), { status: 'playing', deadline: null });
        const over = next(room('OVER'), { status: 'finished', finishedAt: 3_000, deadline: 4_000 });
        for (const r of [soon, later, untimed, over]) await store.create(r, entry(r));
        expect(byCode(await store.timedRooms())).toEqual([
          { code: 'LATE', deadline: 9_000 },
          { code: 'SOON', deadline: 5_000 },
        ]);
        expect(await store.timedRooms(5_000)).toEqual([{ code: 'SOON', deadline: 5_000 }]);
        expect(await store.timedRooms(4_999)).toEqual([]);
        const stopped = next(soon, { deadline: null });
        await store.commit(stopped, soon.version, entry(stopped, 'action'));
        expect(await store.timedRooms()).toEqual([{ code: 'LATE', deadline: 9_000 }]);
      } finally {
        await store.close();
      }
    });

    it('keeps rooms, journals and running timers across a restart', async () => {
      const place = await freshPlace();
      const store = await repositoryOn(place);
      const first = room('WXYZ');
      await store.create(first, entry(first));
      const timed = next(first, { status: 'playing', deadline: 99_000 });
      await store.commit(timed, first.version, entry(timed, 'start'));
      await store.close();
      await place.restart();

      const reopened = await repositoryOn(place);
      try {
        expect(await reopened.load('WXYZ')).toEqual(timed);
        expect(await reopened.timedRooms()).toEqual([{ code: 'WXYZ', deadline: 99_000 }]);
        expect((await reopened.journal('WXYZ')).map((e) => e.kind)).toEqual(['create', 'start']);
        const after = next(timed);
        expect(await reopened.commit(after, timed.version, entry(after, 'action'))).toBe(true);
      } finally {
        await reopened.close();
      }
    });

    it('reads a room from a version the reader holds when the store has that very version, else from its snapshot', async () => {
      const adapter = await (await freshPlace()).open();
      try {
        const first = room('READ');
        expect(await adapter.append(headOf(first), null, entry(first), JSON.stringify(first))).toBe(true);
        expect(await adapter.append(headOf(first), null, entry(first), JSON.stringify(first))).toBe(false);
        const second = next(first, { locked: true });
        const third = next(second, { lead: 0 });
        expect(await adapter.append(headOf(second), first.version, entry(second, 'lock'))).toBe(true);
        expect(await adapter.append(headOf(third), second.version, entry(third, 'take-lead'))).toBe(true);
        expect(await adapter.append(headOf(third), second.version, entry(third, 'take-lead'))).toBe(false);

        const whole = await adapter.read('READ');
        expect(whole).toMatchObject({ version: 2, at: third.updatedAt, digest: digestOf(third) });
        expect(whole?.snapshot?.version).toBe(0);
        expect(JSON.parse(whole!.snapshot!.data)).toEqual(first);
        expect(whole?.entries).toEqual([entry(second, 'lock'), entry(third, 'take-lead')]);

        const since = (r: RoomRecord) => ({ version: r.version, at: r.updatedAt });
        expect(await adapter.read('READ', since(third))).toMatchObject({ snapshot: null, entries: [] });
        expect(await adapter.read('READ', since(second))).toMatchObject({ snapshot: null, entries: [entry(third, 'take-lead')] });
        // The same version of another history (another time) is not held: the reader gets the snapshot.
        const elsewhere = await adapter.read('READ', { version: 1, at: second.updatedAt + 7 });
        expect(elsewhere?.snapshot?.version).toBe(0);
        expect(elsewhere?.entries).toHaveLength(2);

        // A snapshot is stored only while the room is at that version of that time.
        expect(await adapter.snapshot(headOf(second), JSON.stringify(second))).toBe(false);
        expect(await adapter.snapshot(headOf(third), JSON.stringify(third))).toBe(true);
        const after = await adapter.read('READ', since(first));
        expect(after?.snapshot?.version).toBe(2);
        expect(after?.entries).toEqual([]);
        expect(await adapter.read('NONE')).toBeNull();
        expect((await adapter.journal('READ')).map((e) => e.version)).toEqual([0, 1, 2]);
      } finally {
        await adapter.close();
      }
    });

    it('purges finished rooms after their retention and idle rooms, with their journals, freeing their codes', async () => {
      const store = await repositoryOn(await freshPlace());
      try {
        const finished = next(room('FFFF'), { status: 'finished', finishedAt: 5_000, updatedAt: 5_000 });
        const recent = next(room('RRRR'), { status: 'finished', finishedAt: 50_000, updatedAt: 50_000 });
        const idle = room('IIII', 2_000);
        const active = room('AAAA', 60_000);
        for (const r of [finished, recent, idle, active]) await store.create(r, entry(r));
        expect((await store.purge({ finishedBefore: 10_000, idleBefore: 3_000 })).sort()).toEqual(['FFFF', 'IIII']);
        expect(await store.load('FFFF')).toBeNull();
        expect(await store.journal('FFFF')).toEqual([]);
        expect(await store.load('RRRR')).not.toBeNull();
        expect(await store.load('AAAA')).not.toBeNull();
        expect(await store.purge({ finishedBefore: 10_000, idleBefore: 3_000 })).toEqual([]);

        const again = room('FFFF', 70_000);
        expect(await store.create(again, entry(again))).toBe(true);
        expect(await store.journal('FFFF')).toEqual([entry(again)]);
      } finally {
        await store.close();
      }
    });
  });
}

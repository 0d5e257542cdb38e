/**
 * What every room store must do, run against each implementation: the
 * compare-and-set that keeps two writers from building on one version, the
 * log beside it, running timers, purging, and surviving a restart.
 */
import { fixedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { newRoom, type RoomRecord } from '../src/room-record.js';
import type { LogEntry, RoomStore } from '../src/store/room-store.js';

/** Where a store keeps its rooms, fresh for each test. */
export interface StorePlace {
  /** A store on this place; several may be open at once, like several server nodes. */
  open(): Promise<RoomStore>;
  /** Stop and start whatever holds the data (the stores are closed first); the next `open` sees what survived. */
  restart(): Promise<void>;
}

const room = (code: string, at = 1_000): RoomRecord =>
  newRoom({ code, now: at, generator: fixedGenerator(new Uint8Array(16).fill(1)), seal: null, hostTokenHash: null });

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

const byCode = <T extends { code: string }>(list: T[]) => [...list].sort((a, b) => a.code.localeCompare(b.code));

/** Run the store contract against places made by `freshPlace`. */
export function roomStoreContract(name: string, freshPlace: () => Promise<StorePlace>): void {
  describe(`the ${name} room store`, () => {
    it('refuses a second room with a code that is taken', async () => {
      const store = await (await freshPlace()).open();
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
      const store = await (await freshPlace()).open();
      try {
        const first = room('ABCD');
        await store.create(first, entry(first));
        const a = next(first, { locked: true });
        const b = next(first, { spectatorsAllowed: false });
        expect(await store.commit(a, first.version, entry(a, 'lock'))).toBe(true);
        expect(await store.commit(b, first.version, entry(b, 'lock'))).toBe(false);
        expect(await store.commit(next(room('GONE')), 0, entry(next(room('GONE')), 'lock'))).toBe(false);
        expect(await store.load('ABCD')).toEqual(a);
        expect(await store.log('ABCD')).toEqual([entry(first), entry(a, 'lock')]);
      } finally {
        await store.close();
      }
    });

    it('lets exactly one of many writers racing on one version through, whichever connection they use', async () => {
      const place = await freshPlace();
      const stores = [await place.open(), await place.open()];
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
        expect((await stores[0]!.log('RACE')).map((e) => e.version)).toEqual([0, 1]);
      } finally {
        for (const s of stores) await s.close();
      }
    });

    it('lists the rooms whose turn timer runs, and only those due by a time when asked', async () => {
      const store = await (await freshPlace()).open();
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

    it('keeps rooms, logs and running timers across a restart', async () => {
      const place = await freshPlace();
      const store = await place.open();
      const first = room('WXYZ');
      await store.create(first, entry(first));
      const timed = next(first, { status: 'playing', deadline: 99_000 });
      await store.commit(timed, first.version, entry(timed, 'start'));
      await store.close();
      await place.restart();

      const reopened = await place.open();
      try {
        expect(await reopened.load('WXYZ')).toEqual(timed);
        expect(await reopened.timedRooms()).toEqual([{ code: 'WXYZ', deadline: 99_000 }]);
        expect((await reopened.log('WXYZ')).map((e) => e.kind)).toEqual(['create', 'start']);
        const after = next(timed);
        expect(await reopened.commit(after, timed.version, entry(after, 'action'))).toBe(true);
      } finally {
        await reopened.close();
      }
    });

    it('purges finished rooms after their retention and idle rooms, with their logs, freeing their codes', async () => {
      const store = await (await freshPlace()).open();
      try {
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
        expect(await store.purge({ finishedBefore: 10_000, idleBefore: 3_000 })).toEqual([]);

        const again = room('FFFF', 70_000);
        expect(await store.create(again, entry(again))).toBe(true);
        expect(await store.log('FFFF')).toEqual([entry(again)]);
      } finally {
        await store.close();
      }
    });
  });
}

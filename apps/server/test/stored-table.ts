/**
 * A wfgts table played straight against a room store, with no server: each
 * change committed the way the room service commits it, so the store tests
 * can check what a store writes and that another store reads the same record.
 */
import { findGame, fixedGenerator } from '@rollcall/rules';
import { expect } from 'vitest';
import { addPlayer, configure, playAction, startGame, type Change } from '../src/room-changes.js';
import { newRoom, type RoomRecord } from '../src/room-record.js';
import type { JournalEntry, RoomRepository } from '../src/store/room-repository.js';

const SAT_DOWN = 1_700_000_000_000;
const wfgts = findGame('wfgts')!;

/** A wfgts table in room PLAY that commits each change in turn, the way the room service does, and keeps the newest record. */
export class Table {
  constructor(
    public room: RoomRecord,
    public store: RoomRepository,
  ) {}

  /** A table of `seats` players in room PLAY, sat down at `now` (the same moment unless told). */
  static async open(store: RoomRepository, seats: number, now = SAT_DOWN): Promise<Table> {
    const empty = newRoom({ code: 'PLAY', now, generator: fixedGenerator(Buffer.from('0ad9f6938c9771db41a80111e9baf666', 'hex')),
      seal: null,
      hostTokenHash: 'host-hash' });
    await store.create(empty, { kind: 'create', seat: null, detail: { as: 'host' }, version: 0, at: now });
    const table = new Table(empty, store);
    for (let seat = 0; seat < seats; seat++) {
      await table.commit(addPlayer(table.room, { name: `P${seat}`, seatId: `id-${seat}`, tokenHash: `hash-${seat}`, now }));
    }
    await table.commit(configure(table.room, { game: 'wfgts', options: {}, timer: 30, now }));
    await table.commit(startGame(table.room, now));
    return table;
  }

  async commit(change: Change): Promise<void> {
    if (!change.ok) throw new Error(`refused: ${change.error.code}`);
    const entry: JournalEntry = { ...change.note, version: change.room.version, at: change.room.updatedAt };
    expect(await this.store.commit(change.room, this.room.version, entry)).toBe(true);
    this.room = change.room;
  }

  /** `count` moves, or up to the end; every fifth version comes from the turn timer. */
  async play(count: number): Promise<void> {
    for (let n = 0; n < count && this.room.status === 'playing'; n++) {
      const { seat, fallback } = wfgts.awaiting(this.room.play)[0]!;
      const at = this.room.updatedAt + 1_500;
      const carrying = (this.room.play as { step: string }).step === 'carry';
      const action = carrying ? { type: 'carry', dice: [n % 7] } : fallback;
      await this.commit(
        this.room.version % 5 === 0
          ? playAction(this.room, { seat, action: fallback, by: 'timer', now: at, key: null })
          : playAction(this.room, { seat, action, by: 'seat', now: at, key: `id-${seat}:${seat}:${n}` }),
      );
    }
  }
}

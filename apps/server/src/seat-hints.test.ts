import { fixedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { addPlayer, configure, startGame, type Change } from './room-changes.js';
import { newRoom, type RoomRecord } from './room-record.js';
import { seatHint } from './seat-hints.js';

/** A wfgts game of two in room PLAY, made at `now`, its first roll from `dice`. */
function startedRoom(now: number, dice: string): RoomRecord {
  const made = (change: Change) => {
    if (!change.ok) throw new Error(change.error.code);
    return change.room;
  };
  let room = newRoom({ code: 'PLAY', now, generator: fixedGenerator(Buffer.from(dice, 'hex')), seal: null, hostTokenHash: 'h' });
  for (const seat of [0, 1]) room = made(addPlayer(room, { name: `P${seat}`, seatId: `id-${seat}`, tokenHash: `t-${seat}`, now }));
  room = made(configure(room, { game: 'wfgts', options: {}, timer: 30, now }));
  return made(startGame(room, now));
}

describe('a seat hint', () => {
  it('is never one worked out for an earlier room under the same code', () => {
    const purged = startedRoom(1_700_000_000_000, '0ad9f6938c9771db41a80111e9baf666');
    const reborn = startedRoom(1_700_100_000_000, '62e2f6e48c56398ae5e0ada8152e72f1');
    expect(reborn.stepVersion).toBe(purged.stepVersion);
    const before = seatHint(purged, 0);
    const now = seatHint(reborn, 0);
    expect(before).not.toBeNull();
    expect(now).not.toBeNull();
    expect(now).not.toEqual(before);
  });
});

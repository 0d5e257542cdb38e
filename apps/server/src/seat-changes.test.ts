import { seedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import {
  addPlayer,
  awayDefaultsDue,
  configure,
  joinNext,
  markPresence,
  playAction,
  reclaimSeat,
  rematch,
  removeSeat,
  rename,
  setLock,
  startGame,
  type Change,
} from './room-changes.js';
import { newRoom, tokenRefusal, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';

const now = 1_000;
const generator = seedGenerator(new Uint8Array(16).fill(7));
const nextServerSeed = '5e'.repeat(32);

function accepted(change: Change | null): RoomRecord {
  if (change === null || !change.ok) throw new Error(`refused: ${change === null ? 'no change' : change.error.code}`);
  return change.room;
}

function refusal(change: Change): string {
  if (change.ok) throw new Error('accepted');
  return change.error.code;
}

function playing(names: string[], game = 'wfgts'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
  for (const name of names) {
    room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
  }
  room = accepted(configure(room, { game, options: {}, timer: 0, now }));
  return accepted(startGame(room, now));
}

const everyone = (room: RoomRecord) => new Set(room.seats.map((s) => s.id));

describe('phones away during a game', () => {
  it('are noted once when they go and once when they come back, and never while nothing changed', () => {
    const room = playing(['Ann', 'Bob']);
    expect(markPresence(room, { connected: everyone(room), now })).toBeNull();
    const away = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 5_000 }));
    expect(away.seats.map((s) => s.awaySince ?? null)).toEqual([null, 5_000]);
    // Still away later: the time it went stays.
    expect(markPresence(away, { connected: new Set(['id-Ann']), now: 9_000 })).toBeNull();
    const back = accepted(markPresence(away, { connected: everyone(away), now: 9_000 }));
    expect(back.seats[1]?.awaySince).toBeNull();
    expect(back.deadline).toBeNull();
  });

  it('give an awaited away seat its default grace from when it went or was first awaited, whichever is later', () => {
    const room = playing(['Ann', 'Bob']);
    const away = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 5_000 }));
    expect(away.deadline).toBe(35_000);
    expect(awayDefaultsDue(away, [0, 1])).toEqual(new Map([[1, 35_000]]));
    // Ann's move leaves Bob awaited in the same step: his grace does not start again.
    const annMoved = accepted(playAction(away, { seat: 0, action: { type: 'carry', dice: [] }, by: 'seat', now: 6_000, key: 'a' }));
    expect(annMoved.deadline).toBe(35_000);
    // "Wait" never sets a deadline.
    const waiting = { ...away, whenAway: { play: 'wait' as const, seconds: 30 as const } };
    expect(awayDefaultsDue(waiting, [0, 1]).size).toBe(0);
  });

  it('count a removed seat as away from its removal', () => {
    const removed = accepted(removeSeat(playing(['Ann', 'Bob']), { seat: 1, now: 2_000 }));
    expect(removed.seats[1]).toMatchObject({ tokenHash: null, awaySince: 2_000 });
    expect(removed.deadline).toBe(32_000);
  });
});

describe('a seat taken back on a new phone', () => {
  it('gets the new token, is back, and tells the old token that it moved', () => {
    const away = accepted(markPresence(playing(['Ann', 'Bob']), { connected: new Set(['id-Ann']), now: 5_000 }));
    const back = accepted(reclaimSeat(away, { seat: 1, tokenHash: hashToken('new-token-of-bob-0000'), now: 8_000 }));
    expect(back.seats[1]).toMatchObject({ awaySince: null, newPhoneAt: 8_000, tokenHash: hashToken('new-token-of-bob-0000') });
    expect(back.deadline).toBeNull();
    expect(tokenRefusal(back, hashToken('token-of-Bob-000000'))).toBe('room/seat-moved');
    expect(tokenRefusal(back, hashToken('never-issued-0000000'))).toBe('room/bad-token');
  });

  it('is never a removed seat', () => {
    const removed = accepted(removeSeat(playing(['Ann', 'Bob']), { seat: 1, now }));
    expect(refusal(reclaimSeat(removed, { seat: 1, tokenHash: 'h', now }))).toBe('room/seat-removed');
  });
});

describe('those who come during a game', () => {
  it('queue under a name nobody has, unless the room is locked', () => {
    const room = playing(['Ann']);
    const dee = accepted(joinNext(room, { name: 'Dee', id: 'id-Dee', tokenHash: 'h-dee', now }));
    expect(refusal(joinNext(dee, { name: 'DEE', id: 'x', tokenHash: 'x', now }))).toBe('room/name-taken');
    expect(refusal(joinNext(dee, { name: 'ann', id: 'x', tokenHash: 'x', now }))).toBe('room/name-taken');
    const locked = accepted(setLock(dee, { locked: true, spectatorsAllowed: false, now }));
    expect(refusal(joinNext(locked, { name: 'Eve', id: 'x', tokenHash: 'x', now }))).toBe('room/locked');
  });

  it('take seats at the rematch in the order they came, up to the game’s maximum', () => {
    let room = playing(['Ann', 'Bob', 'Cy', 'Dan', 'Eli'], 'war-pnp');
    for (const name of ['Flo', 'Gus']) room = accepted(joinNext(room, { name, id: `id-${name}`, tokenHash: `h-${name}`, now }));
    const lobby = accepted(rematch(room, now, nextServerSeed));
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy', 'Dan', 'Eli', 'Flo']);
    expect(lobby.seats[5]?.id).toBe('id-Flo');
    expect(lobby.next?.map((n) => n.name)).toEqual(['Gus']);
    // A free seat in the lobby goes to the next in line.
    const freed = accepted(removeSeat(lobby, { seat: 0, now }));
    expect(freed.seats.map((s) => s.name)).toEqual(['Bob', 'Cy', 'Dan', 'Eli', 'Flo', 'Gus']);
    expect(freed.next).toEqual([]);
  });
});

describe('a new name in the lobby', () => {
  it('is checked as a joining name is, and only before the game', () => {
    let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
    for (const name of ['Ann', 'Bob']) room = accepted(addPlayer(room, { name, seatId: name, tokenHash: name, now }));
    expect(refusal(rename(room, { seat: 1, name: 'ANN', now }))).toBe('room/name-taken');
    expect(accepted(rename(room, { seat: 1, name: 'BOB', now })).seats[1]?.name).toBe('BOB');
    expect(refusal(rename(playing(['Ann']), { seat: 0, name: 'Zed', now }))).toBe('room/not-in-lobby');
  });
});

describe('the lock', () => {
  it('lets the first player into a locked room, and nobody after', () => {
    const locked = accepted(setLock(newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: 'h' }), { locked: true, spectatorsAllowed: true, now }));
    const ann = accepted(addPlayer(locked, { name: 'Ann', seatId: 'a', tokenHash: 'a', now }));
    expect(refusal(addPlayer(ann, { name: 'Bob', seatId: 'b', tokenHash: 'b', now }))).toBe('room/locked');
  });
});

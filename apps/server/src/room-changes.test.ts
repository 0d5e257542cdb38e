import { ROOM_SEAT_LIMIT } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { addPlayer, configure, playAction, rematch, removeSeat, setLock, startGame, type Change } from './room-changes.js';
import { canLead, holderOf, newRoom, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';

const now = 1_000;
const seed = new Uint8Array(16).fill(7);

function accepted(change: Change): RoomRecord {
  if (!change.ok) throw new Error(`refused: ${change.error.code}`);
  return change.room;
}

function refusal(change: Change): string {
  if (change.ok) throw new Error('accepted');
  return change.error.code;
}

function lobby(names: string[], hostToken: string | null = 'host-token-0123456789'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, seed, hostTokenHash: hostToken === null ? null : hashToken(hostToken) });
  for (const name of names) {
    room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
  }
  return room;
}

function playing(names: string[], timer: 0 | 30 = 0): RoomRecord {
  const room = accepted(configure(lobby(names), { game: 'wfgts', options: {}, timer, now }));
  return accepted(startGame(room, now));
}

describe('joining a room', () => {
  it('makes the first player the lead and numbers seats in order', () => {
    const room = lobby(['Ann', 'Bob']);
    expect(room.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect(room.lead).toBe(0);
    expect(room.version).toBe(2);
  });

  it('refuses a name already in the room, whatever its case', () => {
    expect(refusal(addPlayer(lobby(['Ann']), { name: 'ANN', seatId: 'x', tokenHash: 'h', now }))).toBe('room/name-taken');
  });

  it('refuses new players once the room is locked', () => {
    const locked = accepted(setLock(lobby(['Ann']), { locked: true, spectatorsAllowed: true, now }));
    expect(refusal(addPlayer(locked, { name: 'Bob', seatId: 'x', tokenHash: 'h', now }))).toBe('room/locked');
  });

  it('refuses players beyond the room seat limit', () => {
    const full = lobby(Array.from({ length: ROOM_SEAT_LIMIT }, (_, i) => `P${i}`));
    expect(refusal(addPlayer(full, { name: 'One more', seatId: 'x', tokenHash: 'h', now }))).toBe('room/full');
  });

  it('refuses players once a game has started', () => {
    expect(refusal(addPlayer(playing(['Ann']), { name: 'Bob', seatId: 'x', tokenHash: 'h', now }))).toBe(
      'room/not-in-lobby',
    );
  });
});

describe('tokens', () => {
  it('tell the host screen and each seat apart, and know nobody else', () => {
    const room = lobby(['Ann', 'Bob']);
    expect(holderOf(room, hashToken('host-token-0123456789'))).toEqual({ role: 'host' });
    expect(holderOf(room, hashToken('token-of-Bob-000000'))).toEqual({ role: 'seat', seat: 1, seatId: 'id-Bob' });
    expect(holderOf(room, hashToken('a-token-nobody-has'))).toBeNull();
  });

  it('let the lead and the host run the room, not the other seats', () => {
    const room = lobby(['Ann', 'Bob']);
    expect(canLead(room, { role: 'host' })).toBe(true);
    expect(canLead(room, { role: 'seat', seat: 0, seatId: 'id-Ann' })).toBe(true);
    expect(canLead(room, { role: 'seat', seat: 1, seatId: 'id-Bob' })).toBe(false);
  });
});

describe('configuring and starting', () => {
  it('keeps the parsed options and the timer', () => {
    const room = accepted(configure(lobby(['Ann']), { game: 'wfgts', options: {}, timer: 60, now }));
    expect(room.game).toEqual({ id: 'wfgts', options: {} });
    expect(room.timerSeconds).toBe(60);
  });

  it('refuses a game we do not host', () => {
    expect(refusal(configure(lobby(['Ann']), { game: 'chess', options: {}, timer: 0, now }))).toBe('room/unknown-game');
  });

  it('refuses to start before a game is chosen, or with no players', () => {
    expect(refusal(startGame(lobby(['Ann']), now))).toBe('room/no-game');
    const empty = accepted(configure(lobby([]), { game: 'wfgts', options: {}, timer: 0, now }));
    expect(refusal(startGame(empty, now))).toBe('rule/seat-count');
  });

  it('rolls with the room generator and moves it on', () => {
    const before = accepted(configure(lobby(['Ann']), { game: 'wfgts', options: {}, timer: 0, now }));
    const room = accepted(startGame(before, now));
    expect(room.status).toBe('playing');
    expect(room.generator).not.toEqual(before.generator);
    expect(room.stepVersion).toBe(room.version);
  });

  it('sets the turn deadline when the timer is on', () => {
    const room = playing(['Ann'], 30);
    expect(room.deadline).toBe(now + 30_000);
    expect(playing(['Ann'], 0).deadline).toBeNull();
  });
});

describe('steps, staleness and the turn deadline', () => {
  it('keeps the step and deadline while others still choose, and starts a new step on the roll', () => {
    const start = playing(['Ann', 'Bob'], 30);
    const later = now + 5_000;
    const one = accepted(playAction(start, { seat: 0, action: { type: 'carry', dice: [0] }, by: 'seat', now: later }));
    expect(one.stepVersion).toBe(start.stepVersion);
    expect(one.deadline).toBe(start.deadline);
    const both = accepted(playAction(one, { seat: 1, action: { type: 'carry', dice: [] }, by: 'seat', now: later }));
    expect(both.stepVersion).toBe(both.version);
    expect(both.deadline).toBe(later + 30_000);
  });

  it('starts a new step after every move of a lone player', () => {
    const start = playing(['Ann']);
    const next = accepted(playAction(start, { seat: 0, action: { type: 'carry', dice: [] }, by: 'seat', now }));
    expect(next.stepVersion).toBe(next.version);
  });

  it('passes a refused move on as the game refused it', () => {
    const start = playing(['Ann']);
    expect(refusal(playAction(start, { seat: 0, action: { type: 'score', choice: 'best' }, by: 'seat', now }))).toBe(
      'rule/wrong-step',
    );
    expect(refusal(playAction(start, { seat: 0, action: { type: 'dance' }, by: 'seat', now }))).toBe('rule/bad-action');
  });

  it('refuses moves outside a game', () => {
    expect(refusal(playAction(lobby(['Ann']), { seat: 0, action: { type: 'carry', dice: [] }, by: 'seat', now }))).toBe(
      'room/not-playing',
    );
  });
});

describe('removing seats and playing again', () => {
  it('in the lobby, drops the seat, moves later seats up and keeps the lead on the same player', () => {
    const room = accepted(removeSeat(lobby(['Ann', 'Bob', 'Cy']), { seat: 0, now }));
    expect(room.seats.map((s) => s.name)).toEqual(['Bob', 'Cy']);
    expect(room.lead).toBe(0);
    const lead = { ...lobby(['Ann', 'Bob', 'Cy']), lead: 2 };
    expect(accepted(removeSeat(lead, { seat: 1, now })).lead).toBe(1);
  });

  it('during a game, leaves the seat vacant with its token revoked and passes the lead on', () => {
    const room = accepted(removeSeat(playing(['Ann', 'Bob']), { seat: 0, now }));
    expect(room.seats).toHaveLength(2);
    expect(room.seats[0]?.tokenHash).toBeNull();
    expect(holderOf(room, hashToken('token-of-Ann-000000'))).toBeNull();
    expect(room.lead).toBe(1);
  });

  it('refuses a seat that does not exist', () => {
    expect(refusal(removeSeat(lobby(['Ann']), { seat: 3, now }))).toBe('room/unknown-seat');
  });

  it('goes back to the lobby with the same players, vacant seats dropped', () => {
    const vacated = accepted(removeSeat(playing(['Ann', 'Bob', 'Cy']), { seat: 1, now }));
    const room = accepted(rematch(vacated, now));
    expect(room.status).toBe('lobby');
    expect(room.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(room.play).toBeNull();
    expect(room.game?.id).toBe('wfgts');
    expect(refusal(rematch(room, now))).toBe('room/not-playing');
  });

  it("lets the game pick a rematch's options: in Meet Fate the winner, renumbered, rolls first", () => {
    const chosen = accepted(configure(lobby(['Ann', 'Bob', 'Cy']), { game: 'meet-fate', options: {}, timer: 0, now }));
    const vacated = accepted(removeSeat(accepted(startGame(chosen, now)), { seat: 1, now }));
    // Cy (seat 2) rolls six 8s; Bob's seat is vacant, so Cy sits at 1 in the rematch.
    const won = { ...vacated, play: { ...(vacated.play as object), f8: { seat: 2, roll: 1 } } };
    const room = accepted(rematch(won, now));
    expect(room.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(room.game).toEqual({ id: 'meet-fate', options: { firstSeat: 1 } });
  });

  it('keeps the options of a game that picks none for a rematch', () => {
    const room = accepted(rematch(playing(['Ann', 'Bob']), now));
    expect(room.game).toEqual({ id: 'wfgts', options: {} });
  });
});

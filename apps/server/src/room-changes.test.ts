import { isDeepStrictEqual } from 'node:util';
import { ROOM_SEAT_LIMIT } from '@rollcall/protocol';
import { findGame, seedGenerator } from '@rollcall/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPlayer,
  configure,
  playAction,
  rematch,
  removeSeat,
  replayMove,
  setLock,
  startGame,
  type Change,
  type ChangeNote,
} from './room-changes.js';
import { canLead, holderOf, newRoom, RECENT_ACTIONS, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';
import { accepted, refusal } from '../test/change-outcome.js';

const now = 1_000;
const seed = new Uint8Array(16).fill(7);
const nextServerSeed = '5e'.repeat(32);


function lobby(names: string[], hostToken: string | null = 'host-token-0123456789'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator: seedGenerator(seed), seal: null, hostTokenHash: hostToken === null ? null : hashToken(hostToken) });
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
    expect(holderOf(room, hashToken('host-token-0123456789'))).toEqual({ role: 'host', controls: true });
    expect(holderOf(room, hashToken('token-of-Bob-000000'))).toEqual({ role: 'seat', seat: 1, seatId: 'id-Bob' });
    expect(holderOf(room, hashToken('a-token-nobody-has'))).toBeNull();
  });

  it('let the lead and the host run the room, not the other seats', () => {
    const room = lobby(['Ann', 'Bob']);
    expect(canLead(room, { role: 'host', controls: true })).toBe(true);
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
    const carry = (dice: number[]) => ({ type: 'carry', dice });
    const one = accepted(playAction(start, { seat: 0, action: carry([0]), by: 'seat', now: later, key: null }));
    expect(one.stepVersion).toBe(start.stepVersion);
    expect(one.deadline).toBe(start.deadline);
    const both = accepted(playAction(one, { seat: 1, action: carry([]), by: 'seat', now: later, key: null }));
    expect(both.stepVersion).toBe(both.version);
    expect(both.deadline).toBe(later + 30_000);
  });

  it('starts a new step after every move of a lone player', () => {
    const start = playing(['Ann']);
    const pass = { type: 'carry', dice: [] };
    const next = accepted(playAction(start, { seat: 0, action: pass, by: 'seat', now, key: null }));
    expect(next.stepVersion).toBe(next.version);
  });

  it('passes a refused move on as the game refused it', () => {
    const start = playing(['Ann']);
    const move = (action: unknown) => ({ seat: 0, action, by: 'seat' as const, now, key: null });
    expect(refusal(playAction(start, move({ type: 'score', choice: 'best' })))).toBe('rule/wrong-step');
    expect(refusal(playAction(start, move({ type: 'dance' })))).toBe('rule/bad-action');
  });

  it('refuses moves outside a game', () => {
    const move = { seat: 0, action: { type: 'carry', dice: [] }, by: 'seat' as const, now, key: null };
    expect(refusal(playAction(lobby(['Ann']), move))).toBe('room/not-playing');
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
    const room = accepted(rematch(vacated, now, nextServerSeed));
    expect(room.status).toBe('lobby');
    expect(room.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(room.play).toBeNull();
    expect(room.game?.id).toBe('wfgts');
    expect(refusal(rematch(room, now, nextServerSeed))).toBe('room/not-playing');
  });

  it("lets the game pick a rematch's options: in Meet Fate the winner, renumbered, rolls first", () => {
    const chosen = accepted(configure(lobby(['Ann', 'Bob', 'Cy']), { game: 'meet-fate', options: {}, timer: 0, now }));
    const vacated = accepted(removeSeat(accepted(startGame(chosen, now)), { seat: 1, now }));
    // Cy (seat 2) rolls six 8s; Bob's seat is vacant, so Cy sits at 1 in the rematch.
    const won = { ...vacated, play: { ...(vacated.play as object), f8: { seat: 2, roll: 1 } } };
    const room = accepted(rematch(won, now, nextServerSeed));
    expect(room.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(room.game).toEqual({ id: 'meet-fate', options: { firstSeat: 1 } });
  });

  it('keeps the options of a game that picks none for a rematch', () => {
    const room = accepted(rematch(playing(['Ann', 'Bob']), now, nextServerSeed));
    expect(room.game).toEqual({ id: 'wfgts', options: {} });
  });
});

/** What the store reads back: the record and the log entry as JSON, the way they are written. */
const fromDisk = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const entryOf = (change: Change) => {
  if (!change.ok) throw new Error(`refused: ${change.error.code}`);
  return fromDisk({ ...change.note, version: change.room.version, at: change.room.updatedAt });
};

describe('moves and their log entries', () => {
  it('log the action as the game read it, who made it and its retry key, and remember the key', () => {
    const start = playing(['Ann']);
    const action = { type: 'carry', dice: [2, 0], note: 'not part of the move' };
    const change = playAction(start, { seat: 0, action, by: 'seat', now, key: 'id-Ann:0:m1' });
    expect(change.ok && change.note).toEqual({
      kind: 'action',
      seat: 0,
      detail: { by: 'seat', action: { type: 'carry', dice: [2, 0] }, key: 'id-Ann:0:m1' },
    });
    const room = accepted(change);
    expect(room.recentActions).toEqual([{ key: 'id-Ann:0:m1', version: room.version }]);
  });

  it('remember only the newest keys, and none for the turn timer', () => {
    const remembered = Array.from({ length: RECENT_ACTIONS }, (_, i) => ({ key: `k${i}`, version: i }));
    const start = { ...playing(['Ann'], 30), recentActions: remembered };
    const pass = { seat: 0, action: { type: 'carry', dice: [] }, now };
    const keyed = accepted(playAction(start, { ...pass, by: 'seat', key: 'new' }));
    expect(keyed.recentActions).toHaveLength(RECENT_ACTIONS);
    expect(keyed.recentActions[0]?.key).toBe('k1');
    expect(keyed.recentActions.at(-1)).toEqual({ key: 'new', version: keyed.version });
    const timed = accepted(playAction(keyed, { ...pass, by: 'timer', key: null }));
    expect(timed.recentActions).toBe(keyed.recentActions);
  });

  it('cannot be played again from an entry that is not a move, or one the game refuses', () => {
    const start = playing(['Ann']);
    const join: ChangeNote & { at: number } = { kind: 'join', seat: 0, detail: { name: 'Ann' }, at: now };
    expect(() => replayMove(start, join)).toThrow(/not a move/);
    const score = { by: 'seat', action: { type: 'score', choice: 'best' } };
    const wrong: ChangeNote & { at: number } = { kind: 'action', seat: 0, detail: score, at: now };
    expect(() => replayMove(start, wrong)).toThrow(/rule\/wrong-step/);
  });
});

/** One step of a random game: which awaited seat moves, what it picks, how, and how much later. */
interface RandomStep {
  pick: number;
  carryMask: number;
  junk: boolean;
  how: 'phone' | 'timer' | 'remove';
  wait: number;
}

const randomTable = fc.record({
  seats: fc.integer({ min: 1, max: 6 }),
  seed: fc.uint8Array({ minLength: 16, maxLength: 16 }),
  timer: fc.constantFrom<0 | 30>(0, 30),
  steps: fc.array(
    fc.record({
      pick: fc.nat(),
      carryMask: fc.integer({ min: 0, max: 127 }),
      junk: fc.boolean(),
      how: fc.constantFrom<RandomStep['how']>('phone', 'phone', 'phone', 'phone', 'timer', 'remove'),
      wait: fc.integer({ min: 0, max: 40_000 }),
    }),
    { minLength: 20, maxLength: 130, size: 'max' },
  ),
});

const wfgts = findGame('wfgts')!;

/** What a random step stands for: a phone's move (the lead's for a vacant seat), a timer default, or a seat removed. */
function changeFor(room: RoomRecord, step: RandomStep, at: number, index: number): Change | null {
  const awaited = wfgts.awaiting(room.play);
  const target = awaited[step.pick % Math.max(1, awaited.length)];
  if (target === undefined) return null;
  const { seat, fallback } = target;
  if (step.how === 'timer') return playAction(room, { seat, action: fallback, by: 'timer', now: at, key: null });
  const seatRecord = room.seats[seat]!;
  if (step.how === 'remove') {
    return room.seats.filter((s) => s.tokenHash !== null).length > 1 ? removeSeat(room, { seat, now: at }) : null;
  }
  const action =
    (room.play as { step: string }).step === 'carry'
      ? { type: 'carry', dice: [0, 1, 2, 3, 4, 5, 6].filter((c) => (step.carryMask & (1 << c)) !== 0) }
      : { type: 'score', choice: step.junk ? 'junk' : 'best' };
  // A vacant seat's move comes from the lead, or from the host screen once no seat is left to lead.
  const actor = seatRecord.tokenHash !== null ? seatRecord : room.lead === null ? null : room.seats[room.lead];
  const by = actor === seatRecord ? 'seat' : actor === null ? 'host' : 'lead';
  const key = `${actor?.id ?? 'host'}:${seat}:move-${index}`;
  return playAction(room, { seat, action, by, now: at, key });
}

describe('replaying logged moves', () => {
  // Every step replays every earlier record: thousands of replays, which take far longer than the default on a busy machine.
  it('rebuilds, from any earlier record and the moves logged since, the very record the room has at every step', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(randomTable, ({ seats, seed, timer, steps }) => {
        const names = Array.from({ length: seats }, (_, i) => `P${i}`);
        let room = accepted(configure(lobby(names), { game: 'wfgts', options: {}, timer, now }));
        const generator = seedGenerator(seed);
        room = accepted(startGame({ ...room, generator }, now));
        // Every record since the last change that is not a move, each played forward with the logged moves.
        let rebuilt = [fromDisk(room)];
        let at = now;
        steps.forEach((step, index) => {
          if (room.status !== 'playing') return;
          at += step.wait;
          const change = changeFor(room, step, at, index);
          if (change === null || !change.ok) return;
          room = change.room;
          if (change.note.kind !== 'action') {
            rebuilt = [fromDisk(room)];
            return;
          }
          const entry = entryOf(change);
          rebuilt = rebuilt.map((earlier) => replayMove(earlier, entry));
          // Checked natively first: thousands of records per run make the matcher's own deep walk the slow part.
          for (const r of rebuilt) if (!isDeepStrictEqual(r, room)) expect(r).toEqual(room);
          rebuilt.push(fromDisk(room));
        });
      }),
      { numRuns: 25 },
    );
  });
});

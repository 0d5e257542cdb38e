import type { TimerSeconds } from '@rollcall/protocol';
import { seedGenerator, type GeneratorState } from '@rollcall/rules';
import { sameHash } from './secrets.js';

/** Where a room is in its life. */
export type RoomStatus = 'lobby' | 'playing' | 'finished';

/** A seat as the server keeps it. */
export interface SeatRecord {
  /** Stable id used to address the seat's connections; never sent to a client. */
  id: string;
  name: string;
  /** Hash of the seat token; null once the seat was removed during a game (vacant). */
  tokenHash: string | null;
}

/** An accepted action id and the version it produced, so a retry gets the same answer. */
export interface RecentAction {
  key: string;
  version: number;
}

/**
 * Everything the server keeps about a room: the room's bookkeeping wrapped
 * around the game's own state. Plain JSON, so any store can hold it.
 */
export interface RoomRecord {
  format: 1;
  code: string;
  /** Goes up by one on every accepted change. */
  version: number;
  status: RoomStatus;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** Seat numbers are positions in this list. */
  seats: SeatRecord[];
  lead: number | null;
  /** Hash of the token that lets a host screen run the room; null for rooms opened from a phone. */
  hostTokenHash: string | null;
  locked: boolean;
  spectatorsAllowed: boolean;
  game: { id: string; options: Record<string, unknown> } | null;
  timerSeconds: TimerSeconds;
  /** When the turn timer fires (epoch ms); null while nothing is timed. */
  deadline: number | null;
  /**
   * The version at which the game began waiting on its current choices. A move
   * based on an older version is stale; moves by other seats in between are not
   * a reason to refuse one, or simultaneous play would keep tripping over itself.
   */
  stepVersion: number;
  /** The dice generator; server-side only. */
  generator: GeneratorState;
  /** The game's state while a game is on or finished, else null. */
  play: unknown;
  /** The newest accepted action ids, oldest first. */
  recentActions: RecentAction[];
}

/** How many action ids a room remembers for retries. */
export const RECENT_ACTIONS = 100;

/** A fresh, empty room in its lobby (version 0). */
export function newRoom(p: { code: string; now: number; seed: Uint8Array; hostTokenHash: string | null }): RoomRecord {
  return {
    format: 1,
    code: p.code,
    version: 0,
    status: 'lobby',
    createdAt: p.now,
    updatedAt: p.now,
    finishedAt: null,
    seats: [],
    lead: null,
    hostTokenHash: p.hostTokenHash,
    locked: false,
    spectatorsAllowed: true,
    game: null,
    timerSeconds: 0,
    deadline: null,
    stepVersion: 0,
    generator: seedGenerator(p.seed),
    play: null,
    recentActions: [],
  };
}

/** Who holds a token in a room. */
export type Holder = { role: 'seat'; seat: number; seatId: string } | { role: 'host' };

/** The holder of a token (by its hash), or null when it is nobody's here. */
export function holderOf(room: RoomRecord, tokenHash: string): Holder | null {
  if (room.hostTokenHash !== null && sameHash(room.hostTokenHash, tokenHash)) return { role: 'host' };
  const seat = room.seats.findIndex((s) => s.tokenHash !== null && sameHash(s.tokenHash, tokenHash));
  const record = room.seats[seat];
  return record === undefined ? null : { role: 'seat', seat, seatId: record.id };
}

/** True when the holder may run the room: the host screen or the lead's seat. */
export function canLead(room: RoomRecord, holder: Holder): boolean {
  return holder.role === 'host' || holder.seat === room.lead;
}

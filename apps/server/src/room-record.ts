import { DEFAULT_BOT_STRENGTH, DEFAULT_WHEN_AWAY, type BotStrength, type EndedEarly, type TimerSeconds, type WhenAway } from '@rollcall/protocol';
import { commitmentOf, type GeneratorState } from '@rollcall/rules';
import type { TokenIdentity } from './identity.js';
import { newNight, type NightRecord, type NightSeat } from './night.js';
import { sameHash } from './secrets.js';

/** Where a room is in its life. */
export type RoomStatus = 'lobby' | 'playing' | 'finished';

/** A seat as the server keeps it. */
export interface SeatRecord {
  /** Stable id used to address the seat's connections; never sent to a client. */
  id: string;
  name: string;
  /** Hash of the seat token; null for a bot, and once the seat was removed during a game (vacant). */
  tokenHash: string | null;
  /** A seat the server's bot plays: no token, no phone, never away. */
  bot?: boolean;
  /** How well the bot on this seat plays, as the lead chose when adding it; absent on older records and on a seat handed to a bot at a rematch: strong. */
  botStrength?: BotStrength;
  /**
   * During a game: since when no phone has held the seat (a vacant seat stays
   * away); null or absent while one does. Stored, unlike who is connected, so
   * the away default is due at the same time on every node and after a restart.
   */
  awaySince?: number | null;
  /** The token the seat had before its player took it back on a new phone, to tell that token's holder why it stopped working. */
  formerTokenHash?: string | null;
  /** When its player last took it back on a new phone. */
  newPhoneAt?: number | null;
  /** Hash of the one-time code the lead made to hand this away seat to a new phone. */
  handOverHash?: string | null;
}

/** Someone who came during a game: watches now, and is seated when the room is back in its lobby. */
export interface NextPlayer {
  /** The seat id they will have; their connections are addressed by it from the start. */
  id: string;
  name: string;
  tokenHash: string;
}

/**
 * Commit, then reveal, for the room's current or next game (see the rules'
 * `fair-dice.ts`). The server seed stays on the server until its game ends.
 */
export interface DiceSeal {
  /** 32 bytes, hex. */
  serverSeed: string;
  /** SHA-256 of the server seed, hex: public from the start. */
  commitment: string;
  /** Client seeds (hex) by seat id, given by the phones before the game starts. */
  clientSeeds: Record<string, string>;
}

/** A new seal: the commitment to a fresh server seed, no client seeds yet. */
export function newSeal(serverSeed: string): DiceSeal {
  return { serverSeed, commitment: commitmentOf(serverSeed), clientSeeds: {} };
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
  /** Hashes of the tokens of screens the lead or a host screen let in, oldest first (see `admitScreen`); absent means none. */
  screenTokenHashes?: string[];
  locked: boolean;
  spectatorsAllowed: boolean;
  game: { id: string; options: Record<string, unknown> } | null;
  timerSeconds: TimerSeconds;
  /**
   * When the next timed default is due (epoch ms): the turn timer's, or an
   * away seat's; null while nothing is timed. Stores index rooms by it.
   */
  deadline: number | null;
  /** When the turn timer runs out, shown as its countdown; absent in records from before away defaults, where `deadline` was it. */
  turnDeadline?: number | null;
  /** When the game began waiting on its current choices (see `stepVersion`): a bot's pause counts from it, and no seat is played for before it. */
  stepAt?: number;
  /** "When a phone is away"; absent means the default. */
  whenAway?: WhenAway;
  /** Whether phones show their own seat's suggested move; absent means they do. */
  hints?: boolean;
  /** Whether players' names are checked for swearing; absent means they are. */
  familyMode?: boolean;
  /** Whether host screens hide the room code and QR code; absent means they show them. */
  streamerMode?: boolean;
  /**
   * How long a bot waits before each move, so it plays at a person's pace.
   * Kept in the record, not read from the configuration, so a room replayed
   * from its journal or taken over by another node dates its bot moves the same.
   */
  botPauseMs?: number;
  /** Those who came during a game, in the order they came. */
  next?: NextPlayer[];
  /**
   * The version at which the game began waiting on its current choices. A move
   * based on an older version is stale; moves by other seats in between are not
   * a reason to refuse one, or simultaneous play would keep tripping over itself.
   */
  stepVersion: number;
  /** The dice generator; server-side only. */
  generator: GeneratorState;
  /**
   * The dice of the game on or about to be; the generator is seeded from it
   * when the game starts. Null for fixed test dice; absent in rooms stored
   * before dice were sealed, which play on from their stored generator.
   */
  seal?: DiceSeal | null;
  /** The last game's seal, kept to reveal after a rematch started the next; null before. */
  previousSeal?: DiceSeal | null;
  /**
   * The last game, when the lead or a host screen ended it before its end
   * (see `endGame`), for every screen to say so; kept through the game it went
   * straight into, cleared by any other start and by a rematch.
   */
  endedEarly?: EndedEarly | null;
  /**
   * Tonight's standings, across rematches and game switches until the lead
   * resets them; absent in rooms stored before rooms kept standings, whose
   * night begins when they were opened.
   */
  night?: NightRecord;
  /** The game's state while a game is on or finished, else null. */
  play: unknown;
  /** The newest accepted action ids, oldest first. */
  recentActions: RecentAction[];
}

/** How many action ids a room remembers for retries. */
export const RECENT_ACTIONS = 100;

/** A bot's pause before each move in a room whose record has none (opened before bots came to the table). */
export const DEFAULT_BOT_PAUSE_MS = 1500;

/** A fresh, empty room in its lobby (version 0). */
export function newRoom(p: {
  code: string;
  now: number;
  generator: GeneratorState;
  seal: DiceSeal | null;
  hostTokenHash: string | null;
  botPauseMs?: number;
}): RoomRecord {
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
    generator: p.generator,
    seal: p.seal,
    previousSeal: null,
    night: newNight(p.code, p.now, 0),
    play: null,
    recentActions: [],
    ...(p.botPauseMs === undefined ? {} : { botPauseMs: p.botPauseMs }),
  };
}

/** When the turn timer runs out, or null. */
export function turnDeadlineOf(room: RoomRecord): number | null {
  return room.turnDeadline === undefined ? room.deadline : room.turnDeadline;
}

/** The room's "When a phone is away". */
export function whenAwayOf(room: RoomRecord): WhenAway {
  return room.whenAway ?? DEFAULT_WHEN_AWAY;
}

/** How long the room's bots wait before each move. */
export function botPauseOf(room: RoomRecord): number {
  return room.botPauseMs ?? DEFAULT_BOT_PAUSE_MS;
}

/** Whether phones show their own seat's suggested move. */
export function hintsOf(room: RoomRecord): boolean {
  return room.hints ?? true;
}

/** Whether players' names are checked for swearing: on unless the lead or host turned it off. */
export function familyModeOf(room: RoomRecord): boolean {
  return room.familyMode ?? true;
}

/** Whether host screens hide the room code and QR code. */
export function streamerModeOf(room: RoomRecord): boolean {
  return room.streamerMode ?? false;
}

/** The room's night: its standings so far. */
export function nightOf(room: RoomRecord): NightRecord {
  return room.night ?? newNight(room.code, room.createdAt, 0);
}

/** The seats as tonight's standings know them: a bot's line is its own, apart from the player whose seat it may have taken. */
export function nightSeats(room: RoomRecord): NightSeat[] {
  return room.seats.map((s) => ({ key: isBot(s) ? `bot:${s.id}` : s.id, name: s.name, bot: isBot(s) }));
}

/** A seat the server's bot plays. */
export const isBot = (seat: SeatRecord | undefined): boolean => seat?.bot === true;

/** How well the seat's bot plays; also the bot that plays an away seat, which is strong. */
export const botStrengthOf = (seat: SeatRecord | undefined): BotStrength =>
  (isBot(seat) ? seat?.botStrength : undefined) ?? DEFAULT_BOT_STRENGTH;

/** Those waiting for the next game, in the order they came. */
export function nextPlayersOf(room: RoomRecord): NextPlayer[] {
  return room.next ?? [];
}

/** Who holds a token (by its hash), or null when it is nobody's here. */
export function holderOf(room: RoomRecord, tokenHash: string): TokenIdentity | null {
  if (room.hostTokenHash !== null && sameHash(room.hostTokenHash, tokenHash)) return { role: 'host', controls: true };
  if ((room.screenTokenHashes ?? []).some((hash) => sameHash(hash, tokenHash))) return { role: 'host', controls: true };
  const seat = room.seats.findIndex((s) => s.tokenHash !== null && sameHash(s.tokenHash, tokenHash));
  const record = room.seats[seat];
  return record === undefined ? null : { role: 'seat', seat, seatId: record.id };
}

/** Why a token that holds nothing here is refused: a seat its player took back elsewhere says so. */
export function tokenRefusal(room: RoomRecord, tokenHash: string): 'room/seat-moved' | 'room/bad-token' {
  const moved = room.seats.some((s) => s.formerTokenHash != null && sameHash(s.formerTokenHash, tokenHash));
  return moved ? 'room/seat-moved' : 'room/bad-token';
}

/** The place in the queue for the next game that a token holds, or null. */
export function nextPlayerOf(room: RoomRecord, tokenHash: string): NextPlayer | null {
  return nextPlayersOf(room).find((n) => sameHash(n.tokenHash, tokenHash)) ?? null;
}

/** True when the holder may run the room: the host screen or the lead's seat. */
export function canLead(room: RoomRecord, holder: TokenIdentity): boolean {
  return holder.role === 'host' || holder.seat === room.lead;
}

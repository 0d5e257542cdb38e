import type { DiceView, PublicRoomView, SeatInfo, SeatPart } from '@rollcall/protocol';
import { findGame, type AnyGame } from '@rollcall/rules';
import { recordIdOf } from './game-records.js';
import { nightView } from './night.js';
import { playedFrom } from './room-changes.js';
import {
  botStrengthOf,
  familyModeOf,
  hintsOf,
  isBot,
  nextPlayersOf,
  nightOf,
  nightSeats,
  streamerModeOf,
  turnDeadlineOf,
  whenAwayOf,
  type RoomRecord,
} from './room-record.js';

/** Who is connected to a room right now; not part of the stored room. */
export interface Presence {
  /** The ids asked about (seats, and those waiting for the next game) that have a connection. */
  connectedSeats: ReadonlySet<string>;
  spectators: number;
  /** Set when some node did not answer: a seat not listed may still be connected there. */
  partial?: true;
}

/** The game of a room while it has one on (or just finished), else undefined. */
function liveGame(room: RoomRecord): AnyGame | undefined {
  const game = room.game === null ? undefined : findGame(room.game.id);
  return room.play !== null ? game : undefined;
}

/**
 * The sealed dice as everyone sees them: the commitment and the client seeds
 * always, the server seed only once its game has ended (finished, or
 * abandoned by a rematch: then it is the previous one).
 */
function diceView(room: RoomRecord): DiceView | null {
  const seal = room.seal ?? null;
  if (seal === null) return null;
  const previous = room.previousSeal ?? null;
  return {
    commitment: seal.commitment,
    clientSeeds: room.seats.map((s) => seal.clientSeeds[s.id] ?? null),
    serverSeed: room.status === 'finished' ? seal.serverSeed : null,
    record: room.status === 'finished' ? recordIdOf(room.code, seal.commitment) : null,
    previous:
      previous === null
        ? null
        : { commitment: previous.commitment, serverSeed: previous.serverSeed, record: recordIdOf(room.code, previous.commitment) },
  };
}

/** The room as everyone in it sees it: host screens, spectators and, under their own parts, phones. */
export function publicView(room: RoomRecord, presence: Presence): PublicRoomView {
  const game = liveGame(room);
  const seats: SeatInfo[] = room.seats.map((s, seat) => ({
    seat,
    name: s.name,
    connected: presence.connectedSeats.has(s.id),
    vacant: s.tokenHash === null && !isBot(s),
    bot: isBot(s),
    ...(isBot(s) ? { botStrength: botStrengthOf(s) } : {}),
    awaySince: room.status === 'playing' ? (s.awaySince ?? null) : null,
    playedFrom: room.status === 'playing' ? playedFrom(room, s) : null,
    newPhoneAt: s.newPhoneAt ?? null,
  }));
  const waiting = nextPlayersOf(room);
  return {
    code: room.code,
    version: room.version,
    status: room.status,
    seats,
    lead: room.lead,
    locked: room.locked,
    spectatorsAllowed: room.spectatorsAllowed,
    // Those waiting for the next game watch even where spectators are refused: they hold a place.
    spectators: presence.spectators + waiting.filter((n) => presence.connectedSeats.has(n.id)).length,
    whenAway: whenAwayOf(room),
    hints: hintsOf(room),
    familyMode: familyModeOf(room),
    // Every viewer is told, the host screen included: the code itself is in the screen's address and its commands, so hiding is the screen's part.
    streamerMode: streamerModeOf(room),
    nextPlayers: waiting.map((n) => n.name),
    game: room.game === null ? null : { id: room.game.id, options: room.game.options },
    timer: { seconds: room.timerSeconds, deadline: turnDeadlineOf(room) },
    awaiting: game !== undefined && room.status === 'playing' ? game.awaiting(room.play).map((a) => a.seat) : [],
    step: room.stepVersion,
    outcome: game !== undefined ? game.outcome(room.play) : null,
    // A spectator sees what anyone may see; the host screen sees the same.
    play: game !== undefined ? game.publicView(room.play) : null,
    dice: diceView(room),
    // A game played to its end after being gone straight into has its own result to show.
    ended: room.status === 'finished' ? null : (room.endedEarly ?? null),
    night: nightView(nightOf(room), nightSeats(room)),
  };
}

/** What only this seat sees of this version of the room; null when it has no seat in it. */
export function seatPart(room: RoomRecord, seatId: string): SeatPart | null {
  const seat = room.seats.findIndex((s) => s.id === seatId);
  if (seat === -1) return null;
  const game = liveGame(room);
  const play = game === undefined ? null : (game.ownView(room.play, seat) as Record<string, unknown> | null);
  return { code: room.code, version: room.version, seat, play };
}

/**
 * Whether the seat has the same part in both versions, its seat number
 * included. The game's part is compared by the rules core, by identity (see
 * `ownViewChanged`), so the check costs next to nothing, and a part it cannot
 * vouch for is simply sent again.
 */
export function samePart(before: RoomRecord, after: RoomRecord, seatId: string): boolean {
  if (before.code !== after.code) return false;
  const seat = before.seats.findIndex((s) => s.id === seatId);
  if (seat !== after.seats.findIndex((s) => s.id === seatId)) return false;
  if (seat === -1) return true;
  const [game, nextGame] = [liveGame(before), liveGame(after)];
  if (game === undefined || nextGame === undefined) return game === nextGame;
  return game === nextGame && !game.ownViewChanged(before.play, after.play, seat);
}

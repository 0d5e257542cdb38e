import { ruleErrors, type RuleErrorCode } from '@rollcall/rules/catalogue';

/**
 * Every way the room layer can refuse a message, each code with what it means.
 * Only the code travels (`ErrorBody`): the sentence people see is each
 * screen's own, in its own language (the web app's `messages/app/`). Rule
 * errors from the games travel the same way.
 */
export const roomErrors = {
  /** The payload does not match the event's schema. */
  'room/bad-request': true,
  /** The payload is over the size cap. */
  'room/too-large': true,
  /** Too many messages or join attempts in a short time from this connection. */
  'room/rate-limited': true,
  /** No live room has this code. */
  'room/not-found': true,
  /** The seat or host token is unknown, revoked, or belongs to another room. */
  'room/bad-token': true,
  /** Only the lead player or the host screen may do this. */
  'room/not-lead': true,
  /** The room is locked against new players. */
  'room/locked': true,
  /** The room does not allow spectators. */
  'room/no-spectators': true,
  /** Another player in the room already uses this name. */
  'room/name-taken': true,
  /** Names are 1 to 24 visible characters once invisible and control characters are removed. */
  'room/bad-name': true,
  /** Family mode is on and the name has a swear word in it. */
  'room/name-not-allowed': true,
  /** The room has as many players as it can take. */
  'room/full': true,
  /** The move was based on an older state of the room; the phone has since been updated. */
  'room/stale-version': true,
  /** That can only be done in the lobby. */
  'room/not-in-lobby': true,
  /** There is no game in progress. */
  'room/not-playing': true,
  /** The game id is not one we host. */
  'room/unknown-game': true,
  /** A game can only start once one has been chosen. */
  'room/no-game': true,
  /** The seat number is not a seat of this room. */
  'room/unknown-seat': true,
  /** The lead or host can only play for a seat its player has left. */
  'room/seat-occupied': true,
  /** A default move is only played for a seat the game is waiting on. */
  'room/not-awaited': true,
  /** A player can take the lead only while the lead's phone is away. */
  'room/lead-here': true,
  /** A name that matches a seat still played on a connected phone: only the lead can free it. */
  'room/seat-in-use': true,
  /** The name matches a seat the lead removed (or its player left): it cannot be taken back by name. */
  'room/seat-removed': true,
  /** The token's seat was taken back on another phone by its player's name. */
  'room/seat-moved': true,
  /** A bot plays that seat: nobody else plays for it or takes it by its name. */
  'room/bot-seat': true,
  /** Only an away seat can be handed to a new phone or played for by the lead. */
  'room/seat-not-away': true,
  /** A rematch was asked for without saying what becomes of every seat whose phone is gone. */
  'room/away-undecided': true,
  /** A hand-over code that is wrong or was already used. */
  'room/bad-handover': true,
  /** No screen waits to be let in with that code: mistyped, already let in, or closed. */
  'room/no-such-screen': true,
  /** Hints were asked for by a screen that holds no seat. */
  'room/no-seat': true,
  /** Hints were asked for in a room that plays without them. */
  'room/hints-off': true,
  /** A test-only setting was used on a server not started in test mode. */
  'room/test-only': true,
  /** This address opened too many rooms in a short time. */
  'room/too-many-rooms': true,
  /** This connection named several codes in a row that lead to no room: it waits a little before naming another. */
  'room/guessing-slowed': true,
  /** This address named so many codes that lead to no room that joining by code from it is paused. */
  'room/too-many-guesses': true,
  /** This address has too many connections open at once. */
  'room/too-many-connections': true,
  /** The server has as many connections as it takes. */
  'room/server-full': true,
  /** The room has as many spectators and screens as it takes. */
  'room/audience-full': true,
  /** A seat changed its choice more often than a person could. */
  'room/too-many-changes': true,
  /** The screen asked for the views of a room it is not in. */
  'room/not-in-room': true,
  /** The message names an event the server does not know. */
  'room/unknown-event': true,
  /** Something went wrong on the server; nothing was changed. */
  'room/internal': true,
} as const satisfies Record<`room/${string}`, true>;

/** A stable room-layer error code. */
export type RoomErrorCode = keyof typeof roomErrors;

/** Any error code a client can receive. */
export type ErrorCode = RoomErrorCode | RuleErrorCode;

/** The error shape on every failed acknowledgement: a code and its parameters, never a sentence. */
export interface ErrorBody {
  code: ErrorCode;
  /** For a refusal that lifts with time: whole seconds until trying again can work. */
  retryAfterSeconds?: number;
}

/** A wait in ms as `ErrorBody.retryAfterSeconds` says it: whole seconds, rounded up, at least one. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The error body for a room-layer code; `retryAfterMs` when the refusal lifts by itself after that long. */
export function roomError(code: RoomErrorCode, retryAfterMs?: number): ErrorBody {
  const body: ErrorBody = { code };
  if (retryAfterMs !== undefined) body.retryAfterSeconds = retryAfterSeconds(retryAfterMs);
  return body;
}

/**
 * A refusal as it travels: its code and parameters only, whatever else the
 * value carries (a rule error from a game also holds its English sentence).
 */
export function errorOnTheWire(error: ErrorBody): ErrorBody {
  return error.retryAfterSeconds === undefined ? { code: error.code } : { code: error.code, retryAfterSeconds: error.retryAfterSeconds };
}

/** Whether a code is one this version of the app knows (a newer server may send one it does not). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(roomErrors, code) || Object.hasOwn(ruleErrors, code);
}

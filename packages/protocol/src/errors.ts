import { ruleErrors, type RuleErrorCode } from '@rollcall/rules/catalogue';

/**
 * Every way the room layer can refuse a message, with the message people see.
 * Rule errors from the games travel on the same `{ code, message }` shape.
 */
export const roomErrors = {
  /** The payload does not match the event's schema. */
  'room/bad-request': "The app sent something the server couldn't read. Try again.",
  /** The payload is over the size cap. */
  'room/too-large': 'That message is too large.',
  /** Too many messages or join attempts in a short time from this connection. */
  'room/rate-limited': 'Slow down a little and try again.',
  /** No live room has this code. */
  'room/not-found': 'No room has that code. Check the code on the TV.',
  /** The seat or host token is unknown, revoked, or belongs to another room. */
  'room/bad-token': "That seat isn't yours any more. Join the room again.",
  /** Only the lead player or the host screen may do this. */
  'room/not-lead': 'Only the lead player or the host screen can do that.',
  /** The room is locked against new players. */
  'room/locked': 'This room is locked: no new players can join.',
  /** The room does not allow spectators. */
  'room/no-spectators': "This room isn't open to spectators.",
  /** Another player in the room already uses this name. */
  'room/name-taken': 'Someone in this room already has that name.',
  /** Names are 1 to 24 visible characters once invisible and control characters are removed. */
  'room/bad-name': 'Names are 1 to 24 visible characters.',
  /** Family mode is on and the name has a swear word in it. */
  'room/name-not-allowed': 'This table is in family mode: pick a name without swearing.',
  /** The room has as many players as it can take. */
  'room/full': 'This room is full.',
  /** The move was based on an older state of the room; the phone has since been updated. */
  'room/stale-version': 'The game moved on before your move arrived. Have another look.',
  /** That can only be done in the lobby. */
  'room/not-in-lobby': 'That can only be done before the game starts.',
  /** There is no game in progress. */
  'room/not-playing': 'No game is being played right now.',
  /** The game id is not one we host. */
  'room/unknown-game': "We don't host that game.",
  /** A game can only start once one has been chosen. */
  'room/no-game': 'Choose a game first.',
  /** The seat number is not a seat of this room. */
  'room/unknown-seat': "There's no such seat.",
  /** The lead or host can only play for a seat its player has left. */
  'room/seat-occupied': 'That seat still has its player.',
  /** A default move is only played for a seat the game is waiting on. */
  'room/not-awaited': "The game isn't waiting on that seat.",
  /** A player can take the lead only while the lead's phone is away. */
  'room/lead-here': 'The lead is still here: ask them.',
  /** A name that matches a seat still played on a connected phone: only the lead can free it. */
  'room/seat-in-use': 'That player is playing on another phone — ask the lead.',
  /** The name matches a seat the lead removed (or its player left): it cannot be taken back by name. */
  'room/seat-removed': 'That seat was removed from this game. You can watch, and join the next game if the lead lets you in.',
  /** The token's seat was taken back on another phone by its player's name. */
  'room/seat-moved': 'This seat is now played on another phone.',
  /** A bot plays that seat: nobody else plays for it or takes it by its name. */
  'room/bot-seat': 'A bot plays that seat.',
  /** Only an away seat can be handed to a new phone or played for by the lead. */
  'room/seat-not-away': "That seat's player is still here.",
  /** A rematch was asked for without saying what becomes of every seat whose phone is gone. */
  'room/away-undecided': "Some players' phones are gone: choose what happens to their seats first.",
  /** A hand-over code that is wrong or was already used. */
  'room/bad-handover': "That code doesn't hand over a seat any more. Ask the lead for a new one.",
  /** No screen waits to be let in with that code: mistyped, already let in, or closed. */
  'room/no-such-screen': 'No screen is waiting with that code. Check the code on the screen.',
  /** Hints were asked for by a screen that holds no seat. */
  'room/no-seat': "Only a player's own phone gets hints.",
  /** Hints were asked for in a room that plays without them. */
  'room/hints-off': 'This table plays without hints.',
  /** A test-only setting was used on a server not started in test mode. */
  'room/test-only': 'That setting is only available in test mode.',
  /** This address opened too many rooms in a short time. */
  'room/too-many-rooms': 'Too many rooms were opened from your network just now. Wait a minute and try again.',
  /** This connection named several codes in a row that lead to no room: it waits a little before naming another. */
  'room/guessing-slowed': "None of this phone's last few codes matched a room. Check the code on the TV, then try again shortly.",
  /** This address named so many codes that lead to no room that joining by code from it is paused. */
  'room/too-many-guesses':
    'So many wrong room codes came from your network that joining by code is paused for a while. Phones already in a room stay in.',
  /** This address has too many connections open at once. */
  'room/too-many-connections': 'Too many screens are connected from your network. Close one and try again.',
  /** The server has as many connections as it takes. */
  'room/server-full': 'The server is full right now. Try again in a few minutes.',
  /** The room has as many spectators and screens as it takes. */
  'room/audience-full': 'This room has as many spectators as it can take.',
  /** A seat changed its choice more often than a person could. */
  'room/too-many-changes': 'Easy: one change at a time.',
  /** The message names an event the server does not know. */
  'room/unknown-event': "The app sent something the server doesn't know. Reload the page.",
  /** Something went wrong on the server; nothing was changed. */
  'room/internal': 'Something went wrong on our side. Nothing was changed.',
} as const;

/** A stable room-layer error code. */
export type RoomErrorCode = keyof typeof roomErrors;

/** Any error code a client can receive. */
export type ErrorCode = RoomErrorCode | RuleErrorCode;

/** The error shape on every failed acknowledgement. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** For a refusal that lifts with time: whole seconds until trying again can work. */
  retryAfterSeconds?: number;
}

/** A wait in ms as `ErrorBody.retryAfterSeconds` says it: whole seconds, rounded up, at least one. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The error body for a room-layer code; `retryAfterMs` when the refusal lifts by itself after that long. */
export function roomError(code: RoomErrorCode, retryAfterMs?: number): ErrorBody {
  const body: ErrorBody = { code, message: roomErrors[code] };
  if (retryAfterMs !== undefined) body.retryAfterSeconds = retryAfterSeconds(retryAfterMs);
  return body;
}

/** The user-facing message for any code. */
export function messageFor(code: ErrorCode): string {
  return code in roomErrors ? roomErrors[code as RoomErrorCode] : ruleErrors[code as RuleErrorCode];
}

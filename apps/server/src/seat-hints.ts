import { findGame, hints, seededRandom, type Hint } from '@rollcall/rules';
import { isBot, type RoomRecord } from './room-record.js';

/** How many hints are remembered, over all rooms: a few per room being played is plenty. */
const KEPT_HINTS = 2000;
// The newest hints by room (code and when it was made), step and seat, oldest first (a Map keeps insertion order).
const keptHints = new Map<string, Hint | null>();

/**
 * A seat's hint in a room that gives hints and is being played (the room
 * service refuses the request otherwise): when the game awaits the seat, its
 * bot's move from the seat's point of view (see `hints`), or null. A hint
 * costs a bot's look-ahead, milliseconds, so it is worked out only when a
 * phone asks, never on the way of a move's views. It stays the same through a
 * step (other seats' moves in a step made at once do not change what its bot
 * would do: in Powers 'n Points, whose seats choose in secret, the hint is
 * worked out without their pending choices), so it is worked out once per
 * step and seat however often it is asked for. The numbers the sampling bots draw are seeded by the step and
 * seat, so every node gives the same hint, and nothing of the dice generator
 * is used.
 */
export function seatHint(room: RoomRecord, seat: number): Hint | null {
  const game = room.game === null || room.play === null ? undefined : findGame(room.game.id);
  const hintFor = game === undefined ? undefined : hints[game.id];
  if (game === undefined || hintFor === undefined || isBot(room.seats[seat])) return null;
  if (!game.awaiting(room.play).some((a) => a.seat === seat)) return null;
  // A code comes back once its room is purged; the time it was made tells the two rooms apart.
  const key = `${room.code}:${room.createdAt}:${game.id}:${room.stepVersion}:${seat}`;
  const kept = keptHints.get(key);
  if (kept !== undefined) return kept;
  const seed = new Uint8Array(new Uint32Array([room.stepVersion, seat, 0x68696e74, 0x6f776e21]).buffer);
  let hint: Hint | null;
  try {
    hint = hintFor(room.play, seat, seededRandom(seed));
  } catch {
    // A hint is a courtesy: a state its advice cannot read costs the phone the hint, nothing else.
    hint = null;
  }
  keptHints.set(key, hint);
  if (keptHints.size > KEPT_HINTS) keptHints.delete(keptHints.keys().next().value ?? key);
  return hint;
}

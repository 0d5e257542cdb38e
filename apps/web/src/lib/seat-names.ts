import type { BotStrength, SeatInfo } from '@rollcall/protocol';
import { liveNow } from './live-clock.js';

/** The name a seat joined with, or "Seat 3" for a seat the room no longer lists. */
/** A seat's name as the screens show it, for parts that are handed the lookup rather than the seats. */
export type NameOf = (seat: number) => string;

export function seatName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** Whether the seat's player was removed: nobody will choose for it, only the lead or the TV can move it on. */
export function seatRemoved(seats: readonly SeatInfo[], seat: number): boolean {
  return seats.find((s) => s.seat === seat)?.vacant ?? false;
}

/** How long in words: "40 s", "3 min". */
function lasting(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`;
}

/**
 * Why nobody is choosing for a seat, in the words every screen uses in place
 * of "choosing" or "rolling": "removed", "away 2 min" (with how long, once the
 * room has noted it), or null while its phone is here.
 */
export function seatAbsence(seats: readonly SeatInfo[], seat: number, now = liveNow()): string | null {
  const s = seats.find((info) => info.seat === seat);
  // A bot is always at the table: it has no phone to be away from.
  if (s === undefined || s.bot) return null;
  if (s.vacant) return 'removed';
  if (s.connected) return null;
  // The first seconds are a blip as often as not: no count until there is something to count.
  return s.awaySince === null || now - s.awaySince < 10_000 ? 'away' : `away ${lasting(now - s.awaySince)}`;
}

/** The absence with its mark, as a status line shows it ("✕ removed", "◌ away 2 min"), or null while its phone is here. */
export function absenceMark(seats: readonly SeatInfo[], seat: number, now = liveNow()): string | null {
  const absence = seatAbsence(seats, seat, now);
  return absence === null ? null : `${absence === 'removed' ? '✕' : '◌'} ${absence}`;
}

/** How each strength of bot is called beside its name. */
const BOT_TAGS: Record<BotStrength, string> = { easy: 'easy bot', fair: 'fair bot', strong: 'strong bot' };

/** The tag beside a bot's name, which says how well it plays ("easy bot"), or null for a player's seat. */
export function botTag(seats: readonly SeatInfo[], seat: number): string | null {
  const s = seats.find((info) => info.seat === seat);
  if (s === undefined || !s.bot) return null;
  return s.botStrength === undefined ? 'bot' : BOT_TAGS[s.botStrength];
}

/** The tag beside the name of the seat on turn: "rolling", "easy bot" for a bot's seat, or why nobody rolls for it ("away 2 min", "removed"). */
export function turnTag(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  return seatAbsence(seats, seat, now) ?? botTag(seats, seat) ?? 'rolling';
}

/** A seat's name in a list of those the game waits on; a removed or away player's seat says so. */
export function awaitedName(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  const absence = seatAbsence(seats, seat, now);
  return absence === null ? seatName(seats, seat) : `${seatName(seats, seat)} (${absence})`;
}

/** The heading of a seat's turn; a removed or away player's turn says so, as only a default move may end it. */
export function turnTitle(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  const absence = seatAbsence(seats, seat, now);
  return `${seatName(seats, seat)}'s turn${absence === null ? '' : ` (${absence})`}`;
}

/** The lead's name, or "the lead" while the room has none. */
export function nameOfLead(seats: readonly SeatInfo[], lead: number | null): string {
  return seats.find((s) => s.seat === lead)?.name ?? 'the lead';
}

/** What a screen that cannot start the game says in the lobby: the game picked and who starts it. */
export function waitingToStart(seats: readonly SeatInfo[], lead: number | null, gameName: string | null): string {
  return `${gameName ? `${gameName} is up next.` : 'No game picked yet.'} Waiting for ${nameOfLead(seats, lead)} to start.`;
}

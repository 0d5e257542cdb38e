import type { BotStrength, SeatInfo } from '@rollcall/protocol';
import { formatNumber } from './i18n/format.js';
import { appText } from './i18n/messages.js';
import { liveNow } from './live-clock.js';

/** The name a seat joined with, or "Seat 3" for a seat the room no longer lists. */
/** A seat's name as the screens show it, for parts that are handed the lookup rather than the seats. */
export type NameOf = (seat: number) => string;

export function seatName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name ?? appText.seat_numbered({ number: seat + 1 });
}

/** Whether the seat's player was removed: nobody will choose for it, only the lead or the TV can move it on. */
export function seatRemoved(seats: readonly SeatInfo[], seat: number): boolean {
  return seats.find((s) => s.seat === seat)?.vacant ?? false;
}

/** A short span in words: "40 s", "3 min" (whole minutes from a minute on). */
export function lastingText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return whole < 60 ? appText.lasting_seconds({ seconds: formatNumber(whole) }) : appText.lasting_minutes({ minutes: formatNumber(Math.floor(whole / 60)) });
}

/** Why nobody chooses for a seat: removed, or away (for how long, once there is something to count). */
export type Absence = { removed: true } | { removed: false; lasting: string | null };

/** Why nobody is choosing for a seat, or null while its phone is here (or it is a bot's). */
export function absenceOf(seats: readonly SeatInfo[], seat: number, now = liveNow()): Absence | null {
  const s = seats.find((info) => info.seat === seat);
  // A bot is always at the table: it has no phone to be away from.
  if (s === undefined || s.bot) return null;
  if (s.vacant) return { removed: true };
  if (s.connected) return null;
  // The first seconds are a blip as often as not: no count until there is something to count.
  const counted = s.awaySince !== null && now - s.awaySince >= 10_000;
  return { removed: false, lasting: counted ? lastingText((now - s.awaySince!) / 1000) : null };
}

/**
 * Why nobody is choosing for a seat, in the words every screen uses in place
 * of "choosing" or "rolling": "removed", "away 2 min" (with how long, once the
 * room has noted it), or null while its phone is here.
 */
export function seatAbsence(seats: readonly SeatInfo[], seat: number, now = liveNow()): string | null {
  const absence = absenceOf(seats, seat, now);
  return absence === null ? null : absenceWords(absence);
}

function absenceWords(absence: Absence): string {
  if (absence.removed) return appText.seat_removed();
  return absence.lasting === null ? appText.seat_away() : appText.seat_away_lasting({ lasting: absence.lasting });
}

/** The absence with its mark, as a status line shows it ("✕ removed", "◌ away 2 min"), or null while its phone is here. */
export function absenceMark(seats: readonly SeatInfo[], seat: number, now = liveNow()): string | null {
  const absence = absenceOf(seats, seat, now);
  return absence === null ? null : `${absence.removed ? '✕' : '◌'} ${absenceWords(absence)}`;
}

/** How each strength of bot is called beside its name. */
const BOT_TAGS: Record<BotStrength, () => string> = {
  easy: () => appText.bot_tag_easy(),
  fair: () => appText.bot_tag_fair(),
  strong: () => appText.bot_tag_strong(),
};

/** The tag beside a bot's name, which says how well it plays ("easy bot"), or null for a player's seat. */
export function botTag(seats: readonly SeatInfo[], seat: number): string | null {
  const s = seats.find((info) => info.seat === seat);
  if (s === undefined || !s.bot) return null;
  return s.botStrength === undefined ? appText.bot_tag() : BOT_TAGS[s.botStrength]();
}

/** The tag beside the name of the seat on turn: "rolling", "easy bot" for a bot's seat, or why nobody rolls for it ("away 2 min", "removed"). */
export function turnTag(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  return seatAbsence(seats, seat, now) ?? botTag(seats, seat) ?? appText.turn_tag_rolling();
}

/** A seat's name in a list of those the game waits on; a removed or away player's seat says so. */
export function awaitedName(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  const absence = seatAbsence(seats, seat, now);
  return absence === null ? seatName(seats, seat) : appText.seat_name_absent({ name: seatName(seats, seat), absence });
}

/** The heading of a seat's turn; a removed or away player's turn says so, as only a default move may end it. */
export function turnTitle(seats: readonly SeatInfo[], seat: number, now = liveNow()): string {
  const absence = seatAbsence(seats, seat, now);
  const name = seatName(seats, seat);
  return absence === null ? appText.turn_title({ name }) : appText.turn_title_absent({ name, absence });
}

/** The lead's name, or "the lead" while the room has none. */
export function nameOfLead(seats: readonly SeatInfo[], lead: number | null): string {
  return seats.find((s) => s.seat === lead)?.name ?? appText.lead_unnamed();
}

/** What a screen that cannot start the game says in the lobby: the game picked and who starts it. */
export function waitingToStart(seats: readonly SeatInfo[], lead: number | null, gameName: string | null): string {
  const leadName = nameOfLead(seats, lead);
  return gameName ? appText.lobby_waiting_game({ game: gameName, lead: leadName }) : appText.lobby_waiting_no_game({ lead: leadName });
}

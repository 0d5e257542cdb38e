import type { RoomView, SeatInfo, WhenAway } from '@rollcall/protocol';
import { formatCountdown, secondsLeft } from './countdown.js';
import { seatAbsence } from './seat-names.js';

/** One line about a seat with no phone, as every screen shows it during a game. */
export interface AwayNotice {
  seat: number;
  /** What happens with the seat, in a sentence. */
  text: string;
  /** Whether a bot is playing for the seat right now. */
  bot: boolean;
  /** Whether the game waits on the seat now. */
  awaited: boolean;
}

/** "away for 2 min", or just "away" in the first seconds (see `seatAbsence`). */
function awayFor(seats: readonly SeatInfo[], seat: number, now: number): string {
  const absence = seatAbsence(seats, seat, now) ?? 'away';
  return absence === 'away' ? 'is away' : `has been ${absence.replace(/^away /, 'away for ')}`;
}

/** The line for one seat with no phone (away or removed); null while its phone is here or for a bot. */
function noticeFor(view: Pick<RoomView, 'seats' | 'whenAway' | 'awaiting'>, s: SeatInfo, now: number): AwayNotice | null {
  if (s.bot || (s.connected && !s.vacant)) return null;
  const awaited = view.awaiting.includes(s.seat);
  const name = s.name;
  const byBot = view.whenAway.play === 'bot';
  const notice = (text: string, bot = false): AwayNotice => ({ seat: s.seat, text, bot, awaited });
  const from = s.playedFrom;
  if (s.vacant) return byBot ? notice(`A bot is playing for ${name} (removed)`, true) : notice(`${name} was removed — the game plays their default moves`);
  // Nobody plays for it yet: the room waits for it, or has not yet noted since when it is away.
  if (from === null) {
    const waits = view.whenAway.play === 'wait' && awaited;
    return notice(`${name} ${awayFor(view.seats, s.seat, now)}${waits ? ' — the game waits for them' : ''}`);
  }
  if (now < from) {
    const left = formatCountdown(secondsLeft(from, now));
    return notice(byBot ? `${name} is away — a bot plays for them in ${left}` : `${name} is away — played for in ${left}`);
  }
  const absence = seatAbsence(view.seats, s.seat, now) ?? 'away';
  return byBot
    ? notice(`A bot is playing for ${name} (${absence})`, true)
    : notice(`${name} ${awayFor(view.seats, s.seat, now)} — the game plays their default moves`);
}

/**
 * Who has no phone at the table during a game, and what happens with their
 * seat: a countdown to when they are played for, then who plays for them
 * (the game's default or a bot) until their phone is back. Empty outside a game.
 */
export function awayNotices(view: Pick<RoomView, 'status' | 'seats' | 'whenAway' | 'awaiting'>, now: number): AwayNotice[] {
  if (view.status !== 'playing') return [];
  return view.seats.flatMap((s) => noticeFor(view, s, now) ?? []);
}

/** What "When a phone is away" does, in full, for the lobby and under the away lines. */
export function whenAwayRule(whenAway: WhenAway): string {
  const grace = whenAway.seconds < 60 ? `${whenAway.seconds} s` : `${whenAway.seconds / 60} min`;
  switch (whenAway.play) {
    case 'wait':
      return 'The game waits for an away player until their phone is back, or the lead or the TV plays for them.';
    case 'default':
      return `An away player has ${grace} to come back. After that, until their phone is back, the game plays their default move each time it waits on them.`;
    case 'bot':
      return `An away player has ${grace} to come back. After that, a bot plays for them until their phone is back.`;
  }
}

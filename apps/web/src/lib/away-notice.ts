import type { RoomView, SeatInfo, WhenAway } from '@rollcall/protocol';
import { formatCountdown, secondsLeft } from './countdown.js';
import { appText } from './i18n/messages.js';
import { absenceOf, lastingText, seatAbsence } from './seat-names.js';

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

/** How long a seat has been away, once there is something to count (see `absenceOf`), else null. */
function awayLasting(seats: readonly SeatInfo[], seat: number, now: number): string | null {
  const absence = absenceOf(seats, seat, now);
  return absence === null || absence.removed ? null : absence.lasting;
}

/** The line for one seat with no phone (away or removed); null while its phone is here or for a bot. */
function noticeFor(view: Pick<RoomView, 'seats' | 'whenAway' | 'awaiting'>, s: SeatInfo, now: number): AwayNotice | null {
  if (s.bot || (s.connected && !s.vacant)) return null;
  const awaited = view.awaiting.includes(s.seat);
  const name = s.name;
  const byBot = view.whenAway.play === 'bot';
  const notice = (text: string, bot = false): AwayNotice => ({ seat: s.seat, text, bot, awaited });
  const from = s.playedFrom;
  if (s.vacant) return byBot ? notice(appText.away_bot_plays_removed({ name }), true) : notice(appText.away_removed_default({ name }));
  const lasting = awayLasting(view.seats, s.seat, now);
  // Nobody plays for it yet: the room waits for it, or has not yet noted since when it is away.
  if (from === null) {
    if (view.whenAway.play === 'wait' && awaited) {
      return notice(lasting === null ? appText.away_waited_for({ name }) : appText.away_lasting_waited_for({ name, lasting }));
    }
    return notice(lasting === null ? appText.away_is_away({ name }) : appText.away_lasting({ name, lasting }));
  }
  if (now < from) {
    const left = formatCountdown(secondsLeft(from, now));
    return notice(byBot ? appText.away_bot_plays_in({ name, left }) : appText.away_played_for_in({ name, left }));
  }
  if (byBot) return notice(appText.away_bot_plays({ name, absence: seatAbsence(view.seats, s.seat, now) ?? appText.seat_away() }), true);
  return notice(lasting === null ? appText.away_default({ name }) : appText.away_lasting_default({ name, lasting }));
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
  const grace = lastingText(whenAway.seconds);
  switch (whenAway.play) {
    case 'wait':
      return appText.away_rule_wait();
    case 'default':
      return appText.away_rule_default({ grace });
    case 'bot':
      return appText.away_rule_bot({ grace });
  }
}

import type { SeatInfo } from '@rollcall/protocol';
import type { Outcome } from '@rollcall/rules/catalogue';
import { formatList, ordinal } from './i18n/format.js';
import { appText } from './i18n/messages.js';
import { seatName } from './seat-names.js';

/** One line of the final standings, ready to show. */
export interface StandingRow {
  seat: number;
  name: string;
  score: number;
  place: number;
  /** "1st", or "=2nd" when the place is shared. */
  placeLabel: string;
  winner: boolean;
}

/** The outcome's standings with names, best first; shared places are marked with "=". */
export function standingRows(outcome: Outcome, seats: readonly SeatInfo[]): StandingRow[] {
  const shared = (place: number) => outcome.standings.filter((s) => s.place === place).length > 1;
  return [...outcome.standings]
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      name: seatName(seats, s.seat),
      score: s.score,
      place: s.place,
      placeLabel: `${shared(s.place) ? '=' : ''}${ordinal(s.place)}`,
      winner: outcome.winners.includes(s.seat),
    }));
}

/** "Ann wins!", "Ann and Bo share the win!", "Ann, Bo and Cy share the win!" (the list as the language writes one). */
export function winnerLine(rows: readonly StandingRow[]): string {
  const names = rows.filter((r) => r.winner).map((r) => r.name);
  if (names.length === 0) return appText.standings_game_over();
  if (names.length === 1) return appText.standings_wins({ name: names[0]! });
  return appText.standings_share_win({ names: formatList(names) });
}

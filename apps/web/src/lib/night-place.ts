/**
 * What a phone says about its own night (tonight's standings; the rule is the
 * server's, see docs/party-night.md). Apart from the TV's table, so a phone
 * loads only these few words.
 */
import type { NightView } from '@rollcall/protocol';
import { formatNumber, ordinal } from './i18n/format.js';
import { appText } from './i18n/messages.js';

/** "1 point", "12.5 points". */
export function pointsText(points: number): string {
  return appText.points_count({ count: points, points: formatNumber(points) });
}

/** "1 game", "3 games". */
export function gamesText(games: number): string {
  return appText.games_count({ count: games });
}

/** Whether someone else has the same place tonight. */
export function sharedPlace(night: NightView, place: number): boolean {
  return night.lines.filter((l) => l.place === place).length > 1;
}

/** What a phone says about its own night: its place, its points and how many games they came from. */
export function ownPlaceText(night: NightView, seat: number): string {
  const line = night.lines.find((l) => l.seat === seat);
  if (line === undefined) return appText.night_place_none();
  const shared = sharedPlace(night, line.place);
  const tally = { points: pointsText(line.points), games: gamesText(line.games) };
  if (line.place === 1 && !shared) return appText.night_place_top(tally);
  const place = ordinal(line.place);
  return shared ? appText.night_place_joint({ place, ...tally }) : appText.night_place({ place, ...tally });
}

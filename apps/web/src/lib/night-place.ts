/**
 * What a phone says about its own night (tonight's standings; the rule is the
 * server's, see docs/party-night.md). Apart from the TV's table, so a phone
 * loads only these few words.
 */
import type { NightView } from '@rollcall/protocol';
import { ordinal } from './i18n/format.js';

/** "1 point", "12.5 points". */
export function pointsText(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

/** "1 game", "3 games". */
export function gamesText(games: number): string {
  return `${games} ${games === 1 ? 'game' : 'games'}`;
}

/** Whether someone else has the same place tonight. */
export function sharedPlace(night: NightView, place: number): boolean {
  return night.lines.filter((l) => l.place === place).length > 1;
}

/** What a phone says about its own night: its place, its points and how many games they came from. */
export function ownPlaceText(night: NightView, seat: number): string {
  const line = night.lines.find((l) => l.seat === seat);
  if (line === undefined) return "You'll be on tonight's table after your first game.";
  const shared = sharedPlace(night, line.place);
  const where = line.place === 1 && !shared ? 'top' : `${shared ? 'joint ' : ''}${ordinal(line.place)}`;
  return `You're ${where} tonight, with ${pointsText(line.points)} from ${gamesText(line.games)}.`;
}

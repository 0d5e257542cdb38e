/**
 * Tonight's standings on the TV: its table and its chart (the rule itself is
 * the server's; see docs/party-night.md).
 */
import type { NightStanding, NightView } from '@rollcall/protocol';
import { gamesText, sharedPlace } from './night-place.js';
import { ordinal } from './i18n/format.js';
import { appText } from './i18n/messages.js';

/** "1st", or "=2nd" when someone else has the same place tonight. */
export function nightPlaceLabel(night: NightView, line: NightStanding): string {
  return `${sharedPlace(night, line.place) ? '=' : ''}${ordinal(line.place)}`;
}

/** The TV's heading over the night's table: "Tonight after 3 games". */
export function nightHeading(night: NightView): string {
  return appText.night_heading({ games: gamesText(night.games) });
}

/**
 * The chart's lines: one a player, through their running total after each of
 * the chart's games, as SVG points in a `width` × `height` box. While the
 * chart holds the whole night, every line rises from the 0 the night began
 * at, so even one game shows who gained; a chart of the newest games only
 * starts where its oldest game left each total.
 */
export function trailPoints(night: NightView, width: number, height: number): { line: NightStanding; points: string }[] {
  const top = Math.max(1, ...night.lines.flatMap((l) => l.trail));
  const y = (total: number) => height - (total / top) * height;
  const wholeNight = night.chart.length === night.games;
  return night.lines.map((line) => {
    const shown = wholeNight ? [0, ...line.trail] : line.trail;
    const trail = shown.length < 2 ? [...shown, ...shown] : shown;
    const at = (total: number, i: number) => `${round((i / (trail.length - 1)) * width)},${round(y(total))}`;
    return { line, points: trail.map(at).join(' ') };
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

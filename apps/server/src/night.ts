/**
 * Tonight's standings: a room's tally across its games, from rematches to
 * game switches, as pure functions over plain data (the rule is written out
 * in docs/party-night.md). A finished game turns each player's place into
 * points, so a win at a table of twelve is worth what a win at a table of two
 * is; the room record carries the tally, so it survives what the room does.
 */
import type { NightStanding, NightView } from '@rollcall/protocol';
import { nameSkeleton } from '@rollcall/protocol/name-skeleton';
import type { Outcome } from '@rollcall/rules';

/** What one game is worth to one player at most, in tenths of a point (the tally counts in tenths so sums stay exact). */
export const GAME_TENTHS = 100;

/** How many of the newest counted games the night's chart shows. */
export const NIGHT_CHART_GAMES = 20;

/** One player's line in tonight's standings. */
export interface NightLine {
  /** Who the line is: a player's seat id, or `bot:` and a bot seat's id. Server-side only, like seat ids. */
  key: string;
  name: string;
  bot: boolean;
  /** Points so far tonight, in tenths. */
  tenths: number;
  wins: number;
  games: number;
}

/** A counted game: its number in the night, the game played, and the tenths each line got. */
export interface NightGame {
  number: number;
  game: string;
  tenths: Record<string, number>;
}

/** A room's night: its id, how many games it started, its lines and its newest counted games. */
export interface NightRecord {
  id: string;
  /** When the night began (epoch ms): the room was opened, or the lead reset its standings. */
  began: number;
  /** Games started tonight, counted or not: the last one's number in the night. */
  started: number;
  /** Games played to their end tonight and counted. */
  counted: number;
  lines: NightLine[];
  /** The newest counted games, oldest first, at most `NIGHT_CHART_GAMES`. */
  games: NightGame[];
}

/** A seat of a finished game as the tally sees it. */
export interface NightSeat {
  key: string;
  name: string;
  bot: boolean;
}

/** A fresh night for room `code`, begun at `now` by the change to `version`, which tells two nights of one room apart. */
export function newNight(code: string, now: number, version: number): NightRecord {
  return { id: `${code}-${now.toString(36)}-${version}`, began: now, started: 0, counted: 0, lines: [], games: [] };
}

/**
 * The rule: each player gets a share of the game's worth for every other
 * player they finished ahead of, half a share for every one they tied with,
 * and the shares are sized so beating everyone is worth `GAME_TENTHS` whatever
 * the table's size. Places as the game gives them, by seat; a game of one has
 * nobody to beat and is worth nothing (see `countGame`).
 */
export function placingTenths(places: readonly number[]): number[] {
  const others = places.length - 1;
  if (others < 1) return places.map(() => 0);
  return places.map((place) => {
    const beaten = places.filter((p) => p > place).length;
    const tied = places.filter((p) => p === place).length - 1;
    const exact = (GAME_TENTHS * (beaten + tied / 2)) / others;
    // Halves round away from the middle, so mirrored places still add up to one game and no table size gains by rounding.
    const nearer = (x: number) => Math.floor(x + 0.5);
    return exact < GAME_TENTHS / 2 ? GAME_TENTHS - nearer(GAME_TENTHS - exact) : nearer(exact);
  });
}

/** The same name as the name check matches names, so "Zoë" comes back to "Zoe"'s line. */
const sameName = (a: string, b: string) => nameSkeleton(a) === nameSkeleton(b);

/**
 * Each seat's line: its own (by key), else the line of a player with its name
 * who sits in no seat of this game (they left and came back, on a new seat),
 * else a new one. Bots only ever keep their own line.
 */
function linesFor(lines: readonly NightLine[], seats: readonly NightSeat[]): { lines: NightLine[]; index: number[]; moved: Map<string, string> } {
  const next = [...lines];
  const moved = new Map<string, string>();
  const seated = new Set(seats.map((s) => s.key));
  const index = seats.map((seat) => {
    const own = next.findIndex((l) => l.key === seat.key);
    if (own !== -1) return own;
    const named = seat.bot ? -1 : next.findIndex((l) => !l.bot && !seated.has(l.key) && sameName(l.name, seat.name));
    const line = next[named];
    if (line !== undefined) {
      next[named] = { ...line, key: seat.key };
      moved.set(line.key, seat.key);
      return named;
    }
    next.push({ key: seat.key, name: seat.name, bot: seat.bot, tenths: 0, wins: 0, games: 0 });
    return next.length - 1;
  });
  return { lines: next, index, moved };
}

/**
 * The night after a game played to its end: numbered `number` in the night,
 * `seats` in seat order as the outcome numbers them. A game of one player is
 * not counted: with nobody to beat it says nothing about the night.
 */
export function countGame(
  night: NightRecord,
  p: { number: number; game: string; seats: readonly NightSeat[]; outcome: Outcome },
): NightRecord {
  if (p.seats.length < 2) return night;
  const places = p.seats.map((_, seat) => p.outcome.standings.find((s) => s.seat === seat)?.place ?? p.seats.length);
  const earned = placingTenths(places);
  const { lines, index, moved } = linesFor(night.lines, p.seats);
  // A line that changed hands keeps its earlier games under its new key, for the chart.
  const rekeyed = (tenths: Record<string, number>) => Object.fromEntries(Object.entries(tenths).map(([k, t]) => [moved.get(k) ?? k, t]));
  const tenths: Record<string, number> = {};
  p.seats.forEach((seat, i) => {
    const at = index[i] ?? -1;
    const line = lines[at];
    const got = earned[i] ?? 0;
    if (line === undefined) return;
    tenths[seat.key] = got;
    lines[at] = {
      ...line,
      name: seat.name,
      tenths: line.tenths + got,
      wins: line.wins + (p.outcome.winners.includes(i) ? 1 : 0),
      games: line.games + 1,
    };
  });
  const earlier = moved.size === 0 ? night.games : night.games.map((g) => ({ ...g, tenths: rekeyed(g.tenths) }));
  const games = [...earlier, { number: p.number, game: p.game, tenths }].slice(-NIGHT_CHART_GAMES);
  return { ...night, counted: night.counted + 1, lines, games };
}

/** Tenths as points people read: one decimal, none when whole. */
const points = (tenths: number) => tenths / 10;

/**
 * Tonight's standings as everyone sees them: names, points, wins and places,
 * with each line's running total over the chart's games. More points come
 * first; equal points go to more wins; equal in both share a place. Null
 * before the night's first counted game. A seated line shows its seat's name
 * now, and a player back on a new seat under their name already has their
 * line. Keys never leave the server: a line says which seat it is by number.
 */
export function nightView(night: NightRecord, seats: readonly NightSeat[]): NightView | null {
  if (night.counted === 0) return null;
  const { lines: matched, index } = linesFor(night.lines, seats);
  // A line claimed by name has the new seat's key: the chart still reads its games under the old one.
  const keysOf = new Map(matched.map((line, i) => [line, night.lines[i]?.key ?? line.key]));
  const held = matched.map((line) => {
    const seat = index.findIndex((at) => matched[at] === line);
    return { line, key: keysOf.get(line) ?? line.key, seat: seat === -1 ? null : seat, name: seats[seat]?.name ?? line.name };
  });
  const ranked = held.filter((h) => h.line.games > 0).sort((a, b) => b.line.tenths - a.line.tenths || b.line.wins - a.line.wins);
  const trail = (key: string, tenths: number): number[] => {
    // The chart starts where its oldest game found the line: the night's total less what the shown games gave.
    let total = tenths - night.games.reduce((sum, g) => sum + (g.tenths[key] ?? 0), 0);
    return night.games.map((g) => points((total += g.tenths[key] ?? 0)));
  };
  const lines: NightStanding[] = ranked.map(({ line, key, seat, name }) => ({
    name,
    seat,
    bot: line.bot,
    points: points(line.tenths),
    wins: line.wins,
    games: line.games,
    place: 1 + ranked.filter((o) => o.line.tenths > line.tenths || (o.line.tenths === line.tenths && o.line.wins > line.wins)).length,
    trail: trail(key, line.tenths),
  }));
  return { id: night.id, games: night.counted, chart: night.games.map((g) => ({ number: g.number, game: g.game })), lines };
}

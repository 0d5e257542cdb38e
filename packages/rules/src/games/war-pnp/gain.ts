import { boxValue, type ColumnId, columnForSum, pointsColumn, type Sheet } from './sheet.js';
import {
  type Checked,
  type GainChoice,
  sheetOf,
  type Springing,
  type Table,
  tableOrder,
  type WarState,
} from './state.js';

/** The lowest and highest two-dice sums. */
const LOWEST_SUM = 2;
const HIGHEST_SUM = 12;

/**
 * Points from one box: its number as Decay lowers it (below box 1 it is
 * worth 0), less the column's Withering (never below 0), then its mark.
 */
export function gainPoints(sheet: Sheet, column: ColumnId, box: number, decay: number): number {
  const col = pointsColumn(sheet, column);
  const withered = Math.max(0, boxValue(column, box - decay) - col.withering);
  const mark = col.marks[box - 1];
  if (!mark) return withered;
  if (mark.kind === 'block') return 0;
  return withered * (mark.kind === 'double' ? 2 : mark.factor);
}

/** One way a seat can gain: a Bend, the column it leads to, a box (null if the column is empty) and the points. */
export interface GainOption {
  bend: number;
  column: ColumnId;
  box: number | null;
  points: number;
}

/** The working Bend a seat has this round (0 before resolving). */
export function bendReach(table: Table, seat: number): number {
  return table.turn?.effects?.bend[seat] ?? 0;
}

/** The Bends a seat may choose this round: the sum stays within 2–12. */
export function legalBends(table: Table, seat: number): number[] {
  const turn = table.turn;
  if (!turn) return [];
  const sum = turn.dice[0] + turn.dice[1];
  const reach = bendReach(table, seat);
  return Array.from({ length: 2 * reach + 1 }, (_, i) => i - reach).filter(
    (b) => sum + b >= LOWEST_SUM && sum + b <= HIGHEST_SUM,
  );
}

/** Every box a seat may gain from with a given Bend, with its points; an empty column gives one `box: null` option. */
export function gainOptionsFor(table: Table, seat: number, bend: number): GainOption[] {
  const turn = table.turn;
  if (!turn || !legalBends(table, seat).includes(bend)) return [];
  const column = columnForSum(turn.dice[0] + turn.dice[1] + bend);
  const sheet = sheetOf(table, seat);
  const decay = turn.effects?.decay[seat] ?? 0;
  const filled = pointsColumn(sheet, column)
    .filled.map((f, i) => (f ? i + 1 : null))
    .filter((b): b is number => b !== null);
  if (filled.length === 0) return [{ bend, column, box: null, points: 0 }];
  return filled.map((box) => ({ bend, column, box, points: gainPoints(sheet, column, box, decay) }));
}

/** Every way a seat may gain this round, over all its legal Bends. */
export function gainOptions(table: Table, seat: number): GainOption[] {
  return legalBends(table, seat).flatMap((b) => gainOptionsFor(table, seat, b));
}

/** True when gaining from the box would use up a `2x` or `PU#` the player might rather keep. */
function spendsBoost(table: Table, seat: number, o: GainOption): boolean {
  if (o.box === null) return false;
  const mark = pointsColumn(sheetOf(table, seat), o.column).marks[o.box - 1];
  return mark?.kind === 'double' || mark?.kind === 'powerup';
}

/** Orders options best first: most points, then keeping a boost, then the least Bend, then the higher box. */
function better(table: Table, seat: number): (a: GainOption, b: GainOption) => number {
  return (a, b) =>
    b.points - a.points ||
    Number(spendsBoost(table, seat, a)) - Number(spendsBoost(table, seat, b)) ||
    Math.abs(a.bend) - Math.abs(b.bend) ||
    a.bend - b.bend ||
    (b.box ?? 0) - (a.box ?? 0);
}

/** The best box for a given Bend (the one the phone pre-selects), or null when that Bend is not allowed. */
export function bestGainBox(table: Table, seat: number, bend: number): GainOption | null {
  return [...gainOptionsFor(table, seat, bend)].sort(better(table, seat))[0] ?? null;
}

/** The best gain over every legal Bend: the turn timer's choice for an absent seat. */
export function bestGain(table: Table, seat: number): GainOption | null {
  return [...gainOptions(table, seat)].sort(better(table, seat))[0] ?? null;
}

/** Checks a seat's gain choice against this round's Bend and its column. */
export function checkGain(table: Table, seat: number, choice: GainChoice): Checked<GainOption> {
  const options = gainOptionsFor(table, seat, choice.bend);
  if (options.length === 0) return { ok: false, code: 'rule/war-bend' };
  const picked = options.find((o) => o.box === choice.box);
  if (picked) return { ok: true, value: picked };
  return { ok: false, code: choice.box === null ? 'rule/war-must-gain' : 'rule/war-box-empty' };
}

/** True when a seat's gain is forced (one option only), so nobody needs to ask. */
export function gainIsForced(table: Table, seat: number): boolean {
  const distinct = new Set(gainOptions(table, seat).map((o) => `${o.column}#${o.box}`));
  return distinct.size <= 1;
}

/**
 * Changes a score, never below 0, and springs a trap sitting on the new value.
 * A change of 0 is no change: a score does not "become" the value it already has.
 */
export function moveScore(state: WarState, seat: number, delta: number, sprung: Springing[]): void {
  if (delta === 0) return;
  const score = Math.max(0, (state.scores[seat] ?? 0) + delta);
  state.scores[seat] = score;
  const sheet = sheetOf(state, seat);
  const trap = sheet.traps.find((t) => t.value === score);
  if (trap) {
    sheet.traps = sheet.traps.filter((t) => t !== trap);
    sprung.push({ victim: seat, owner: trap.owner, value: score });
  }
}

/**
 * Pays the round's points on `state` (a copy the caller owns): every seat's
 * gain (its box's mark is used up), then Steals in table order, each taking no
 * more than the box of the stealer's rank in its column, what it still has of
 * this round's gain, and what the target has. Returns the traps sprung, in order.
 */
export function settleGains(state: WarState, choices: readonly (GainOption | null)[]): Springing[] {
  const turn = state.turn;
  if (!turn) return [];
  const gained = Array<number>(state.seats).fill(0);
  const columns: (ColumnId | null)[] = Array<ColumnId | null>(state.seats).fill(null);
  for (const seat of tableOrder(state)) {
    const option = choices[seat];
    if (!option) continue;
    columns[seat] = option.column;
    gained[seat] = option.points;
    if (option.box !== null) pointsColumn(sheetOf(state, seat), option.column).marks[option.box - 1] = null;
    turn.report.gains.push({ seat, ...option });
  }
  const sprung: Springing[] = [];
  for (const seat of tableOrder(state)) moveScore(state, seat, gained[seat] ?? 0, sprung);
  const left = [...gained];
  for (const steal of turn.effects?.steals ?? []) {
    const column = columns[steal.seat];
    const cap = column ? boxValue(column, steal.rank) : 0;
    const points = Math.min(cap, left[steal.seat] ?? 0, state.scores[steal.target] ?? 0);
    left[steal.seat] = (left[steal.seat] ?? 0) - points;
    moveScore(state, steal.target, -points, sprung);
    moveScore(state, steal.seat, points, sprung);
    turn.report.steals.push({ seat: steal.seat, target: steal.target, points });
  }
  turn.report.sprung = sprung;
  return sprung;
}

import { warPnp, type Hint } from '@rollcall/rules/catalogue';
import type { NameOf } from '../../seat-names.js';

/**
 * Words for the Powers 'n Points screens: ranks, marks, what a power does at
 * a level, and what a declared effect or a round did, in sentences people
 * read from a sofa. Kept apart from the components so they can be tested.
 */

type Effect = warPnp.Effect;
type MarkRef = warPnp.MarkRef;
type PointsMark = warPnp.PointsMark;
type PowerName = warPnp.PowerName;

const numerals = ['i', 'ii', 'iii', 'iv', 'v', 'vi'];

/** A rank or level as the sheet prints it: 1 → "i"; 0 (no box) → "–". */
export function roman(rank: number): string {
  return numerals[rank - 1] ?? '–';
}

/** How people say a player: a name, and "your" / "Bo's" for what they own. */
export interface Names {
  name(seat: number): string;
  whose(seat: number): string;
}

/** Names from the seats' display names; `me` (a phone's own seat) reads as "you". */
export function namesFor(nameOf: NameOf, me: number | null = null): Names {
  return {
    name: (seat) => (seat === me ? 'you' : nameOf(seat)),
    whose: (seat) => (seat === me ? 'your' : `${nameOf(seat)}’s`),
  };
}

/** A power's name as players see it, or "Unnamed" for a row not started. */
export function powerLabel(name: PowerName | null): string {
  return name === null ? 'Unnamed' : warPnp.POWER_TABLE[name].label;
}

/** A Points column as spoken: "2 or 12", "7". */
export function columnWords(column: warPnp.ColumnId): string {
  return column.replace('/', ' or ');
}

/** A Points mark as the sheet prints it: "2x", "X", "PU5". */
export function markLabel(mark: PointsMark): string {
  if (mark.kind === 'double') return '2x';
  if (mark.kind === 'block') return 'X';
  return `PU${mark.factor}`;
}

/** A Points mark in words, for screen readers and legends. */
export function markWords(mark: PointsMark): string {
  if (mark.kind === 'double') return 'doubled';
  if (mark.kind === 'block') return 'blocked';
  return `powered up ×${mark.factor}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Small counts as people say them at the start of a sentence. */
const counted = (n: number) => ['No', 'One', 'Two', 'Three'][n] ?? String(n);

/**
 * What a power does at a level, in one short sentence that says what happens
 * to the dice, boxes or scores, with the level's number in it.
 */
export function powerEffect(name: PowerName, level: number): string {
  const n = warPnp.powerAmount(name, level);
  switch (name) {
    case 'grow': {
      const gift = warPnp.growGift(level);
      const mine = `Fill ${plural(n, 'extra box', 'extra boxes')} on your sheet now`;
      return gift > 0 ? `${mine}; your opponents get ${gift} to fill` : mine;
    }
    case 'double':
      return `${counted(n)} of your Points boxes ${n === 1 ? 'pays' : 'pay'} double next time`;
    case 'bend':
      return `When you gain, move the dice total up to ${n} up or down`;
    case 'block':
      return `${counted(n)} of an opponent’s Points boxes ${n === 1 ? 'pays' : 'pay'} nothing next time`;
    case 'steal':
      return `Take your gain again from an opponent, up to what box ${n} of its column pays`;
    case 'cancel':
      return `Do one: stop a power row with no more boxes than this one, erase up to ${plural(n, 'mark')}, or ease a Wither by ${n}`;
    case 'trap':
      return `Put ${plural(n, 'trap')} on an opponent’s score track: landing on one costs them a box`;
    case 'decay':
      return `This round, an opponent’s box pays as if it were ${plural(n, 'box', 'boxes')} lower`;
    case 'powerup':
      return `One of your Points boxes pays ×${n} next time`;
    case 'wither':
      return `Every box in one of an opponent’s columns pays ${n} less from now on`;
  }
}

/** How many times the roll fired each Powers row (row → times), for highlighting a sheet. */
export function firedRows(activations: readonly warPnp.Activation[]): Map<number, number> {
  const fired = new Map<number, number>();
  for (const a of activations) fired.set(a.row, (fired.get(a.row) ?? 0) + 1);
  return fired;
}

/** A box of a Points column, e.g. "7 box 2". */
export function boxWords(box: warPnp.BoxRef): string {
  return `${box.column} box ${box.box}`;
}

/** A mark Cancel can erase, e.g. "X on Bo’s 7 box 2" or "T on your 25". */
export function markRefWords(mark: MarkRef, table: Pick<warPnp.Table, 'sheets'>, names: Names): string {
  if (mark.kind === 'trap') return `T on ${names.whose(mark.seat)} ${mark.value}`;
  const found = table.sheets[mark.seat]?.points[warPnp.columnIndex(mark.column)]?.marks[mark.box - 1];
  return `${found ? markLabel(found) : 'Mark'} on ${names.whose(mark.seat)} ${boxWords(mark)}`;
}

/** A box a trap's owner removes, e.g. "row 3 box iv" or "7 box 2". */
export function removeWords(target: warPnp.RemoveTarget): string {
  return target.kind === 'power' ? `row ${target.row} box ${roman(target.rank)}` : boxWords(target);
}

const list = (items: readonly string[]) => items.join(', ');

/** What a declared effect does, as a phrase after the player's name ("blocks Bo’s 7 box 2"). */
export function effectWords(effect: Effect, activation: warPnp.Activation, names: Names): string {
  const n = warPnp.powerAmount(activation.power, activation.level);
  switch (effect.power) {
    case 'grow': {
      const gifts = effect.gifts ?? [];
      const extra = gifts.map((g) => `${g.count} for ${names.name(g.seat)}`);
      return `grows ${n}${extra.length > 0 ? ` (and ${list(extra)})` : ''}`;
    }
    case 'double':
      return `marks 2x on ${list(effect.boxes.map(boxWords))}`;
    case 'bend':
      return `bends the sum up to ${n}`;
    case 'block':
      return `blocks ${names.whose(effect.target)} ${list(effect.boxes.map(boxWords))}`;
    case 'steal':
      return `steals from ${names.name(effect.target)}`;
    case 'cancel':
      if (effect.mode === 'stop') return `stops ${names.whose(effect.target.seat)} row ${effect.target.row}`;
      if (effect.mode === 'erase') return `erases ${plural(effect.marks.length, 'mark')}`;
      return `lowers the Withering under ${names.whose(effect.target)} ${effect.column} by ${n}`;
    case 'trap':
      return `traps ${names.whose(effect.target)} ${list(effect.values.map(String))}`;
    case 'decay':
      return `decays ${names.whose(effect.target)} box by ${plural(n, 'row')}`;
    case 'powerup':
      return `marks PU${n} on ${boxWords(effect.box)}`;
    case 'wither':
      return `withers ${names.whose(effect.target)} ${effect.column} by ${n}`;
  }
}

/** The lines of a round's report, in the order things happened. */
export function reportLines(turn: warPnp.TurnState, names: Names): string[] {
  const r = turn.report;
  const lines: string[] = [];
  for (const row of r.stopped) lines.push(`${capital(names.whose(row.seat))} row ${row.row} was stopped.`);
  if (r.deadlocked.length > 0) {
    lines.push(`Cancels in a loop failed: ${list(r.deadlocked.map((d) => `${names.whose(d.seat)} row ${d.row}`))}.`);
  }
  for (const lost of r.lostMarks) {
    const where = 'value' in lost.target ? `score ${lost.target.value}` : boxWords(lost.target);
    lines.push(`${capital(names.whose(lost.seat))} mark on ${names.whose(lost.on)} ${where} came too late.`);
  }
  for (const g of r.gains) {
    const from = g.box === null ? `nothing in ${g.column}` : `${g.column} box ${g.box}`;
    const bend = g.bend === 0 ? '' : ` (bent ${g.bend > 0 ? '+' : ''}${g.bend})`;
    lines.push(`${capital(names.name(g.seat))} gained ${g.points} from ${from}${bend}.`);
  }
  for (const s of r.steals) lines.push(`${capital(names.name(s.seat))} stole ${s.points} from ${names.name(s.target)}.`);
  for (const s of r.sprung) {
    lines.push(`${capital(names.whose(s.owner))} trap on ${s.value} caught ${names.name(s.victim)}.`);
  }
  for (const x of r.removed) {
    lines.push(`${capital(names.name(x.owner))} removed ${names.whose(x.victim)} ${removeWords(x.target)}.`);
  }
  return lines;
}

/** The text with its first letter in upper case, for names that start a sentence ("you" → "You"). */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Score values an opponent could land on next: their score plus what each of their filled boxes pays. */
export function likelyLandings(sheet: warPnp.Sheet, score: number, allowed: readonly number[]): number[] {
  const free = new Set(allowed);
  const landings = new Set<number>();
  for (const column of warPnp.COLUMN_IDS) {
    sheet.points[warPnp.columnIndex(column)]?.filled.forEach((filled, i) => {
      const value = score + warPnp.gainPoints(sheet, column, i + 1, 0);
      if (filled && value !== score && free.has(value)) landings.add(value);
    });
  }
  return [...landings].sort((a, b) => a - b);
}

/** What the table is doing now, in one line for the TV and the phones. */
export function stepWords(step: warPnp.StepView, names: Names): string {
  switch (step.kind) {
    case 'setup':
      return 'Everyone develops five boxes in secret';
    case 'develop':
      return 'Develop one Powers box and one Points box, in secret';
    case 'roll':
      return `${capital(names.name(step.roller))} to roll the dice`;
    case 'declare':
      return step.together
        ? 'Declare your powers in secret'
        : `${capital(names.name(step.seat))} to declare (lap ${step.lap} of 2)`;
    case 'grow':
      return 'Grow: extra boxes to develop, in secret';
    case 'gain':
      return 'Pick a box to gain points from';
    case 'traps': {
      const first = step.queue[0];
      return first
        ? `${capital(names.name(first.owner))} to remove a box of ${names.name(first.victim)}`
        : 'Traps are settled';
    }
    case 'over':
      return 'Game over';
  }
}

/** One power on a seat's summary: "Grow ii". */
export interface PowerSummary {
  row: number;
  label: string;
}

/**
 * A sheet in a few words, for a table too big to show every sheet whole: its
 * named powers with their levels, and how much of its Points it has filled.
 */
export function sheetSummary(sheet: warPnp.Sheet): { powers: PowerSummary[]; points: string } {
  const powers = sheet.powers.flatMap((row, i) =>
    row.name === null ? [] : [{ row: i + 1, label: `${powerLabel(row.name)} ${roman(warPnp.rowLevel(row))}` }],
  );
  const filled = sheet.points.reduce((n, column) => n + column.filled.filter(Boolean).length, 0);
  const marks = sheet.points.reduce((n, column) => n + column.marks.filter((m) => m !== null).length, 0);
  const parts = [plural(filled, 'Points box', 'Points boxes'), ...(marks > 0 ? [plural(marks, 'mark')] : []), ...(sheet.traps.length > 0 ? [plural(sheet.traps.length, 'trap')] : [])];
  return { powers, points: parts.join(' · ') };
}

/** A Powers 'n Points hint: the bot's move with the figures behind it. */
export type WarHint = Extract<Hint, { game: 'war-pnp' }>;

/** Joins phrases as said aloud: "a", "a and b", "a, b and c". */
function spoken(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * Developments as said aloud, Powers rows first, each row and each column
 * once however many of its boxes are picked: "start row 2 as Block (2
 * boxes)", "take row 1 (Grow) to level iii", "fill 7 boxes 2–3 (8, 12 pts)".
 */
function developWords(sheet: warPnp.Sheet, picks: readonly warPnp.Development[]): string[] {
  const rows = new Map<number, { name: PowerName | null; isNew: boolean; ranks: number[] }>();
  const columns = new Map<warPnp.ColumnId, number[]>();
  picks.forEach((pick, i) => {
    const before = warPnp.developSheet(sheet, picks.slice(0, i));
    const legal = warPnp.legalDevelopments(before.ok ? before.value : sheet);
    if (pick.kind === 'points') {
      const box = legal.points.find((p) => p.column === pick.column)?.box ?? 0;
      columns.set(pick.column, [...(columns.get(pick.column) ?? []), box]);
      return;
    }
    const rank = legal.powers.find((p) => p.row === pick.row)?.rank ?? 0;
    const known = rows.get(pick.row) ?? { name: sheet.powers[pick.row - 1]?.name ?? null, isNew: false, ranks: [] };
    rows.set(pick.row, {
      name: pick.name ?? known.name,
      isNew: known.isNew || pick.name !== undefined,
      ranks: [...known.ranks, rank],
    });
  });
  const powerWords = [...rows].map(([row, r]) =>
    r.isNew
      ? `start row ${row} as ${powerLabel(r.name)}${r.ranks.length > 1 ? ` (${r.ranks.length} boxes)` : ''}`
      : `take row ${row} (${powerLabel(r.name)}) to level ${roman(Math.max(...r.ranks))}`,
  );
  const pointWords = [...columns].map(([column, filled]) => {
    const pts = filled.map((box) => warPnp.boxValue(column, box)).join(', ');
    const which = filled.length === 1 ? `box ${filled[0]}` : `boxes ${filled[0]}–${filled.at(-1)}`;
    return `fill ${column} ${which} (${pts} pts)`;
  });
  return [...powerWords, ...pointWords];
}

/** What the hint would do with one activation, as said to the player: "block Bo’s 7 box 3". */
function declareWords(declaration: warPnp.Declaration, table: warPnp.Table, seat: number, names: Names): string {
  const act = table.turn?.activations[seat]?.[declaration.activation];
  const label = powerLabel(act?.power ?? null);
  if (!('effect' in declaration) || act === undefined) return `pass ${label}`;
  const e = declaration.effect;
  const n = warPnp.powerAmount(act.power, act.level);
  switch (e.power) {
    case 'grow':
      return `use Grow to fill ${plural(n, 'extra box', 'extra boxes')}`;
    case 'double':
      return `double your ${list(e.boxes.map(boxWords))}`;
    case 'bend':
      return 'use Bend to move the total when you gain';
    case 'block':
      return `block ${names.whose(e.target)} ${list(e.boxes.map(boxWords))}`;
    case 'steal':
      return `steal from ${names.name(e.target)}`;
    case 'cancel': {
      if (e.mode === 'stop') {
        const stopped = table.sheets[e.target.seat]?.powers[e.target.row - 1]?.name ?? null;
        return `stop ${names.whose(e.target.seat)} row ${e.target.row} (${powerLabel(stopped)})`;
      }
      if (e.mode === 'erase') return `erase the ${list(e.marks.map((m) => markRefWords(m, table, names)))}`;
      return `ease the Wither on ${names.whose(e.target)} ${e.column} by ${n}`;
    }
    case 'trap':
      return `trap ${names.whose(e.target)} score at ${list(e.values.map(String))}`;
    case 'decay':
      return `decay ${names.whose(e.target)} gain by ${plural(n, 'box', 'boxes')}`;
    case 'powerup':
      return `power up your ${boxWords(e.box)} to pay ×${n}`;
    case 'wither':
      return `wither ${names.whose(e.target)} ${e.column} by ${n}`;
  }
}

/**
 * The phone's hint in words: the move the bot would make now, with its
 * reason where it has one (what the new Points boxes add a roll on average,
 * what a gain scores, what a removed box was worth).
 */
export function hintText(hint: WarHint, table: warPnp.WarView, seat: number, names: Names): string {
  const action = hint.action;
  switch (action.type) {
    case 'develop': {
      const sheet = table.sheets[seat];
      if (!sheet) return '';
      const words = capital(spoken(developWords(sheet, action.picks)));
      const boxes = action.picks.filter((p) => p.kind === 'points').length;
      if (hint.perRoll === null || hint.perRoll < 0.05 || boxes === 0) return words;
      return `${words}: ${boxes === 1 ? 'that box adds' : 'those boxes add'} about ${hint.perRoll.toFixed(1)} points a roll`;
    }
    case 'roll':
      return 'Roll the dice';
    case 'declare': {
      const said = action.declarations.map((d) => declareWords(d, table, seat, names));
      // A double fires one row twice, and the bot often does the same with both.
      return capital(said.length === 2 && said[0] === said[1] ? `${said[0]}, both times` : spoken(said));
    }
    case 'gain': {
      if (action.box === null) return 'Nothing to gain this round: send it as it is';
      const dice = table.turn?.dice ?? [0, 0];
      const column = warPnp.columnForSum(dice[0] + dice[1] + action.bend);
      const bend = action.bend === 0 ? '' : `Bend ${action.bend > 0 ? '+' : ''}${action.bend} and `;
      const from = `${bend}gain from ${column} box ${action.box}`;
      return capital(hint.points === null ? from : `${from}: ${hint.points} points, the most you can score`);
    }
    case 'remove': {
      const target = action.target;
      const victim = table.step.kind === 'traps' ? table.step.queue[0]?.victim : undefined;
      const box = `${victim === undefined ? '' : `${names.whose(victim)} `}${removeWords(target)}`;
      return target.kind === 'points'
        ? `Remove ${box}, their box worth most (${warPnp.boxValue(target.column, target.box)} pts)`
        : `Remove ${box}`;
    }
  }
}

import type { RuleErrorCode } from '../../core/errors.js';
import type { BoxRef, Effect, MarkRef, RowRef } from './actions.js';
import {
  COLUMN_IDS,
  type ColumnId,
  growGift,
  pointsColumn,
  powerAmount,
  powerRow,
  rowLevel,
  rowSize,
  type Sheet,
  TRACK_TOP,
} from './sheet.js';
import { type Activation, sheetOf, type Table } from './state.js';

/** The activations a roll gives one sheet: each die its row, a double the same row twice. */
export function activationsFor(sheet: Sheet, dice: readonly [number, number]): Activation[] {
  const out: Activation[] = [];
  for (const die of dice) {
    const row = powerRow(sheet, die);
    const level = rowLevel(row);
    if (level >= 1 && row.name !== null) out.push({ row: die, power: row.name, level, size: rowSize(row) });
  }
  return out;
}

/** Every seat except `seat`, in seat order. */
export function opponentsOf(table: Pick<Table, 'seats'>, seat: number): number[] {
  return Array.from({ length: table.seats }, (_, s) => s).filter((s) => s !== seat);
}

/** Every box of a sheet that carries no mark (filled or not: a mark may wait on an empty box). */
function unmarkedBoxes(sheet: Sheet): BoxRef[] {
  return COLUMN_IDS.flatMap((column) =>
    pointsColumn(sheet, column)
      .marks.map((mark, i) => (mark === null ? { column, box: i + 1 } : null))
      .filter((b): b is BoxRef => b !== null),
  );
}

/** Every mark Cancel could erase on every sheet: marks on Points boxes and traps. */
export function erasableMarks(table: Pick<Table, 'sheets'>): MarkRef[] {
  return table.sheets.flatMap((sheet, seat) => [
    ...COLUMN_IDS.flatMap((column) =>
      pointsColumn(sheet, column)
        .marks.map((mark, i): MarkRef | null => (mark ? { kind: 'box', seat, column, box: i + 1 } : null))
        .filter((m): m is MarkRef => m !== null),
    ),
    ...sheet.traps.map((t): MarkRef => ({ kind: 'trap', seat, value: t.value })),
  ]);
}

/** The score values a trap may go on: 0–100, not marked, not the player's current score. */
function trappableValues(table: Pick<Table, 'sheets' | 'scores'>, seat: number): number[] {
  const sheet = table.sheets[seat];
  const taken = new Set(sheet?.traps.map((t) => t.value));
  const score = table.scores[seat];
  return Array.from({ length: TRACK_TOP + 1 }, (_, v) => v).filter((v) => !taken.has(v) && v !== score);
}

/** What one activation may do, listing only legal targets: what the phone's form offers. */
export type LegalTargets =
  | { power: 'grow'; self: number; gift: number; opponents: number[] }
  | { power: 'double'; count: number; boxes: BoxRef[] }
  | { power: 'bend'; reach: number }
  | { power: 'block'; count: number; boxes: { seat: number; boxes: BoxRef[] }[] }
  | { power: 'steal'; rank: number; opponents: number[] }
  | {
      power: 'cancel';
      amount: number;
      rows: RowRef[];
      marks: MarkRef[];
      withering: { seat: number; column: ColumnId; withering: number }[];
    }
  | { power: 'trap'; count: number; values: { seat: number; values: number[] }[] }
  | { power: 'decay'; rows: number; opponents: number[] }
  | { power: 'powerup'; factor: number; boxes: BoxRef[] }
  | { power: 'wither'; amount: number; columns: { seat: number; column: ColumnId }[] };

/** The rows the roll activated that a Cancel of this activation could stop. */
function stoppableRows(table: Table, seat: number, act: Activation): RowRef[] {
  const rows: RowRef[] = [];
  table.turn?.activations.forEach((acts, s) => {
    for (const a of acts) {
      const own = s === seat && a.row === act.row;
      const listed = rows.some((r) => r.seat === s && r.row === a.row);
      if (!own && !listed && a.size <= act.size) rows.push({ seat: s, row: a.row });
    }
  });
  return rows;
}

/** The legal targets of one of `seat`'s activations this round, or null when it has no such activation. */
export function legalTargets(table: Table, seat: number, activation: number): LegalTargets | null {
  const act = table.turn?.activations[seat]?.[activation];
  if (!act) return null;
  const amount = powerAmount(act.power, act.level);
  const opponents = opponentsOf(table, seat);
  const own = sheetOf(table, seat);
  switch (act.power) {
    case 'grow':
      return { power: 'grow', self: amount, gift: growGift(act.level), opponents };
    case 'double':
      return { power: 'double', count: amount, boxes: unmarkedBoxes(own) };
    case 'bend':
      return { power: 'bend', reach: amount };
    case 'block':
      return {
        power: 'block',
        count: amount,
        boxes: opponents.map((s) => ({ seat: s, boxes: unmarkedBoxes(sheetOf(table, s)) })),
      };
    case 'steal':
      return { power: 'steal', rank: amount, opponents };
    case 'cancel':
      return {
        power: 'cancel',
        amount,
        rows: stoppableRows(table, seat, act),
        marks: erasableMarks(table),
        withering: table.sheets.flatMap((sheet, s) =>
          COLUMN_IDS.map((column) => ({ seat: s, column, withering: pointsColumn(sheet, column).withering })).filter(
            (w) => w.withering > 0,
          ),
        ),
      };
    case 'trap':
      return {
        power: 'trap',
        count: amount,
        values: opponents.map((s) => ({ seat: s, values: trappableValues(table, s) })),
      };
    case 'decay':
      return { power: 'decay', rows: amount, opponents };
    case 'powerup':
      return { power: 'powerup', factor: amount, boxes: unmarkedBoxes(own) };
    case 'wither':
      return {
        power: 'wither',
        amount,
        columns: opponents.flatMap((s) => COLUMN_IDS.map((column) => ({ seat: s, column }))),
      };
  }
}

/** True when no two entries share a key. */
function distinct<T>(items: readonly T[], key: (item: T) => string): boolean {
  return new Set(items.map(key)).size === items.length;
}

const boxKey = (b: BoxRef): string => `${b.column}#${b.box}`;

/** Refusal code when some box is already marked on the sheet, else null. */
function checkUnmarked(sheet: Sheet, boxes: readonly BoxRef[], count: number): RuleErrorCode | null {
  if (boxes.length > count) return 'rule/war-too-many';
  if (!distinct(boxes, boxKey)) return 'rule/war-repeated';
  if (boxes.some((b) => pointsColumn(sheet, b.column).marks[b.box - 1] !== null)) return 'rule/war-marked';
  return null;
}

/** True when a mark named by Cancel is on the table now. */
function markExists(table: Pick<Table, 'sheets'>, mark: MarkRef): boolean {
  const sheet = table.sheets[mark.seat];
  if (!sheet) return false;
  if (mark.kind === 'trap') return sheet.traps.some((t) => t.value === mark.value);
  return pointsColumn(sheet, mark.column).marks[mark.box - 1] != null;
}

const markKey = (m: MarkRef): string =>
  m.kind === 'trap' ? `${m.seat}:T${m.value}` : `${m.seat}:${m.column}#${m.box}`;

/**
 * Why `effect` is not a legal use of activation `act` by `seat`, or null when it
 * is. Targets are checked against the table as it stands when declaring.
 */
export function checkEffect(table: Table, seat: number, act: Activation, effect: Effect): RuleErrorCode | null {
  if (effect.power !== act.power) return 'rule/war-wrong-power';
  const amount = powerAmount(act.power, act.level);
  const isOpponent = (s: number): boolean => s !== seat && s >= 0 && s < table.seats;
  const own = sheetOf(table, seat);
  switch (effect.power) {
    case 'grow': {
      const gift = growGift(act.level);
      if (effect.gifts === undefined) {
        return gift > 0 && opponentsOf(table, seat).length > 1 ? 'rule/war-gifts' : null;
      }
      const total = effect.gifts.reduce((n, g) => n + g.count, 0);
      const fair =
        total === gift && effect.gifts.every((g) => isOpponent(g.seat)) && distinct(effect.gifts, (g) => `${g.seat}`);
      return fair ? null : 'rule/war-gifts';
    }
    case 'double':
      return checkUnmarked(own, effect.boxes, amount);
    case 'bend':
      return null;
    case 'block': {
      const sheet = table.sheets[effect.target];
      if (!sheet || !isOpponent(effect.target)) return 'rule/war-target';
      return checkUnmarked(sheet, effect.boxes, amount);
    }
    case 'steal':
    case 'decay':
    case 'wither':
      return isOpponent(effect.target) ? null : 'rule/war-target';
    case 'cancel':
      if (effect.mode === 'stop') {
        const { seat: s, row } = effect.target;
        const target = table.turn?.activations[s]?.find((a) => a.row === row);
        if (!target || (s === seat && row === act.row)) return 'rule/war-target';
        return target.size <= act.size ? null : 'rule/war-too-big';
      }
      if (effect.mode === 'erase') {
        if (effect.marks.length > amount) return 'rule/war-too-many';
        if (!distinct(effect.marks, markKey)) return 'rule/war-repeated';
        return effect.marks.every((m) => markExists(table, m)) ? null : 'rule/war-no-mark';
      }
      {
        const sheet = table.sheets[effect.target];
        if (!sheet) return 'rule/war-target';
        return pointsColumn(sheet, effect.column).withering > 0 ? null : 'rule/war-no-withering';
      }
    case 'trap': {
      const sheet = table.sheets[effect.target];
      if (!sheet || !isOpponent(effect.target)) return 'rule/war-target';
      if (effect.values.length > amount) return 'rule/war-too-many';
      if (!distinct(effect.values, String)) return 'rule/war-repeated';
      if (effect.values.some((v) => sheet.traps.some((t) => t.value === v))) return 'rule/war-marked';
      return effect.values.includes(table.scores[effect.target] ?? -1) ? 'rule/war-trap-value' : null;
    }
    case 'powerup':
      return checkUnmarked(own, [effect.box], 1);
  }
}

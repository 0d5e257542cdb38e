/**
 * The play sheet of Write And Roll: Powers 'n Points. The designer's sheet is
 * not published with the rules, so its numbers are our reconstruction; they
 * live here, in one place, so they can be tuned without touching the rules.
 */

/** The ten powers a Powers row can be named after. */
export const POWER_NAMES = [
  'grow',
  'double',
  'bend',
  'block',
  'steal',
  'cancel',
  'trap',
  'decay',
  'powerup',
  'wither',
] as const;

/** One of the ten powers. */
export type PowerName = (typeof POWER_NAMES)[number];

/** The Points columns, in the order they stand on the sheet. */
export const COLUMN_IDS = ['2/12', '3/11', '4/10', '5/9', '6/8', '7'] as const;

/** A Points column, named by the two-dice sums that activate it. */
export type ColumnId = (typeof COLUMN_IDS)[number];

/** What a power does at each level: `amount[level - 1]`; Grow also gives `gift` to opponents. */
export interface PowerSpec {
  /** The name players see. */
  label: string;
  /** The power's number at levels i–vi (count, strength, rank or multiplier, by power). */
  amount: readonly number[];
  /** Grow only: extra developments shared out among opponents at levels i–vi. */
  gift?: readonly number[];
}

/** Every power's numbers at levels i–vi. */
export const POWER_TABLE: Readonly<Record<PowerName, PowerSpec>> = {
  grow: { label: 'Grow', amount: [1, 2, 2, 3, 3, 3], gift: [0, 1, 0, 2, 1, 0] },
  double: { label: 'Double', amount: [1, 1, 2, 2, 3, 3] },
  bend: { label: 'Bend', amount: [1, 1, 2, 2, 3, 3] },
  block: { label: 'Block', amount: [1, 1, 2, 2, 3, 3] },
  steal: { label: 'Steal', amount: [1, 2, 3, 4, 5, 6] },
  cancel: { label: 'Cancel', amount: [1, 2, 3, 4, 5, 6] },
  trap: { label: 'Trap', amount: [1, 1, 2, 2, 3, 3] },
  decay: { label: 'Decay', amount: [1, 2, 3, 4, 5, 6] },
  powerup: { label: 'PowerUp', amount: [2, 3, 4, 5, 6, 7] },
  wither: { label: 'Wither', amount: [1, 2, 3, 4, 5, 6] },
};

/** One Points column of the sheet: which sums activate it and what each box is worth. */
export interface ColumnSpec {
  id: ColumnId;
  sums: readonly number[];
  /** Points of boxes 1–6, bottom to top. */
  values: readonly number[];
}

/** The Points columns with the points of each box: the sheet's one table of numbers. */
export const POINTS_TABLE: readonly ColumnSpec[] = [
  { id: '2/12', sums: [2, 12], values: [10, 20, 30, 40, 50, 60] },
  { id: '3/11', sums: [3, 11], values: [5, 10, 15, 20, 25, 30] },
  { id: '4/10', sums: [4, 10], values: [4, 8, 12, 16, 20, 24] },
  { id: '5/9', sums: [5, 9], values: [3, 6, 9, 12, 15, 18] },
  { id: '6/8', sums: [6, 8], values: [2, 4, 6, 8, 10, 12] },
  { id: '7', sums: [7], values: [4, 8, 12, 16, 20, 24] },
];

/** Boxes in every Powers row and every Points column. */
export const BOXES = 6;

/** The highest score value a trap can be set on. */
export const TRACK_TOP = 100;

/** A mark on a Points box: `2x`, `X` or `PU#`. */
export type PointsMark = { kind: 'double' } | { kind: 'block' } | { kind: 'powerup'; factor: number };

/** A Powers row: its power's name (kept even if every box is lost) and which ranks are filled. */
export interface PowerRow {
  name: PowerName | null;
  /** `filled[rank - 1]` */
  filled: boolean[];
}

/** A Points column: filled boxes, marks per box, and the Withering under it. */
export interface PointsColumn {
  /** `filled[box - 1]` */
  filled: boolean[];
  /** `marks[box - 1]`; a mark may sit on an empty box and waits there. */
  marks: (PointsMark | null)[];
  /** The `W −n` under the column; 0 when there is none. */
  withering: number;
}

/** A `T` on a score value, and who set it. */
export interface Trap {
  value: number;
  owner: number;
}

/** One player's sheet: six Powers rows (faces 1–6), six Points columns, traps on their score track. */
export interface Sheet {
  powers: PowerRow[];
  points: PointsColumn[];
  traps: Trap[];
}

/** A sheet with nothing developed, marked or trapped. */
export function emptySheet(): Sheet {
  return {
    powers: Array.from({ length: BOXES }, () => ({ name: null, filled: Array<boolean>(BOXES).fill(false) })),
    points: COLUMN_IDS.map(() => ({
      filled: Array<boolean>(BOXES).fill(false),
      marks: Array<PointsMark | null>(BOXES).fill(null),
      withering: 0,
    })),
    traps: [],
  };
}

/** A row's level: its highest filled rank, 0 when none is filled. */
export function rowLevel(row: PowerRow): number {
  return row.filled.lastIndexOf(true) + 1;
}

/** A row's size: how many of its boxes are filled. */
export function rowSize(row: PowerRow): number {
  return row.filled.filter(Boolean).length;
}

/** The rank developing would fill next (the lowest empty one), or null when all are filled. */
export function nextEmptyRank(filled: readonly boolean[]): number | null {
  const i = filled.indexOf(false);
  return i < 0 ? null : i + 1;
}

/** The index in `POINTS_TABLE` of a column id. */
export function columnIndex(id: ColumnId): number {
  return COLUMN_IDS.indexOf(id);
}

/** The column a two-dice sum (2–12) activates. */
export function columnForSum(sum: number): ColumnId {
  const spec = POINTS_TABLE.find((c) => c.sums.includes(sum));
  if (!spec) throw new RangeError(`no Points column for the sum ${sum}`);
  return spec.id;
}

/** The points printed in box 1–6 of a column; 0 below box 1. */
export function boxValue(column: ColumnId, box: number): number {
  return POINTS_TABLE[columnIndex(column)]?.values[box - 1] ?? 0;
}

/** A power's number at a level (1–6). */
export function powerAmount(power: PowerName, level: number): number {
  return POWER_TABLE[power].amount[level - 1] ?? 0;
}

/** How many developments Grow at a level gives to opponents, shared out. */
export function growGift(level: number): number {
  return POWER_TABLE.grow.gift?.[level - 1] ?? 0;
}

/** The Points column of a sheet by id. */
export function pointsColumn(sheet: Sheet, column: ColumnId): PointsColumn {
  const col = sheet.points[columnIndex(column)];
  if (!col) throw new RangeError(`no Points column ${column}`);
  return col;
}

/** The Powers row of a sheet by its face (1–6). */
export function powerRow(sheet: Sheet, row: number): PowerRow {
  const r = sheet.powers[row - 1];
  if (!r) throw new RangeError(`no Powers row ${row}`);
  return r;
}

/** How many boxes of the sheet are still empty, Powers and Points together. */
export function emptyBoxCount(sheet: Sheet): number {
  const empty = (filled: boolean[]) => filled.filter((f) => !f).length;
  return sheet.powers.reduce((n, r) => n + empty(r.filled), 0) + sheet.points.reduce((n, c) => n + empty(c.filled), 0);
}

/**
 * Scoring for Waiting for the Game to Start: the seven dice, what each is
 * worth, and the best way to split a line into runs and sets.
 */

/** One die of the set: its column on the sheet, its faces and its point value. */
export interface Die {
  column: number;
  name: string;
  sides: number;
  value: number;
}

/** The seven dice in column order; both d10s read 1–10. */
export const DICE = [
  { column: 0, name: 'd4', sides: 4, value: 1 },
  { column: 1, name: 'd6', sides: 6, value: 2 },
  { column: 2, name: 'd8', sides: 8, value: 3 },
  { column: 3, name: 'd10 ones', sides: 10, value: 4 },
  { column: 4, name: 'd10 tens', sides: 10, value: 4 },
  { column: 5, name: 'd12', sides: 12, value: 5 },
  { column: 6, name: 'd20', sides: 20, value: 9 },
] as const satisfies readonly Die[];

/** Faces of each column's die, in column order, for rolling a whole line. */
export const SIDES: readonly number[] = DICE.map((d) => d.sides);

/** A run is consecutive numbers, one die each; a set is one number on every die. */
export type GroupKind = 'run' | 'set';

/** One scoring group: which columns form it and what it is worth. */
export interface Group {
  kind: GroupKind;
  /** Column indices; a run lists them from its lowest number up, a set in column order. */
  dice: number[];
  score: number;
}

/** A way to score a line: disjoint groups and their sum. */
export interface Grouping {
  score: number;
  groups: Group[];
}

/** Fewest dice a run or a set may have. */
export const MIN_GROUP = 3;

/** What a group is worth: a run multiplies its values by its size, a set by its size plus two. */
export function groupScore(kind: GroupKind, dice: readonly number[]): number {
  const values = dice.reduce((acc, column) => acc + dieAt(column).value, 0);
  return values * (kind === 'run' ? dice.length : dice.length + 2);
}

function dieAt(column: number): Die {
  const die = DICE[column];
  if (die === undefined) throw new RangeError(`there is no die in column ${column}`);
  return die;
}

const ALL = (1 << DICE.length) - 1;

// Columns in each subset of the seven dice, fixed once: the scorer runs on
// every preview tap, so it should not rebuild them.
const COLUMNS_OF: readonly (readonly number[])[] = Array.from({ length: ALL + 1 }, (_, mask) =>
  DICE.map((d) => d.column).filter((c) => (mask & (1 << c)) !== 0),
);

interface Candidate {
  mask: number;
  kind: GroupKind;
  score: number;
}

function classify(numbers: readonly number[], columns: readonly number[]): GroupKind | null {
  let low = Infinity;
  let high = -Infinity;
  for (const c of columns) {
    const n = numbers[c] ?? 0;
    if (n < low) low = n;
    if (n > high) high = n;
  }
  if (low === high) return 'set';
  if (high - low !== columns.length - 1) return null;
  // Spanning exactly size-1 numbers, the dice form a run when no number repeats.
  let seen = 0;
  for (const c of columns) {
    const bit = 1 << ((numbers[c] ?? 0) - low);
    if ((seen & bit) !== 0) return null;
    seen |= bit;
  }
  return 'run';
}

/**
 * The highest-scoring way to split a line into disjoint runs and sets, and the
 * groups themselves so a phone can show them. `numbers` holds one number per
 * column in column order. Among equal scores the choice is fixed, so the same
 * line always shows the same groups.
 */
export function bestGrouping(numbers: readonly number[]): Grouping {
  if (numbers.length !== DICE.length || !numbers.every((n) => Number.isInteger(n))) {
    throw new RangeError(`a line has ${DICE.length} whole numbers, got [${numbers.join(', ')}]`);
  }
  const candidates: Candidate[] = [];
  for (let mask = 1; mask <= ALL; mask++) {
    const columns = COLUMNS_OF[mask] ?? [];
    if (columns.length < MIN_GROUP) continue;
    const kind = classify(numbers, columns);
    if (kind !== null) candidates.push({ mask, kind, score: groupScore(kind, columns) });
  }

  // best[mask]: the top score using only the dice in mask. Every grouping of
  // mask either leaves its lowest die out or puts it in exactly one group.
  const best = new Array<number>(ALL + 1).fill(0);
  const pick = new Array<Candidate | null>(ALL + 1).fill(null);
  for (let mask = 1; mask <= ALL; mask++) {
    const lowest = mask & -mask;
    let top = best[mask ^ lowest] ?? 0;
    let chosen: Candidate | null = null;
    for (const c of candidates) {
      if ((c.mask & lowest) === 0 || (c.mask & mask) !== c.mask) continue;
      const s = c.score + (best[mask ^ c.mask] ?? 0);
      if (s > top) {
        top = s;
        chosen = c;
      }
    }
    best[mask] = top;
    pick[mask] = chosen;
  }

  const groups: Group[] = [];
  let mask = ALL;
  while (mask !== 0) {
    const chosen = pick[mask] ?? null;
    if (chosen === null) {
      mask ^= mask & -mask;
      continue;
    }
    const columns = [...(COLUMNS_OF[chosen.mask] ?? [])];
    if (chosen.kind === 'run') columns.sort((a, b) => (numbers[a] ?? 0) - (numbers[b] ?? 0));
    groups.push({ kind: chosen.kind, dice: columns, score: chosen.score });
    mask ^= chosen.mask;
  }
  return { score: best[ALL] ?? 0, groups };
}

/** The junk score: the plain sum of the numbers on a line. */
export function junkScore(numbers: readonly number[]): number {
  return numbers.reduce((acc, n) => acc + n, 0);
}

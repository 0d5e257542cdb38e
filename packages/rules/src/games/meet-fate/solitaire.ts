/**
 * Optimal solitaire Meet Fate: one turn solved exactly, given what every
 * sheet the turn can lead to is worth.
 *
 * This is the method the optimal solitaire Yahtzee solvers use. A "keep" is a
 * multiset of 0..6 dice (3,003 of them; the 1,716 of six dice are the rolls).
 * Working back from the end of the turn:
 *
 * - after the last roll, a roll R is worth the best over open boxes b of
 *   score(R, b) + value(sheet with b filled);
 * - before a roll, a keep K of fewer than six dice is worth the average, over
 *   the eight faces of one more die, of the keep K plus that die (adding dice
 *   one at a time gives exactly the distribution of rolling the rest);
 * - after an earlier roll, a roll R is worth the best of its sub-keeps, where
 *   keeping all six means stopping and filling now. The best of all
 *   sub-multisets is the best of R itself and of R less one die, taken from
 *   small keeps up, so no roll's 64 subsets need listing.
 *
 * The F8 (six 8s) is scored here like any other roll: the solitaire value is
 * the expected sheet total, and the instant win is the bot's concern.
 */
import { BOX_IDS, FACES, DICE_COUNT, scoreAll } from './scoring.js';

/** Boxes on the sheet: a set of filled boxes is a 19-bit mask in sheet order. */
export const BOX_COUNT = BOX_IDS.length;

/** Every set of filled boxes: masks 0 .. FULL_SHEET. */
export const FULL_SHEET = (1 << BOX_COUNT) - 1;

// Sorted dice d1 <= d2 <= ... read as base-9 digits: distinct for every
// multiset of any size because no face is 0.
const KEY_BASE = FACES + 1;
const keyOf = (sortedDice: readonly number[]): number =>
  sortedDice.reduce((key, d, i) => key + d * KEY_BASE ** i, 0);

interface KeepTables {
  /** Dice of each keep, sorted; keeps are listed by size, then lexically. */
  dice: number[][];
  size: Uint8Array;
  /** keep index * 8 + face - 1 → the keep with one more die of that face (size < 6 only). */
  child: Int32Array;
  /** Keeps with one die fewer (one per distinct face), as a compressed row list. */
  parentStart: Int32Array;
  parents: Int32Array;
  /** The index of a multiset from its base-9 key. */
  indexByKey: Int16Array;
  /** Indices of the six-dice keeps (the rolls). */
  rolls: Int32Array;
  /** box * 1716 + roll number (position in `rolls`) → score; box-major so one box's column is contiguous. */
  scores: Uint8Array;
  /** keep index → its roll number, or -1 for fewer than six dice. */
  rollNumber: Int32Array;
}

function buildTables(): KeepTables {
  const dice: number[][] = [];
  const grow = (prefix: number[], from: number, size: number): void => {
    if (prefix.length === size) {
      dice.push(prefix);
      return;
    }
    for (let f = from; f <= FACES; f++) grow([...prefix, f], f, size);
  };
  for (let size = 0; size <= DICE_COUNT; size++) grow([], 1, size);

  const indexByKey = new Int16Array(KEY_BASE ** DICE_COUNT).fill(-1);
  dice.forEach((d, i) => (indexByKey[keyOf(d)] = i));
  const indexOf = (d: number[]): number => indexByKey[keyOf([...d].sort((a, b) => a - b))] ?? -1;

  const size = Uint8Array.from(dice, (d) => d.length);
  const child = new Int32Array(dice.length * FACES).fill(-1);
  const parentStart = new Int32Array(dice.length + 1);
  const parentList: number[] = [];
  const rolls: number[] = [];
  const rollNumber = new Int32Array(dice.length).fill(-1);
  dice.forEach((d, i) => {
    if (d.length < DICE_COUNT) {
      for (let f = 1; f <= FACES; f++) child[i * FACES + f - 1] = indexOf([...d, f]);
    } else {
      rollNumber[i] = rolls.length;
      rolls.push(i);
    }
    parentStart[i] = parentList.length;
    for (const f of new Set(d)) {
      const less = [...d];
      less.splice(less.indexOf(f), 1);
      parentList.push(indexOf(less));
    }
  });
  parentStart[dice.length] = parentList.length;

  const scores = new Uint8Array(rolls.length * BOX_COUNT);
  rolls.forEach((keep, r) => {
    const all = scoreAll(dice[keep] ?? []);
    BOX_IDS.forEach((box, b) => (scores[b * rolls.length + r] = all[box]));
  });

  return {
    dice,
    size,
    child,
    parentStart,
    parents: Int32Array.from(parentList),
    indexByKey,
    rolls: Int32Array.from(rolls),
    scores,
    rollNumber,
  };
}

let tables: KeepTables | undefined;
/** Built on first use: about 3,000 keeps and a half-megabyte key index. */
function keepTables(): KeepTables {
  tables ??= buildTables();
  return tables;
}

/** The index of the keep holding exactly these dice (any order). */
export function keepIndex(dice: readonly number[]): number {
  const t = keepTables();
  const index = t.indexByKey[keyOf([...dice].sort((a, b) => a - b))];
  if (index === undefined || index < 0) throw new RangeError(`not a keep of d${FACES}: ${dice.join(' ')}`);
  return index;
}

/**
 * Everything worth knowing about one turn from a given sheet: what each keep
 * is worth before each roll, and the turn's value before its first roll.
 * `beforeRoll[n]` is indexed by keep: the expected final outcome of keeping
 * those dice and making roll n + 1 (n = 1, 2); for a six-dice keep it is the
 * value of stopping with those dice.
 */
export interface TurnValues {
  /** Keep values before the second roll (n = 1) and the third (n = 2). */
  beforeRoll: [Float64Array, Float64Array, Float64Array];
  /** The expected rest-of-game score before the turn's first roll. */
  value: number;
}

/**
 * Solve one turn. `filled` is the mask of filled boxes (not full); `valueOf`
 * gives the expected rest-of-game score from any fuller sheet.
 */
export function solveTurn(filled: number, valueOf: (mask: number) => number): TurnValues {
  const t = keepTables();
  const n = t.dice.length;
  const open: number[] = [];
  const future: number[] = [];
  for (let b = 0; b < BOX_COUNT; b++) {
    if ((filled & (1 << b)) === 0) {
      open.push(b);
      future.push(valueOf(filled | (1 << b)));
    }
  }
  if (open.length === 0) throw new RangeError('a full sheet has no turn to play');

  // Value of stopping with each roll: the best box to fill.
  const rollCount = t.rolls.length;
  const stop = new Float64Array(rollCount).fill(-Infinity);
  for (let i = 0; i < open.length; i++) {
    const column = t.scores.subarray(open[i]! * rollCount, (open[i]! + 1) * rollCount);
    const after = future[i]!;
    for (let r = 0; r < rollCount; r++) {
      const v = column[r]! + after;
      if (v > stop[r]!) stop[r] = v;
    }
  }

  // Six-dice keeps are the last 1,716 indices, in roll order, so a roll's
  // number is its keep index less `firstRoll`.
  const firstRoll = n - t.rolls.length;
  const { child, parentStart, parents } = t;
  // A keep array from the values of the six-dice keeps, largest keeps first
  // (a keep's children always have higher indices).
  const keepValue = (afterRoll: Float64Array): Float64Array => {
    const out = new Float64Array(n);
    out.set(afterRoll, firstRoll);
    for (let k = firstRoll - 1; k >= 0; k--) {
      const base = k * FACES;
      let total = 0;
      for (let f = 0; f < FACES; f++) total += out[child[base + f]!]!;
      out[k] = total / FACES;
    }
    return out;
  };
  // Best over every sub-multiset, smallest keeps first; only the six-dice
  // keeps' results are wanted, but they need every smaller keep's.
  const bestSubKeep = (values: Float64Array): Float64Array => {
    const best = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      let b = values[k]!;
      const end = parentStart[k + 1]!;
      for (let p = parentStart[k]!; p < end; p++) {
        const v = best[parents[p]!]!;
        if (v > b) b = v;
      }
      best[k] = b;
    }
    return best.subarray(firstRoll);
  };

  const beforeThird = keepValue(stop);
  const beforeSecond = keepValue(bestSubKeep(beforeThird));
  const beforeFirst = keepValue(bestSubKeep(beforeSecond));
  return { beforeRoll: [beforeFirst, beforeSecond, beforeThird], value: beforeFirst[0] as number };
}

// Subsets of six dice, larger first, so that among equal values stopping and
// bigger keeps win.
const SUBSETS = Array.from({ length: 1 << DICE_COUNT }, (_, m) => m).sort(
  (a, b) => popcount(b) - popcount(a) || a - b,
);

/**
 * The best thing to do with `dice` after roll `rolls` (1 or 2): the positions
 * to keep and roll again, or null to stop and fill now. Ties go to keeping
 * more dice, then to the first subset in a fixed order, so play is
 * reproducible.
 */
export function bestKeep(turn: TurnValues, rolls: 1 | 2, dice: readonly number[]): number[] | null {
  const t = keepTables();
  const values = turn.beforeRoll[rolls];
  // Positions by the number they show, so every subset lists its dice sorted.
  const byNumber = dice.map((_, i) => i).sort((a, b) => (dice[a] ?? 0) - (dice[b] ?? 0) || a - b);
  const seen = new Set<number>();
  let best = -Infinity;
  let bestSubset = 0;
  for (const m of SUBSETS) {
    let key = 0;
    let place = 1;
    for (let j = 0; j < byNumber.length; j++) {
      if (m & (1 << j)) {
        key += (dice[byNumber[j]!] ?? 0) * place;
        place *= KEY_BASE;
      }
    }
    const k = t.indexByKey[key]!;
    if (seen.has(k)) continue;
    seen.add(k);
    // Keeping all six is stopping: worth the best fill now, not another roll.
    const v = m === (1 << dice.length) - 1 ? turn.beforeRoll[2][k]! : values[k]!;
    if (v > best + 1e-9) {
      best = v;
      bestSubset = m;
    }
  }
  if (bestSubset === (1 << dice.length) - 1) return null;
  return byNumber.filter((_, j) => bestSubset & (1 << j)).sort((a, b) => a - b);
}

/** The open box that maximises score now plus the value of the sheet after. */
export function bestFill(filled: number, dice: readonly number[], valueOf: (mask: number) => number): number {
  const t = keepTables();
  const roll = t.rollNumber[keepIndex(dice)]!;
  let best = -Infinity;
  let bestBox = -1;
  for (let b = 0; b < BOX_COUNT; b++) {
    if (filled & (1 << b)) continue;
    const v = t.scores[b * t.rolls.length + roll]! + valueOf(filled | (1 << b));
    if (v > best + 1e-9) {
      best = v;
      bestBox = b;
    }
  }
  return bestBox;
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

/**
 * The whole table: expected rest-of-game score for every set of filled boxes,
 * from the full sheet back to the empty one. `onProgress` hears how many
 * sheets are done. Takes minutes; scripts/meet-fate-solve.ts runs it.
 */
export function solveAllSheets(onProgress?: (done: number) => void): Float64Array {
  const values = new Float64Array(FULL_SHEET + 1);
  const valueOf = (mask: number): number => values[mask] as number;
  // Every sheet a turn leads to has one more bit set, so a larger number.
  for (let mask = FULL_SHEET - 1; mask >= 0; mask--) {
    values[mask] = solveTurn(mask, valueOf).value;
    if (onProgress !== undefined && mask % 4096 === 0) onProgress(FULL_SHEET - mask);
  }
  return values;
}

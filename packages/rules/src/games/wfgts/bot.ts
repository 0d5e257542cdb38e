/**
 * The wfgts bot: each carry is the one with the best expected grouping on
 * line c, estimated by sampling the rolls still to come; junk is taken when
 * a round's line c is poor for groups but rich in numbers.
 */
import type { Bot } from '../../core/bot.js';
import type { WfgtsAction } from './actions.js';
import { DICE, groupScore, junkScore, MIN_GROUP, SIDES } from './scoring.js';
import { currentRound, junkUsed, newestLine, ROUNDS, type WfgtsState } from './state.js';

const COLUMNS = DICE.length;
const ALL = (1 << COLUMNS) - 1;

/** Every mask of three or more columns, with its columns and what a run or set of them would score. */
const GROUP_MASKS = Array.from({ length: ALL + 1 }, (_, mask) => mask)
  .map((mask) => {
    const columns = DICE.map((d) => d.column).filter((c) => (mask & (1 << c)) !== 0);
    return { mask, columns, run: groupScore('run', columns), set: groupScore('set', columns) };
  })
  .filter((g) => g.columns.length >= MIN_GROUP);

// The same, flat, for the inner loop: group g's columns are
// groupColumns[groupStart[g] .. groupStart[g + 1]).
const groupStart = Int32Array.from([0, ...GROUP_MASKS.map((g, i) => GROUP_MASKS.slice(0, i + 1).reduce((n, h) => n + h.columns.length, 0))]);
const groupColumns = Int32Array.from(GROUP_MASKS.flatMap((g) => g.columns));
const groupRun = Int32Array.from(GROUP_MASKS, (g) => g.run);
const groupSet = Int32Array.from(GROUP_MASKS, (g) => g.set);
const groupMask = Int32Array.from(GROUP_MASKS, (g) => g.mask);
// Scratch space for the groups one line makes; at most every mask.
const foundMask = new Int32Array(GROUP_MASKS.length);
const foundScore = new Int32Array(GROUP_MASKS.length);

/**
 * The best grouping's score and the columns it uses. Seven dice hold at most
 * two groups of three or more, so the best is one group or two disjoint ones:
 * far quicker than the general search the sheet uses, for sampling.
 */
export function quickGrouping(numbers: readonly number[]): { score: number; mask: number } {
  let key = 0;
  for (let c = 0; c < COLUMNS; c++) key = key * SIDES[c]! + numbers[c]! - 1;
  groupingMemo ??= new Int32Array(SIDES.reduce((n, s) => n * s, 1));
  const known = groupingMemo[key]!;
  if (known !== 0) return { score: (known & ~(1 << 30)) >> COLUMNS, mask: known & ALL };
  const found = searchGrouping(numbers);
  // 0 means "not yet known", so a line that scores nothing is stored with bit 30 set.
  groupingMemo[key] = (found.score << COLUMNS) | found.mask | (found.score === 0 ? 1 << 30 : 0);
  return found;
}

/**
 * Every line the dice can show has one entry (921,600 of them): its best
 * grouping's score above the columns it uses, filled in the first time the
 * line is scored. Sampling scores the same lines again and again, so this
 * cache, of a pure function, turns most searches into a lookup. Made on
 * first use, so a screen that never asks pays nothing.
 */
let groupingMemo: Int32Array | undefined;

function searchGrouping(numbers: readonly number[]): { score: number; mask: number } {
  let count = 0;
  for (let g = 0; g < groupMask.length; g++) {
    const from = groupStart[g]!;
    const to = groupStart[g + 1]!;
    const first = numbers[groupColumns[from]!]!;
    let same = true;
    let low = first;
    let high = first;
    let seen = 0;
    let distinct = true;
    for (let i = from; i < to; i++) {
      const n = numbers[groupColumns[i]!]!;
      if (n !== first) same = false;
      if (n < low) low = n;
      if (n > high) high = n;
      const bit = 1 << n;
      if (seen & bit) distinct = false;
      seen |= bit;
    }
    const score = same ? groupSet[g]! : distinct && high - low === to - from - 1 ? groupRun[g]! : 0;
    if (score > 0) {
      foundMask[count] = groupMask[g]!;
      foundScore[count] = score;
      count++;
    }
  }
  let bestScore = 0;
  let bestMask = 0;
  for (let i = 0; i < count; i++) {
    const a = foundScore[i]!;
    if (a > bestScore) {
      bestScore = a;
      bestMask = foundMask[i]!;
    }
    for (let j = i + 1; j < count; j++) {
      if ((foundMask[i]! & foundMask[j]!) === 0 && a + foundScore[j]! > bestScore) {
        bestScore = a + foundScore[j]!;
        bestMask = foundMask[i]! | foundMask[j]!;
      }
    }
  }
  return { score: bestScore, mask: bestMask };
}

/**
 * Samples per carry in two passes: every carry on a few rolls, then the most
 * promising on many more. Enough to rank carries, few enough to decide in
 * milliseconds.
 */
const FIRST_SAMPLES = 12;
const FINAL_SAMPLES = 48;
const FINALISTS = 8;

const rollLine = (random: () => number): number[] => SIDES.map((s) => 1 + Math.floor(random() * s));

/**
 * The columns worth carrying from `line` with `rollsLeft` rolls to come (1 or
 * 2), and the expected line-c worth of that carry. The carries of one pass are
 * tried on the same sampled rolls so they are compared fairly. With two rolls
 * to come, the next carry is taken to be the groups the middle line shows, or
 * the carry already made where it shows none.
 */
export function bestCarry(
  line: readonly number[],
  rollsLeft: 1 | 2,
  worth: (lineC: readonly number[]) => number,
  random: () => number,
): { columns: number[]; expected: number } {
  const middle = new Array<number>(COLUMNS).fill(0);
  const last = new Array<number>(COLUMNS).fill(0);
  const expected = (masks: readonly number[], sampleCount: number): { mask: number; expected: number }[] => {
    const samples = Array.from({ length: sampleCount }, () => [rollLine(random), rollLine(random)] as const);
    return masks.map((mask) => {
      let total = 0;
      for (const [first, second] of samples) {
        for (let c = 0; c < COLUMNS; c++) middle[c] = mask & (1 << c) ? line[c]! : first[c]!;
        if (rollsLeft === 1) {
          total += worth(middle);
        } else {
          const groups = quickGrouping(middle).mask;
          const keep = groups === 0 ? mask : groups;
          for (let c = 0; c < COLUMNS; c++) last[c] = keep & (1 << c) ? middle[c]! : second[c]!;
          total += worth(last);
        }
      }
      return { mask, expected: total / sampleCount };
    });
  };
  const everyCarry = Array.from({ length: ALL + 1 }, (_, mask) => mask);
  const finalists = expected(everyCarry, FIRST_SAMPLES)
    .sort((a, b) => b.expected - a.expected || a.mask - b.mask)
    .slice(0, FINALISTS)
    .map((c) => c.mask);
  const best = expected(finalists, FINAL_SAMPLES).reduce((a, b) => (b.expected > a.expected ? b : a));
  return { columns: DICE.map((d) => d.column).filter((c) => (best.mask & (1 << c)) !== 0), expected: best.expected };
}

/**
 * Whether junk beats the best grouping by enough to spend it now: in the last
 * round any gain will do; earlier, only a gain worth more than keeping junk
 * for a later round's bad line.
 */
export function junkPays(lineC: readonly number[], round: number): boolean {
  const gain = junkScore(lineC) - quickGrouping(lineC).score;
  return round === ROUNDS ? gain > 0 : gain >= JUNK_MARGIN;
}

/** A junk gain this large comes along rarely enough that waiting for a better one costs more. */
const JUNK_MARGIN = 25;

/** Carries for the best expected line c, scores the best grouping unless junk pays. */
export const wfgtsBot: Bot<WfgtsState, WfgtsAction> = (state, seat, random) => {
  const sheet = state.sheets[seat];
  if (sheet === undefined) throw new Error(`there is no seat ${seat}`);
  if (state.step === 'score') {
    const junk = !junkUsed(sheet) && junkPays(newestLine(sheet), state.round);
    return { type: 'score', choice: junk ? 'junk' : 'best' };
  }
  // In the last round an unspent junk is worth its full sum.
  const junkLeft = state.round === ROUNDS && !junkUsed(sheet);
  const worth = junkLeft
    ? (lineC: readonly number[]) => Math.max(quickGrouping(lineC).score, junkScore(lineC))
    : (lineC: readonly number[]) => quickGrouping(lineC).score;
  const rollsLeft = currentRound(sheet).lines.length === 1 ? 2 : 1;
  return { type: 'carry', dice: bestCarry(newestLine(sheet), rollsLeft, worth, random).columns };
};

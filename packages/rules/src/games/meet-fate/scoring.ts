/**
 * Meet Fate's sheet: 19 boxes in three sections, and what a set of six d8
 * would score in each.
 *
 * Patterns are read as disjoint groups of dice that may share a number, so
 * four 2s are two pairs and six 3s are three pairs, two triples and a full
 * house at once. With that reading every pattern depends only on how many
 * dice show each number, which is what the checks below count.
 */

/** Faces on each die. */
export const FACES = 8;

/** Dice rolled each turn. */
export const DICE_COUNT = 6;

/** Every box on the sheet, in the order the sheet prints them. */
export const BOX_IDS = [
  'ones',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'two-pair',
  'three-pair',
  'three-of-a-kind',
  'four-of-a-kind',
  'chance',
  'small-straight',
  'large-straight',
  'full-house',
  'trips',
  'five-of-a-kind',
  'six-of-a-kind',
] as const;

/** One box of the sheet. */
export type BoxId = (typeof BOX_IDS)[number];

/** A box as the sheet shows it: its name, its section and how it scores. */
export interface BoxInfo {
  id: BoxId;
  name: string;
  /** 1: face totals, 2: sum of all dice if the pattern is there, 3: fixed points. */
  section: 1 | 2 | 3;
  /** Section 3 only: the points the pattern is worth. */
  points?: number;
}

/** The sheet's boxes with their names and sections, in sheet order. */
export const BOXES: readonly BoxInfo[] = [
  { id: 'ones', name: 'Ones', section: 1 },
  { id: 'twos', name: 'Twos', section: 1 },
  { id: 'threes', name: 'Threes', section: 1 },
  { id: 'fours', name: 'Fours', section: 1 },
  { id: 'fives', name: 'Fives', section: 1 },
  { id: 'sixes', name: 'Sixes', section: 1 },
  { id: 'sevens', name: 'Sevens', section: 1 },
  { id: 'eights', name: 'Eights', section: 1 },
  { id: 'two-pair', name: 'Two Pair', section: 2 },
  { id: 'three-pair', name: 'Three Pair', section: 2 },
  { id: 'three-of-a-kind', name: 'Three of a Kind', section: 2 },
  { id: 'four-of-a-kind', name: 'Four of a Kind', section: 2 },
  { id: 'chance', name: 'Chance', section: 2 },
  { id: 'small-straight', name: 'Small Straight', section: 3, points: 30 },
  { id: 'large-straight', name: 'Large Straight', section: 3, points: 45 },
  { id: 'full-house', name: 'Full House', section: 3, points: 25 },
  { id: 'trips', name: 'Trips', section: 3, points: 35 },
  { id: 'five-of-a-kind', name: 'Five of a Kind', section: 3, points: 50 },
  { id: 'six-of-a-kind', name: 'Six of a Kind', section: 3, points: 80 },
];

/** How many dice show each face: index 1..8 (index 0 stays 0). */
export function faceCounts(dice: readonly number[]): number[] {
  const counts = new Array<number>(FACES + 1).fill(0);
  for (const d of dice) counts[d] = (counts[d] ?? 0) + 1;
  return counts;
}

const sum = (dice: readonly number[]): number => dice.reduce((a, b) => a + b, 0);

/** How many disjoint groups of `size` dice of one number can be set apart. */
const groupsOf = (counts: readonly number[], size: number): number =>
  counts.reduce((n, c) => n + Math.floor(c / size), 0);

const mostOfAKind = (counts: readonly number[]): number => Math.max(...counts);

/** The longest run of consecutive numbers shown by at least one die. */
function longestRun(counts: readonly number[]): number {
  let best = 0;
  let run = 0;
  for (let face = 1; face <= FACES; face++) {
    run = (counts[face] ?? 0) > 0 ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/** A triple and a pair that does not reuse the triple's dice (it may share their number). */
function hasFullHouse(counts: readonly number[]): boolean {
  return counts.some((c, face) => {
    if (c < 3) return false;
    const rest = counts.map((other, f) => (f === face ? other - 3 : other));
    return groupsOf(rest, 2) >= 1;
  });
}

/** Whether the dice hold the pattern a section 2 or 3 box asks for. */
function hasPattern(box: BoxId, counts: readonly number[]): boolean {
  switch (box) {
    case 'two-pair':
      return groupsOf(counts, 2) >= 2;
    case 'three-pair':
      return groupsOf(counts, 2) >= 3;
    case 'three-of-a-kind':
      return mostOfAKind(counts) >= 3;
    case 'four-of-a-kind':
      return mostOfAKind(counts) >= 4;
    case 'chance':
      return true;
    case 'small-straight':
      return longestRun(counts) >= 5;
    case 'large-straight':
      return longestRun(counts) >= 6;
    case 'full-house':
      return hasFullHouse(counts);
    case 'trips':
      return groupsOf(counts, 3) >= 2;
    case 'five-of-a-kind':
      return mostOfAKind(counts) >= 5;
    case 'six-of-a-kind':
      return mostOfAKind(counts) >= 6;
    default:
      // Face boxes score by their number alone, never by a pattern.
      return false;
  }
}

/** What `dice` would score in `box`; 0 when the pattern is not there. */
export function scoreBox(box: BoxId, dice: readonly number[]): number {
  const info = BOXES.find((b) => b.id === box);
  if (info === undefined) return 0;
  if (info.section === 1) {
    const face = BOX_IDS.indexOf(box) + 1;
    return dice.filter((d) => d === face).length * face;
  }
  if (!hasPattern(box, faceCounts(dice))) return 0;
  return info.section === 2 ? sum(dice) : (info.points ?? 0);
}

/** What `dice` would score in every box. */
export function scoreAll(dice: readonly number[]): Record<BoxId, number> {
  return Object.fromEntries(BOX_IDS.map((box) => [box, scoreBox(box, dice)])) as Record<BoxId, number>;
}

/** True when every die shows 8: the F8 that wins the game on the spot. */
export function isF8(dice: readonly number[]): boolean {
  return dice.length === DICE_COUNT && dice.every((d) => d === FACES);
}

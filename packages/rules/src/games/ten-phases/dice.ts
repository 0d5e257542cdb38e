/**
 * The ten dice of Ten Phases as data: six high dice (5 to 10) and four low dice
 * (1 to 4 and two wilds), every face with one of four colours.
 *
 * The physical game's face colours are not published, so this table is ours
 * (see docs/games/ten-phases.md); a test checks it against the rule of record.
 */

/** A colour index: 0 red, 1 orange, 2 green, 3 blue. */
export type Colour = 0 | 1 | 2 | 3;

/** Each colour's name and the symbol shown with it, so colour is never the only cue. */
export const COLOURS = [
  { name: 'red', symbol: '●' },
  { name: 'orange', symbol: '▲' },
  { name: 'green', symbol: '■' },
  { name: 'blue', symbol: '◆' },
] as const;

/** One face of a die: its number (null for a wild) and its colour. */
export interface Face {
  value: number | null;
  colour: Colour;
}

/** One die: its label (H0–H5, L0–L3), its kind and its six faces in order. */
export interface DieSpec {
  label: string;
  kind: 'high' | 'low';
  faces: readonly Face[];
}

const W = null;

// Each die lists its faces 0..5 as [number, colour]; a high die Hi shows colour
// (face + i) mod 4, a low die Lj shows colour (face + j) mod 4.
const TABLE: readonly (readonly [string, 'high' | 'low', readonly (readonly [number | null, Colour])[]])[] = [
  ['H0', 'high', [[5, 0], [6, 1], [7, 2], [8, 3], [9, 0], [10, 1]]],
  ['H1', 'high', [[5, 1], [6, 2], [7, 3], [8, 0], [9, 1], [10, 2]]],
  ['H2', 'high', [[5, 2], [6, 3], [7, 0], [8, 1], [9, 2], [10, 3]]],
  ['H3', 'high', [[5, 3], [6, 0], [7, 1], [8, 2], [9, 3], [10, 0]]],
  ['H4', 'high', [[5, 0], [6, 1], [7, 2], [8, 3], [9, 0], [10, 1]]],
  ['H5', 'high', [[5, 1], [6, 2], [7, 3], [8, 0], [9, 1], [10, 2]]],
  ['L0', 'low', [[1, 0], [2, 1], [3, 2], [4, 3], [W, 0], [W, 1]]],
  ['L1', 'low', [[1, 1], [2, 2], [3, 3], [4, 0], [W, 1], [W, 2]]],
  ['L2', 'low', [[1, 2], [2, 3], [3, 0], [4, 1], [W, 2], [W, 3]]],
  ['L3', 'low', [[1, 3], [2, 0], [3, 1], [4, 2], [W, 3], [W, 0]]],
];

/** The ten dice, high dice first (indices 0–5), then low dice (indices 6–9). */
export const DICE: readonly DieSpec[] = TABLE.map(([label, kind, faces]) => ({
  label,
  kind,
  faces: faces.map(([value, colour]) => ({ value, colour })),
}));

/** How many faces each die has: a roll of die d is `dice.roll(FACES)` − 1, the face index. */
export const FACES = 6;

/** Index of the first low die. */
export const FIRST_LOW = 6;

/** The face die `die` shows at face index `face`. */
export function faceOf(die: number, face: number): Face {
  const found = DICE[die]?.faces[face];
  if (found === undefined) throw new RangeError(`die ${die} has no face ${face}`);
  return found;
}

/** The faces shown by a full set of face indices, one per die. */
export function facesOf(faceIndices: readonly number[]): Face[] {
  return faceIndices.map((face, die) => faceOf(die, face));
}

/**
 * Face indices that show the given numbers: six high numbers (5–10), then four
 * low ones (1–4, or 'W' for a die's first wild face). For worked examples and
 * for enumerating rolls by their numbers.
 */
export function faceIndicesFor(high: readonly number[], low: readonly (number | 'W')[]): number[] {
  if (high.length !== FIRST_LOW || low.length !== DICE.length - FIRST_LOW) {
    throw new RangeError('give six high numbers and four low ones');
  }
  const numbers: (number | null)[] = [...high, ...low.map((n) => (n === 'W' ? null : n))];
  return numbers.map((n, die) => {
    const face = DICE[die]?.faces.findIndex((f) => f.value === n) ?? -1;
    if (face < 0) throw new RangeError(`die ${die} cannot show ${n ?? 'W'}`);
    return face;
  });
}

/** How a face is written: its number, or W for a wild. */
export function faceLabel(face: Face): string {
  return face.value === null ? 'W' : String(face.value);
}

/**
 * The faces shown by the numbers rolled for one action: the roll-off at setup
 * (`kept` null) rolls one high die per roll; a roll rolls every die not kept,
 * in die order, each number being its face index + 1.
 */
export function rolledFaces(rolls: readonly number[], kept: readonly number[] | null): string[] {
  if (kept === null) return rolls.map((r) => faceLabel(faceOf(0, r - 1)));
  const rolled = DICE.map((_, die) => die).filter((die) => !kept.includes(die));
  return rolls.map((r, i) => {
    const die = rolled[i];
    if (die === undefined) throw new RangeError(`only ${rolled.length} dice were rolled`);
    return faceLabel(faceOf(die, r - 1));
  });
}

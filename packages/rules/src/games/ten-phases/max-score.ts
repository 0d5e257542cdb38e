/**
 * The highest score a whole game of Ten Phases can reach with these dice.
 *
 * Every phase is made in its own turn from any roll, so the best game makes
 * each phase with its best possible roll and takes both bonuses when it can.
 * The best roll for each phase is found by scoring every distinct roll with
 * the game's own scorer; "distinct" folds together rolls no phase can tell
 * apart, which keeps the search exhaustive yet small:
 *
 * - number phases only see which numbers lie on the table, and dice with the
 *   same numbers on their faces are interchangeable, so each family of such
 *   dice contributes a multiset of numbers (462 for the high dice, 70 for the
 *   low ones, 32,340 rolls in all);
 * - the colour phase, for one colour, only sees each die's face if it has that
 *   colour, so each die either shows one of its faces of that colour or "some
 *   other colour".
 */
import { COLOURS, DICE, faceIndicesFor, FIRST_LOW, facesOf } from './dice.js';
import { PHASES, scorePhase } from './scoring.js';
import { BONUS, FIVE_PHASE_THRESHOLD } from './state.js';

/** The best a phase can score, and one roll (face index per die) that scores it. */
export interface PhaseMaximum {
  phase: number;
  score: number;
  faces: number[];
}

/** The derivation's result: each phase's best, both bonuses, and the total. */
export interface MaxScore {
  phases: PhaseMaximum[];
  /** Sum of the phase maxima. */
  phaseSum: number;
  /** Sum of the Phase 1–5 maxima, which decides the five-phase bonus. */
  firstFiveSum: number;
  fivePhaseBonus: number;
  firstFinishBonus: number;
  total: number;
  /** How many distinct rolls were scored, for the record. */
  rollsScored: number;
}

/** Every multiset of `size` items drawn from `items`, as non-decreasing index choices. */
function* multisets<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i < items.length; i++) {
    const item = items[i] as T;
    for (const rest of multisets(items, size - 1, i)) yield [item, ...rest];
  }
}

/** Every combination of one choice per list. */
function* product<T>(lists: readonly (readonly T[])[]): Generator<T[]> {
  const [first, ...rest] = lists;
  if (first === undefined) {
    yield [];
    return;
  }
  for (const item of first) for (const tail of product(rest)) yield [item, ...tail];
}

/** Distinct numbers a die shows, wild as 'W'. */
function numbersOf(die: number): (number | 'W')[] {
  return [...new Set(DICE[die]?.faces.map((f) => f.value ?? ('W' as const)))];
}

/** One roll per multiset of high numbers and multiset of low numbers. */
function* numberRolls(): Generator<number[]> {
  const highNumbers = numbersOf(0).filter((n): n is number => n !== 'W');
  const lowNumbers = numbersOf(FIRST_LOW);
  for (const high of multisets(highNumbers, FIRST_LOW)) {
    for (const low of multisets(lowNumbers, DICE.length - FIRST_LOW)) yield faceIndicesFor(high, low);
  }
}

/** For one colour: every way each die shows one of its faces of that colour, or a face of another. */
function* colourRolls(colour: number): Generator<number[]> {
  const choices = DICE.map((die) => {
    const faces = die.faces.map((f, i) => ({ f, i }));
    const matching = faces.filter(({ f }) => f.colour === colour).map(({ i }) => i);
    const other = faces.find(({ f }) => f.colour !== colour)?.i;
    return other === undefined ? matching : [...matching, other];
  });
  yield* product(choices);
}

/** Derive the highest possible score of a whole game by exhaustive search over distinct rolls. */
export function deriveMaxScore(): MaxScore {
  const best: PhaseMaximum[] = PHASES.map(({ phase }) => ({ phase, score: -1, faces: [] }));
  let rollsScored = 0;
  const consider = (faceIndices: number[], phases: readonly number[]): void => {
    rollsScored += 1;
    const faces = facesOf(faceIndices);
    for (const phase of phases) {
      const score = scorePhase(phase, faces)?.score ?? -1;
      const current = best[phase - 1];
      if (current !== undefined && score > current.score) best[phase - 1] = { phase, score, faces: faceIndices };
    }
  };
  const numberPhases = PHASES.filter((p) => p.groups.every((g) => g.kind !== 'colour')).map((p) => p.phase);
  const colourPhases = PHASES.filter((p) => p.groups.some((g) => g.kind === 'colour')).map((p) => p.phase);
  for (const faceIndices of numberRolls()) consider(faceIndices, numberPhases);
  for (let colour = 0; colour < COLOURS.length; colour++) {
    for (const faceIndices of colourRolls(colour)) consider(faceIndices, colourPhases);
  }

  const phaseSum = best.reduce((sum, p) => sum + p.score, 0);
  const firstFiveSum = best.slice(0, 5).reduce((sum, p) => sum + p.score, 0);
  const fivePhaseBonus = firstFiveSum > FIVE_PHASE_THRESHOLD ? BONUS : 0;
  const firstFinishBonus = BONUS;
  return {
    phases: best,
    phaseSum,
    firstFiveSum,
    fivePhaseBonus,
    firstFinishBonus,
    total: phaseSum + fivePhaseBonus + firstFinishBonus,
    rollsScored,
  };
}

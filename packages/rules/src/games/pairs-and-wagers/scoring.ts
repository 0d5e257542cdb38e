/** How many dice a roll uses. */
export const DICE_COUNT = 4;

/** Faces on each die. */
export const SIDES = 6;

/** The named patterns a roll of four dice can make, best first. */
export type Pattern = 'quad' | 'trips' | 'two-pair' | 'pair' | 'nothing';

/** Points each pattern is worth. */
export const PATTERN_POINTS: Readonly<Record<Pattern, number>> = {
  quad: 5,
  trips: 3,
  'two-pair': 2,
  pair: 1,
  nothing: 0,
};

/** What a roll of four dice is worth and which of them made it. */
export interface RollScore {
  pattern: Pattern;
  points: number;
  /** Indices of the dice that make the pattern, ascending; empty when nothing scores. */
  scoring: number[];
}

/** The parity a Bet to Odd calls. */
export type Call = 'odd' | 'even';

/** Score four dice together, naming the dice that score. */
export function scoreRoll(dice: readonly number[]): RollScore {
  const counts = Array.from({ length: SIDES + 1 }, () => 0);
  for (const d of dice) counts[d] = (counts[d] ?? 0) + 1;
  const facesWith = (n: number): number[] => counts.flatMap((c, face) => (c === n ? [face] : []));
  const indicesOf = (faces: readonly number[]): number[] =>
    dice.flatMap((d, i) => (faces.includes(d) ? [i] : []));

  const quad = facesWith(4);
  if (quad.length > 0) return { pattern: 'quad', points: PATTERN_POINTS.quad, scoring: indicesOf(quad) };
  const trips = facesWith(3);
  if (trips.length > 0) return { pattern: 'trips', points: PATTERN_POINTS.trips, scoring: indicesOf(trips) };
  const pairs = facesWith(2);
  if (pairs.length === 2) return { pattern: 'two-pair', points: PATTERN_POINTS['two-pair'], scoring: indicesOf(pairs) };
  if (pairs.length === 1) return { pattern: 'pair', points: PATTERN_POINTS.pair, scoring: indicesOf(pairs) };
  return { pattern: 'nothing', points: 0, scoring: [] };
}

/** Indices of the dice a Bet to Better would reroll: those that do not score. */
export function nonScoringDice(score: RollScore): number[] {
  return Array.from({ length: DICE_COUNT }, (_, i) => i).filter((i) => !score.scoring.includes(i));
}

/** True when the roll scores and every scoring die shows the called parity. */
export function matchesCall(dice: readonly number[], score: RollScore, call: Call): boolean {
  const wanted = call === 'odd' ? 1 : 0;
  return score.scoring.length > 0 && score.scoring.every((i) => (dice[i] ?? 0) % 2 === wanted);
}

/** A chance counted exactly: `ways` equally likely outcomes out of `of`. */
export interface Chance {
  ways: number;
  of: number;
}

/** Every way the dice at `reroll` can land, the others staying as they are. */
function outcomes(dice: readonly number[], reroll: readonly number[]): number[][] {
  let all: number[][] = [[...dice]];
  for (const i of reroll) {
    all = all.flatMap((d) =>
      Array.from({ length: SIDES }, (_, f) => {
        const next = [...d];
        next[i] = f + 1;
        return next;
      }),
    );
  }
  return all;
}

function count(all: readonly number[][], wins: (dice: number[]) => boolean): Chance {
  return { ways: all.filter(wins).length, of: all.length };
}

const FRESH_ROLLS = outcomes([1, 1, 1, 1], [0, 1, 2, 3]);
// Fixed numbers, counted once rather than on every view.
const SCORE_CHANCE = count(FRESH_ROLLS, (d) => scoreRoll(d).points > 0);
const MATCH_CHANCE: Readonly<Record<Call, Chance>> = {
  odd: count(FRESH_ROLLS, (d) => matchesCall(d, scoreRoll(d), 'odd')),
  even: count(FRESH_ROLLS, (d) => matchesCall(d, scoreRoll(d), 'even')),
};

/** The chance a fresh roll of all four dice scores something (Bet to Get's reroll). */
export function chanceToScore(): Chance {
  return { ...SCORE_CHANCE };
}

/** The chance a fresh roll scores with every scoring die of the called parity. */
export function chanceToMatch(call: Call): Chance {
  return { ...MATCH_CHANCE[call] };
}

/** The chance that rerolling the non-scoring dice raises the roll's points (Bet to Better). */
export function chanceToBetter(dice: readonly number[], score: RollScore): Chance {
  return count(outcomes(dice, nonScoringDice(score)), (d) => scoreRoll(d).points > score.points);
}

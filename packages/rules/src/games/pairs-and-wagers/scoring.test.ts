import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chanceToBetter,
  chanceToMatch,
  chanceToScore,
  matchesCall,
  nonScoringDice,
  PATTERN_POINTS,
  scoreRoll,
  type Pattern,
} from './scoring.js';

const scoringSize: Record<Pattern, number> = { quad: 4, trips: 3, 'two-pair': 4, pair: 2, nothing: 0 };

describe('scoring a roll of four dice', () => {
  it('scores 3 3 5 1 as a Pair worth 1, made by the two odd 3s', () => {
    const dice = [3, 3, 5, 1];
    const score = scoreRoll(dice);
    expect(score).toEqual({ pattern: 'pair', points: 1, scoring: [0, 1] });
    expect(matchesCall(dice, score, 'odd')).toBe(true);
    expect(matchesCall(dice, score, 'even')).toBe(false);
  });

  it('scores 2 2 5 5 as Two Pair worth 2, which neither call matches', () => {
    const dice = [2, 2, 5, 5];
    const score = scoreRoll(dice);
    expect(score).toEqual({ pattern: 'two-pair', points: 2, scoring: [0, 1, 2, 3] });
    expect(matchesCall(dice, score, 'even')).toBe(false);
    expect(matchesCall(dice, score, 'odd')).toBe(false);
  });

  it('scores 4 4 4 6 as Trips worth 3 and leaves the 6 to reroll', () => {
    const score = scoreRoll([4, 4, 4, 6]);
    expect(score).toEqual({ pattern: 'trips', points: 3, scoring: [0, 1, 2] });
    expect(nonScoringDice(score)).toEqual([3]);
    expect(scoreRoll([4, 4, 4, 4])).toEqual({ pattern: 'quad', points: 5, scoring: [0, 1, 2, 3] });
  });

  it('scores 6 6 6 6 as a Quad worth 5 with no die left to reroll', () => {
    const score = scoreRoll([6, 6, 6, 6]);
    expect(score.points).toBe(5);
    expect(nonScoringDice(score)).toEqual([]);
  });

  it('finds the scoring dice wherever they lie', () => {
    expect(scoreRoll([5, 2, 6, 2])).toEqual({ pattern: 'pair', points: 1, scoring: [1, 3] });
    expect(scoreRoll([1, 3, 1, 1])).toEqual({ pattern: 'trips', points: 3, scoring: [0, 2, 3] });
  });

  it('scores four different numbers as nothing, with no scoring dice', () => {
    const dice = [1, 2, 3, 4];
    const score = scoreRoll(dice);
    expect(score).toEqual({ pattern: 'nothing', points: 0, scoring: [] });
    expect(matchesCall(dice, score, 'odd')).toBe(false);
    expect(matchesCall(dice, score, 'even')).toBe(false);
  });

  it('names as many scoring dice as the pattern needs, whatever their order', () => {
    const die = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.tuple(die, die, die, die), (dice) => {
        const score = scoreRoll(dice);
        const reversed = scoreRoll([...dice].reverse());
        expect(score.points).toBe(PATTERN_POINTS[score.pattern]);
        expect(score.scoring).toHaveLength(scoringSize[score.pattern]);
        expect(reversed.pattern).toBe(score.pattern);
        // Every scoring die shares its number with another scoring die.
        for (const i of score.scoring) {
          expect(score.scoring.filter((j) => dice[j] === dice[i]).length).toBeGreaterThanOrEqual(2);
        }
      }),
    );
  });
});

describe('the chances the wagers show', () => {
  it('counts 936 of 1296 fresh rolls as scoring', () => {
    // Only four different numbers miss: 6 × 5 × 4 × 3 = 360 ways.
    expect(chanceToScore()).toEqual({ ways: 936, of: 1296 });
  });

  it('gives either call 441 of 1296 chances to match', () => {
    // Odd: Quads 3 + Trips 3 × 5 × 4 + Two Pairs 3 × 6 + Pairs 3 × 20 × 6 = 441.
    expect(chanceToMatch('odd')).toEqual({ ways: 441, of: 1296 });
    expect(chanceToMatch('even')).toEqual({ ways: 441, of: 1296 });
  });

  it('gives Trips a 1 in 6 chance to better into a Quad', () => {
    const dice = [4, 4, 4, 6];
    expect(chanceToBetter(dice, scoreRoll(dice))).toEqual({ ways: 1, of: 6 });
  });

  it('gives a Pair 16 in 36 chances to better', () => {
    // It stays a Pair when the two new dice differ from the pair and each other: 5 × 4 ways.
    const dice = [3, 3, 5, 1];
    expect(chanceToBetter(dice, scoreRoll(dice))).toEqual({ ways: 16, of: 36 });
  });
});

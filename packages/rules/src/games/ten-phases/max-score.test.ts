import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { scriptedDice } from '../../core/dice.js';
import { DICE, facesOf, FIRST_LOW } from './dice.js';
import { tenPhases } from './index.js';
import { deriveMaxScore, type MaxScore } from './max-score.js';
import { PHASES, scorePhase } from './scoring.js';

// ── An independent bound, by reasoning about slots rather than searching rolls.
//
// Fix each group's number (set) or start (run): the phase then has slots, each
// wanting one number. A high die can fill a slot of 5–10 with its number; a low
// die can fill a slot of 1–4 with its number, or any slot with a wild (0). So
// the best filling puts the six high dice on the six highest slots of 5 or
// more, low dice on everything else, and needs no more than four of those.

function slotBound(phase: number): number {
  const groups = PHASES[phase - 1]!.groups;
  let best = -1;
  const visit = (g: number, slots: number[]): void => {
    const group = groups[g];
    if (group === undefined) {
      const high = slots.filter((n) => n >= 5).sort((a, b) => b - a);
      const onHighDice = high.slice(0, 6);
      const onLowDice = slots.length - onHighDice.length;
      if (onLowDice > 4) return;
      const lowScore = slots.filter((n) => n <= 4).reduce((a, b) => a + b, 0);
      best = Math.max(best, onHighDice.reduce((a, b) => a + b, 0) + lowScore);
      return;
    }
    const last = group.kind === 'run' ? 11 - group.size : 10;
    for (let t = 1; t <= last; t++) {
      const own = Array.from({ length: group.size }, (_, k) => (group.kind === 'run' ? t + k : t));
      visit(g + 1, [...slots, ...own]);
    }
  };
  visit(0, []);
  return best;
}

// Seven dice of one colour: each die's best number in that colour, the seven best.
function colourBound(): number {
  return Math.max(
    ...[0, 1, 2, 3].map((colour) =>
      DICE.map((die) => Math.max(...die.faces.filter((f) => f.colour === colour).map((f) => f.value ?? 0)))
        .sort((a, b) => b - a)
        .slice(0, 7)
        .reduce((a, b) => a + b, 0),
    ),
  );
}

describe('the highest possible score of a whole game', () => {
  let max: MaxScore;
  beforeAll(() => {
    max = deriveMaxScore();
  });

  it('agrees phase by phase with an independent bound from slots and colours', () => {
    for (const { phase, groups } of PHASES) {
      const bound = groups[0]!.kind === 'colour' ? colourBound() : slotBound(phase);
      expect(max.phases[phase - 1]!.score, `phase ${phase}`).toBe(bound);
    }
  });

  it('is reached by the roll it names for each phase', () => {
    for (const { phase, score, faces } of max.phases) {
      expect(scorePhase(phase, facesOf(faces))?.score).toBe(score);
    }
  });

  it('is never beaten by a random roll', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 10, maxLength: 10 }), (faces) => {
        for (const { phase, score } of max.phases) {
          expect(scorePhase(phase, facesOf(faces))?.score ?? 0).toBeLessThanOrEqual(score);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds both bonuses, since the best first five phases are over 220', () => {
    expect(max.firstFiveSum).toBe(max.phases.slice(0, 5).reduce((sum, p) => sum + p.score, 0));
    expect(max.firstFiveSum).toBeGreaterThan(220);
    expect(max.fivePhaseBonus).toBe(40);
    expect(max.firstFinishBonus).toBe(40);
    expect(max.total).toBe(max.phaseSum + 80);
  });

  it('is what a solitaire game scores when every phase is made at once with its best roll', () => {
    const dice = scriptedDice(max.phases.flatMap((p) => p.faces.map((f) => f + 1)));
    let state = tenPhases.setup({ seats: 1, options: {}, dice });
    for (let i = 0; i < PHASES.length * 2; i++) {
      const result = applyAction(tenPhases, state, 0, i % 2 === 0 ? { type: 'roll', keep: [] } : { type: 'stop' }, {
        dice,
      });
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
    }
    expect(tenPhases.outcome(state)?.standings).toEqual([{ seat: 0, score: max.total, place: 1 }]);
  });

  it('searched every distinct roll: number multisets of the high and low dice, and colour choices', () => {
    // Multisets of k items from n kinds: C(n + k − 1, k). Six high dice from
    // 5–10 give 462, four low dice from {1, 2, 3, 4, W} give 70.
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);
    const multisets = (kinds: number, k: number) => choose(kinds + k - 1, k);
    const numberRolls = multisets(6, FIRST_LOW) * multisets(5, DICE.length - FIRST_LOW);
    expect(numberRolls).toBe(462 * 70);
    const colourRolls = [0, 1, 2, 3]
      .map((colour) =>
        DICE.map((die) => die.faces.filter((f) => f.colour === colour).length + 1).reduce((a, b) => a * b, 1),
      )
      .reduce((a, b) => a + b, 0);
    expect(max.rollsScored).toBe(numberRolls + colourRolls);
  });
});

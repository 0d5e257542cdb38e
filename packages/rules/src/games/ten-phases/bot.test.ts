import { describe, expect, it } from 'vitest';
import { noDice } from '../../core/dice.js';
import { bestPhaseKeep, tenPhasesBot } from './bot.js';
import { faceIndicesFor, facesOf } from './dice.js';
import { tenPhases } from './index.js';
import type { TenPhasesState } from './state.js';

/** A seeded source for the bot's samples (Park–Miller). */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** One seat on `phase` with these dice on the table after `rolls` rolls. */
function showing(phase: number, high: number[], low: (number | 'W')[], rolls = 1): TenPhasesState {
  const state = tenPhases.setup({ seats: 1, options: {}, dice: noDice });
  const sheets = state.sheets.map((s) => ({ ...s, phase }));
  return { ...state, sheets, turn: { seat: 0, rolls, faces: faceIndicesFor(high, low), kept: [] } };
}

describe('the Ten Phases bot', () => {
  it('keeps the dice that make the phase and rolls the rest for a better score', () => {
    // Phase 1 made by 8-8-8 and 10-W-W; the other dice are free to roll again.
    const state = showing(1, [8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);
    expect(tenPhasesBot(state, 0, lcg(1))).toEqual({ type: 'roll', keep: [0, 1, 2, 3, 6, 7] });
  });

  it('keeps a run of seven in the making and gives a fair chance to finish it', () => {
    // 5 6 7 8 9 on high dice and 3 on a low die: a run of 7 from 3 or 4 lacks one number.
    const faces = facesOf(faceIndicesFor([5, 6, 7, 8, 9, 9], [3, 1, 1, 1]));
    const keep = bestPhaseKeep(4, faces, 2, lcg(2));
    expect(keep.keep).toEqual(expect.arrayContaining([0, 1, 2, 3, 4]));
    expect(keep.chance).toBeGreaterThan(0.3);
    expect(keep.chance).toBeLessThan(1);
  });

  it('stops when every die is needed and none can be rolled', () => {
    // Phase 6 (run of 9) made with one spare die: roll it; a full table has nothing to roll.
    const state = showing(6, [5, 6, 7, 8, 9, 10], [1, 2, 3, 4], 2);
    const action = tenPhasesBot(state, 0, lcg(3));
    expect(action.type).toBe('roll');
    if (action.type === 'roll') expect(action.keep).toHaveLength(9);
  });
});

import { describe, expect, it } from 'vitest';
import { applyAction } from '../../core/define-game.js';
import { scriptedDice } from '../../core/dice.js';
import { meetFateAdvice, meetFateBot, optimalValue } from './bot.js';
import { meetFate } from './index.js';
import { FULL_SHEET, solveTurn } from './solitaire.js';
import type { MeetFateState } from './state.js';

/** The table stores whole 1/128ths of a point, so an entry is off by at most half of one. */
const STORED = 1 / 256;

/** Exact values of every sheet at least as full as `mask`, recomputed from nothing. */
function recompute(mask: number, memo = new Map<number, number>()): number {
  if (mask === FULL_SHEET) return 0;
  const known = memo.get(mask);
  if (known !== undefined) return known;
  const value = solveTurn(mask, (next) => recompute(next, memo)).value;
  memo.set(mask, value);
  return value;
}

/** A sheet with only these boxes open (by sheet position). */
const openOnly = (...boxes: number[]): number => boxes.reduce((mask, b) => mask & ~(1 << b), FULL_SHEET);

describe('the optimal Meet Fate table', () => {
  it('matches a recomputation from scratch on sheets with one to three boxes open', () => {
    const sheets = [
      openOnly(0),
      openOnly(18),
      openOnly(7, 12),
      openOnly(13, 14),
      openOnly(15, 16, 17),
      openOnly(0, 9, 18),
      openOnly(3, 8, 11),
    ];
    for (const mask of sheets) expect(Math.abs(optimalValue(mask) - recompute(mask))).toBeLessThanOrEqual(STORED);
  });

  it('agrees with one more turn solved on top of itself, from the empty sheet to nearly full ones', () => {
    // Spread over every fill level: bit patterns from a fixed multiplier.
    const sheets = [0, ...Array.from({ length: 24 }, (_, i) => Math.imul(i + 1, 0x9e3779b1) >>> 13 & (FULL_SHEET - 1))];
    for (const mask of sheets) {
      const again = solveTurn(mask, optimalValue).value;
      // Each successor is off by at most STORED, and so is the entry itself.
      expect(Math.abs(optimalValue(mask) - again)).toBeLessThanOrEqual(2 * STORED);
    }
  });

  it('puts the optimal expected score from an empty sheet at 412.42', () => {
    expect(optimalValue(0)).toBeCloseTo(412.42, 2);
  });
});

describe('the Meet Fate bot', () => {
  const twoSeats = (): MeetFateState => meetFate.setup({ seats: 2, options: { firstSeat: 0 }, dice: scriptedDice([]) });
  const rolled = (dice: number[], rolls = 1): MeetFateState => {
    const state = twoSeats();
    return { ...state, turn: { seat: 0, rolls, dice, held: [] } };
  };

  it('rolls the sixth die for an F8 when five 8s are showing and a roll is left', () => {
    expect(meetFateBot(rolled([8, 8, 3, 8, 8, 8]), 0, () => 0)).toEqual({ type: 'roll', hold: [0, 1, 3, 4, 5] });
    expect(meetFateBot(rolled([8, 8, 3, 8, 8, 8], 2), 0, () => 0)).toEqual({ type: 'roll', hold: [0, 1, 3, 4, 5] });
  });

  it('keeps a six of a kind and fills it rather than rolling again', () => {
    expect(meetFateBot(rolled([5, 5, 5, 5, 5, 5]), 0, () => 0)).toEqual({ type: 'fill', box: 'six-of-a-kind' });
  });

  it('keeps three 8s from a poor first roll and rolls the rest', () => {
    const advice = meetFateAdvice(rolled([8, 1, 8, 2, 8, 4]));
    expect(advice).toEqual({ kind: 'roll', hold: [0, 2, 4] });
  });

  it('fills a box after the third roll, and the game accepts it', () => {
    const state = rolled([1, 2, 3, 4, 5, 6], 3);
    const action = meetFateBot(state, 0, () => 0);
    expect(action.type).toBe('fill');
    expect(applyAction(meetFate, state, 0, action, { dice: scriptedDice([]) }).ok).toBe(true);
  });
});

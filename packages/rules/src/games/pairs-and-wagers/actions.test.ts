import { describe, expect, it } from 'vitest';
import { pairsAction, pairsOptions } from './actions.js';

describe('options', () => {
  it('default to the short game without Bet to Mid', () => {
    expect(pairsOptions.parse({})).toEqual({ goal: 10, betToMid: false });
  });

  it('allow Bet to Mid in the long game', () => {
    expect(pairsOptions.parse({ goal: 20, betToMid: true })).toEqual({ goal: 20, betToMid: true });
  });

  it('refuse Bet to Mid in the short game', () => {
    expect(pairsOptions.safeParse({ betToMid: true }).success).toBe(false);
    expect(pairsOptions.safeParse({ goal: 10, betToMid: true }).success).toBe(false);
  });

  it('refuse a goal other than 10 or 20', () => {
    expect(pairsOptions.safeParse({ goal: 15 }).success).toBe(false);
    expect(pairsOptions.safeParse({ goal: '20' }).success).toBe(false);
  });
});

describe('actions', () => {
  it.each([
    { type: 'mid-opt-in', join: true },
    { type: 'bet-odd', call: 'odd' },
    { type: 'bet-odd', call: 'even' },
    { type: 'roll' },
    { type: 'bet-get' },
    { type: 'bet-better' },
    { type: 'end-turn' },
  ])('accept $type', (action) => {
    expect(pairsAction.parse(action)).toEqual(action);
  });

  it.each([
    { type: 'bet-odd', call: 'high' },
    { type: 'bet-odd' },
    { type: 'mid-opt-in' },
    { type: 'roll', dice: [6, 6, 6, 6] },
    { type: 'bet-to-mid' },
    'roll',
  ])('refuse %j', (payload) => {
    expect(pairsAction.safeParse(payload).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { tenPhasesAction, tenPhasesOptions } from './actions.js';

describe('action payloads', () => {
  it('accept a roll with the dice to keep, and a stop', () => {
    expect(tenPhasesAction.parse({ type: 'roll', keep: [] })).toEqual({ type: 'roll', keep: [] });
    expect(tenPhasesAction.parse({ type: 'roll', keep: [0, 9] })).toEqual({ type: 'roll', keep: [0, 9] });
    expect(tenPhasesAction.parse({ type: 'stop' })).toEqual({ type: 'stop' });
  });

  it('leave range and repeats to the rules, so the refusal can say which', () => {
    expect(tenPhasesAction.safeParse({ type: 'roll', keep: [12, 12] }).success).toBe(true);
  });

  it('refuse a roll without keep, fractional dice, more dice than there are, and unknown types', () => {
    for (const payload of [
      { type: 'roll' },
      { type: 'roll', keep: [0.5] },
      { type: 'roll', keep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0] },
      { type: 'score' },
      {},
    ]) {
      expect(tenPhasesAction.safeParse(payload).success).toBe(false);
    }
  });

  it('drop fields that are not part of the action', () => {
    expect(tenPhasesAction.parse({ type: 'stop', keep: [1] })).toEqual({ type: 'stop' });
  });
});

describe('options', () => {
  it('are empty, and parsing nothing gives them', () => {
    expect(tenPhasesOptions.parse({})).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { MeetFateAction, MeetFateOptions } from './actions.js';

describe('Meet Fate actions', () => {
  it('accept a roll with the positions to keep and a fill naming a box', () => {
    expect(MeetFateAction.parse({ type: 'roll', hold: [0, 5] })).toEqual({ type: 'roll', hold: [0, 5] });
    expect(MeetFateAction.parse({ type: 'fill', box: 'full-house' })).toEqual({ type: 'fill', box: 'full-house' });
  });

  it('leave position checks to the game so they get their own error codes', () => {
    expect(MeetFateAction.safeParse({ type: 'roll', hold: [9, 9] }).success).toBe(true);
  });

  it('refuse unknown boxes, fractional positions, a missing hold and more than six positions', () => {
    for (const payload of [
      { type: 'fill', box: 'yacht' },
      { type: 'roll', hold: [1.5] },
      { type: 'roll' },
      { type: 'roll', hold: [0, 1, 2, 3, 4, 5, 0] },
      { type: 'score', box: 'chance' },
    ]) {
      expect(MeetFateAction.safeParse(payload).success).toBe(false);
    }
  });
});

describe('Meet Fate options', () => {
  it('default to the first seat playing first', () => {
    expect(MeetFateOptions.parse({})).toEqual({ firstSeat: 0 });
  });

  it('refuse a seat that cannot exist', () => {
    expect(MeetFateOptions.safeParse({ firstSeat: -1 }).success).toBe(false);
    expect(MeetFateOptions.safeParse({ firstSeat: 1.5 }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { wfgtsAction, wfgtsOptions } from './actions.js';

describe('options', () => {
  it('parse an empty object to no options and drop unknown keys', () => {
    expect(wfgtsOptions.parse({})).toEqual({});
    expect(wfgtsOptions.parse({ rounds: 3 })).toEqual({});
  });

  it('refuse something that is not an object', () => {
    expect(wfgtsOptions.safeParse('fast').success).toBe(false);
  });
});

describe('actions', () => {
  it('accept a carry of zero to seven column indices', () => {
    expect(wfgtsAction.parse({ type: 'carry', dice: [] })).toEqual({ type: 'carry', dice: [] });
    expect(wfgtsAction.parse({ type: 'carry', dice: [6, 5, 4, 3, 2, 1, 0] }).type).toBe('carry');
  });

  it('leave range and repeats to the rules, which name the mistake', () => {
    expect(wfgtsAction.safeParse({ type: 'carry', dice: [9, 9] }).success).toBe(true);
  });

  it('accept both ways to score', () => {
    expect(wfgtsAction.parse({ type: 'score', choice: 'best' })).toEqual({ type: 'score', choice: 'best' });
    expect(wfgtsAction.parse({ type: 'score', choice: 'junk' })).toEqual({ type: 'score', choice: 'junk' });
  });

  it.each([
    ['no type', { dice: [] }],
    ['an unknown type', { type: 'reroll', dice: [] }],
    ['dice that are not a list', { type: 'carry', dice: 3 }],
    ['a fractional index', { type: 'carry', dice: [0.5] }],
    ['a string index', { type: 'carry', dice: ['1'] }],
    ['eight indices', { type: 'carry', dice: [0, 1, 2, 3, 4, 5, 6, 6] }],
    ['a score without a choice', { type: 'score' }],
    ['an unknown score choice', { type: 'score', choice: 'sets' }],
  ])('refuse %s', (_, payload) => {
    expect(wfgtsAction.safeParse(payload).success).toBe(false);
  });
});

import { ruleError, ruleErrors } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { errorOnTheWire, isErrorCode, roomError, roomErrors, type ErrorCode } from './errors.js';

describe('error codes', () => {
  it('every room code sits in the room namespace, and every rule code in the rules one', () => {
    for (const code of Object.keys(roomErrors)) expect(code).toMatch(/^room\/[a-z-]+$/);
    for (const code of Object.keys(ruleErrors)) expect(code).toMatch(/^rule\/[a-z0-9-]+$/);
  });

  it('room and rule codes never collide, and each is known as a code', () => {
    const rule = Object.keys(ruleErrors);
    expect(Object.keys(roomErrors).filter((c) => rule.includes(c))).toEqual([]);
    for (const code of [...Object.keys(roomErrors), ...rule] as ErrorCode[]) expect(isErrorCode(code)).toBe(true);
    expect(roomError('room/stale-version')).toEqual({ code: 'room/stale-version' });
  });

  it('sends a refusal as its code and wait only, and knows which codes it can word', () => {
    expect(errorOnTheWire({ ...ruleError('rule/wrong-step') })).toEqual({ code: 'rule/wrong-step' });
    expect(errorOnTheWire(roomError('room/guessing-slowed', 4000))).toEqual({ code: 'room/guessing-slowed', retryAfterSeconds: 4 });
    expect(isErrorCode('room/not-found')).toBe(true);
    expect(isErrorCode('rule/wrong-step')).toBe(true);
    expect(isErrorCode('room/from-a-newer-server')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('says how long a refusal that lifts by itself lasts, in whole seconds rounded up', () => {
    expect(roomError('room/guessing-slowed', 2000).retryAfterSeconds).toBe(2);
    expect(roomError('room/too-many-guesses', 2001).retryAfterSeconds).toBe(3);
    expect(roomError('room/too-many-guesses', 1).retryAfterSeconds).toBe(1);
    expect('retryAfterSeconds' in roomError('room/not-found')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown.js';

describe('the turn timer countdown', () => {
  it('rounds up, so a second is shown until it has fully passed', () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(70_000, 5_000)).toBe(65);
  });

  it('never counts below zero once the deadline has passed', () => {
    expect(secondsLeft(1_000, 50_000)).toBe(0);
  });

  it('reads as minutes and two-digit seconds', () => {
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

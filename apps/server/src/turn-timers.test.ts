import { describe, expect, it } from 'vitest';
import { ManualClock } from '../test/manual-clock.js';
import { TurnTimers } from './turn-timers.js';

describe('turn timers', () => {
  it('fire once at the deadline, follow a moved deadline, and stop for good on shutdown', () => {
    const clock = new ManualClock(0);
    const fired: [string, number][] = [];
    const timers = new TurnTimers(clock, (code, deadline) => fired.push([code, deadline]));
    timers.set('ABCD', 1_000);
    timers.set('ABCD', 1_000);
    timers.set('WXYZ', 500);
    timers.set('WXYZ', 2_000);
    clock.advance(1_000);
    expect(fired).toEqual([['ABCD', 1_000]]);
    timers.set('ABCD', null);
    timers.stop();
    timers.set('QRST', 1_500);
    clock.advance(5_000);
    expect(fired).toEqual([['ABCD', 1_000]]);
  });

  it('fire at once for a deadline that passed while the server was down', () => {
    const clock = new ManualClock(10_000);
    const fired: number[] = [];
    new TurnTimers(clock, (_code, deadline) => fired.push(deadline)).set('ABCD', 4_000);
    clock.advance(0);
    expect(fired).toEqual([4_000]);
  });

  it('fire at once when set again after the clock jumped past a deadline its timer has not reached', () => {
    // A clock whose time can jump while the timers it scheduled keep their real delays.
    let time = 0;
    const scheduled: { ms: number; fn: () => void; cancelled: boolean }[] = [];
    const clock = {
      now: () => time,
      schedule(ms: number, fn: () => void) {
        const entry = { ms, fn, cancelled: false };
        scheduled.push(entry);
        return { cancel: () => void (entry.cancelled = true) };
      },
    };
    const fired: number[] = [];
    const timers = new TurnTimers(clock, (_code, deadline) => fired.push(deadline));
    timers.set('ABCD', 30_000);
    timers.set('ABCD', 30_000);
    expect(scheduled).toHaveLength(1);
    time = 40_000;
    timers.set('ABCD', 30_000);
    expect(scheduled.map((s) => [s.ms, s.cancelled])).toEqual([
      [30_000, true],
      [-10_000, false],
    ]);
    scheduled[1]?.fn();
    expect(fired).toEqual([30_000]);
  });
});

import { describe, expect, it } from 'vitest';
import { AudienceRefresh } from './audience-refresh.js';
import { ManualClock } from '../test/manual-clock.js';

describe('audience refresh', () => {
  it('sends one view per room for any number of changes in an interval', () => {
    const clock = new ManualClock();
    const sent: string[] = [];
    const refresh = new AudienceRefresh(clock, 50, () => 10, (code) => sent.push(code));
    for (let i = 0; i < 500; i++) refresh.changed('ABCD');
    refresh.changed('WXYZ');
    clock.advance(49);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent.sort()).toEqual(['ABCD', 'WXYZ']);
    refresh.changed('ABCD');
    clock.advance(50);
    expect(sent).toHaveLength(3);
  });

  it('waits longer between views as the audience grows', () => {
    const clock = new ManualClock();
    const sent: string[] = [];
    const refresh = new AudienceRefresh(clock, 50, () => 1000, (code) => sent.push(code));
    refresh.changed('ABCD');
    clock.advance(1999);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toEqual(['ABCD']);
  });

  it('sends nothing once stopped', () => {
    const clock = new ManualClock();
    const sent: string[] = [];
    const refresh = new AudienceRefresh(clock, 50, () => 1, (code) => sent.push(code));
    refresh.changed('ABCD');
    refresh.stop();
    refresh.changed('ABCD');
    clock.advance(1000);
    expect(sent).toEqual([]);
  });
});

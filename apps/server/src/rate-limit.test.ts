import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limit.js';

describe('the token bucket', () => {
  it('lets a burst through, then refuses until time refills it', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 250;
    expect(bucket.take()).toBe(false);
    now = 500;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never saves up more than one burst', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 2, perSecond: 10 }, () => now);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });
});

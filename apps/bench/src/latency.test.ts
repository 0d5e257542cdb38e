import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './latency.js';

describe('latency percentiles', () => {
  it('pick the nearest rank, never a value between two samples', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 99)).toBe(30);
  });

  it('let one slow action out of a hundred set the p99 only when it is above the 99th rank', () => {
    const fast = Array.from({ length: 99 }, () => 5);
    expect(summarise([...fast, 900]).p99).toBe(5);
    expect(summarise([...fast, 900, 900]).p99).toBe(900);
  });

  it('sort numerically whatever order the samples came in, without touching them', () => {
    const samples = [100, 9, 25, 3];
    const summary = summarise(samples);
    expect(summary).toMatchObject({ count: 4, p50: 9, max: 100, mean: 34.25 });
    expect(samples).toEqual([100, 9, 25, 3]);
  });

  it('report no figure rather than zero when nothing was measured', () => {
    const empty = summarise([]);
    expect(empty.count).toBe(0);
    expect(Number.isNaN(empty.p99)).toBe(true);
    expect(Number.isNaN(empty.max)).toBe(true);
  });
});

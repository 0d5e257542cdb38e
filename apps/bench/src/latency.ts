/** Latency figures of one run, in milliseconds; NaN when there was no sample. */
export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The nearest-rank percentile of ascending samples: the smallest sample that
 * at least `p` percent of all samples are at or below. Never interpolated, so
 * a reported p99 is a latency some action really had.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] ?? Number.NaN;
  const rank = Math.min(sorted.length, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** p50 / p95 / p99 / max / mean of a set of samples (the input is left as it was). */
export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  const total = list.reduce((sum, x) => sum + x, 0);
  return {
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length === 0 ? Number.NaN : (list.at(-1) ?? Number.NaN),
    mean: list.length === 0 ? Number.NaN : total / list.length,
  };
}

import { describe, expect, it } from 'vitest';
import { densityFor } from './tv-screen.js';
import { fittingScale } from './FitBox.svelte';

describe('a board for the table size', () => {
  it('shows whole sheets to four players, trims them to eight and sums up a bigger table', () => {
    expect([1, 4, 5, 8, 9, 12].map(densityFor)).toEqual(['roomy', 'roomy', 'snug', 'snug', 'packed', 'packed']);
  });
});

describe('fitting a board to the screen', () => {
  // Content of a fixed area that reflows: twice as wide is half as tall.
  const area = (a: number) => (width: number) => ({ width, height: a / width });

  it('keeps content that fits at full size', () => {
    expect(fittingScale(1000, 600, area(500_000))).toBe(1);
  });

  it('scales taller content down until it fits, laid out wider', () => {
    const scale = fittingScale(1000, 600, area(1_000_000));
    // Laid out 1000/s wide it is 1000·s tall; scaled by s it is 1000·s² ≤ 600.
    expect(1000 * scale * scale).toBeLessThanOrEqual(600);
    expect(scale).toBeGreaterThan(0.76);
  });

  it('stops at its floor', () => {
    expect(fittingScale(1000, 100, (width) => ({ width, height: 5000 }), 0.6)).toBe(0.6);
  });

  it('scales down content that cannot be laid out as narrow as the screen', () => {
    // A table 1500 wide at least, and short.
    const scale = fittingScale(1000, 600, (width) => ({ width: Math.max(width, 1500), height: 300 }));
    expect(scale).toBeLessThanOrEqual(1000 / 1500);
    expect(scale).toBeGreaterThan(0.6);
  });
});

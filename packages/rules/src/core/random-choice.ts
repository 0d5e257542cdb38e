/** One of the items, each equally likely; undefined for none. */
export const pick = <T>(random: () => number, items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

/** A random subset of 0..count-1, never all of them (something must be rolled). */
export function someOf(random: () => number, count: number): number[] {
  for (;;) {
    const chosen = Array.from({ length: count }, (_, i) => i).filter(() => random() < 0.5);
    if (chosen.length < count) return chosen;
  }
}

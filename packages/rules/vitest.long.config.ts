import { defineConfig } from 'vitest/config';

// The statistical runs of the bots (`*.long.test.ts`): thousands of positions
// each, minutes of CPU. `pnpm test:long` runs them; CI runs it after `pnpm test`.
export default defineConfig({
  test: {
    name: 'rules-long',
    include: ['src/**/*.long.test.ts'],
    testTimeout: 300_000,
  },
});

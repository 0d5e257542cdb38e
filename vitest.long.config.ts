import { defineConfig } from 'vitest/config';

// The long statistical runs, kept out of the everyday `pnpm test`: `pnpm test:long`.
export default defineConfig({
  test: {
    projects: ['packages/rules/vitest.long.config.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// The long runs, kept out of the everyday `pnpm test`: `pnpm test:long`. The
// rules' statistical runs, and the browser layouts in German and French at the
// table sizes the everyday run lays out in English only.
export default defineConfig({
  test: {
    projects: ['packages/rules/vitest.long.config.ts', 'apps/web/vitest.browser-long.config.ts'],
  },
});

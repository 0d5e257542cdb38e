import { defineConfig } from 'vitest/config';

// The browser test: real Chromium against a real server serving the built app
// (build first: `pnpm --filter @rollcall/web build`).
export default defineConfig({
  test: {
    name: 'browser',
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// The browser tests: real Chromium against a real server serving the built app
// (build first: `pnpm --filter @rollcall/web build`). Each file starts its own
// server (its own port and data directory) and its own Chromium, so files run
// side by side like any others.
export default defineConfig({
  test: {
    name: 'browser',
    include: ['test/**/*.test.ts'],
    // The long runs are `pnpm test:long` (vitest.browser-long.config.ts).
    exclude: ['test/**/*.long.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    // A page that has just opened may take a few seconds to show its first
    // state when every core is busy (CI runs all test files at once); a second
    // of polling, vitest's default, failed there.
    expect: { poll: { timeout: 10_000 } },
    // Files that run one after another in a worker share its modules (the
    // server, Playwright) rather than load and compile them again for each.
    isolate: false,
  },
});

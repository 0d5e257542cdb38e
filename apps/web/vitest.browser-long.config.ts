import { defineConfig } from 'vitest/config';
import browser from './vitest.browser.config.js';

// The browser tests too long for every run (`pnpm test:long`): the same real
// Chromium and server and timeouts, for the `*.long.test.ts` files only.
export default defineConfig({
  test: {
    ...browser.test,
    name: 'browser-long',
    include: ['test/**/*.long.test.ts'],
    exclude: [],
  },
});

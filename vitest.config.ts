import { defineConfig } from 'vitest/config';

// Each workspace package keeps its own vitest config beside its code. The web
// app has two: its unit tests (`web`) and the real-Chromium test (`browser`).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/web/vitest.browser.config.ts'],
  },
});

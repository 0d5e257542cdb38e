import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace package keeps its own vitest config beside its code. The web
// app has two: its unit tests (`web`) and the real-Chromium tests (`browser`).
// The long statistical runs are vitest.long.config.ts (`pnpm test:long`).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/web/vitest.browser.config.ts'],
    // Vitest's default is a worker fewer than the cores, so on two cores one file
    // ran at a time. Most files spend part of their time waiting on sockets,
    // servers and Chromium, so a worker more than the cores keeps them busy: on
    // two cores, 565 s against 595 s with two workers.
    maxWorkers: availableParallelism() + 1,
  },
});

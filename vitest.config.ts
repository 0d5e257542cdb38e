import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace package keeps its own vitest config beside its code. The web
// app has two: its unit tests (`web`) and the real-Chromium tests (`browser`).
// The long statistical runs are vitest.long.config.ts (`pnpm test:long`).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/web/vitest.browser.config.ts'],
    // Vitest's default is a worker fewer than the cores, so on two cores one file
    // ran at a time; most files spend their time waiting on sockets, servers
    // and Chromium, so two cores run two files at once. (Three on two cores was
    // 5 % faster, but starved the timing-bound tests: a Redis restart outlasted
    // a move's retries, and a 5 s test timed out.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

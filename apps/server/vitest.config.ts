import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files that run one after another in a worker share its modules rather than
    // load and compile the server again for each: a third less CPU for these files.
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts'],
    // Pure code and no mocks: the files share one module graph instead of importing it again each.
    isolate: false,
    // The game-record tests play whole games of every game by bots; with every core busy that took over the 5 s default.
    testTimeout: 30_000,
  },
});

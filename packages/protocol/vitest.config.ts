import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts'],
    // Pure code and no mocks: the files share one module graph instead of importing it again each.
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rules',
    include: ['src/**/*.test.ts'],
    // Property tests play hundreds of seeded games; on a busy machine that can take far longer than the 5 s default.
    testTimeout: 30_000,
  },
});

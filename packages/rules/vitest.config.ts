import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rules',
    include: ['src/**/*.test.ts'],
    // Pure code and no mocks: the files share one module graph instead of importing it again each.
    isolate: false,
    // The statistical runs take minutes: `pnpm test:long` runs them (vitest.long.config.ts).
    exclude: [...configDefaults.exclude, 'src/**/*.long.test.ts'],
    // Property tests play hundreds of seeded games; on a busy machine that can take far longer than the 5 s default.
    testTimeout: 30_000,
  },
});

import { defineConfig } from 'vitest/config';

// The deployment smoke game (`test/*.smoke.ts`), run only by deploy/smoke.sh
// against a running topology; never part of `pnpm test`.
export default defineConfig({
  test: {
    name: 'smoke',
    include: ['test/**/*.smoke.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

// Each workspace package keeps its own vitest config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});

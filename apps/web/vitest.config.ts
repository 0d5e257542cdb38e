import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

// Unit tests of the web code. SvelteKit's own plugin looks for its config in
// the working directory, which is the repo root under a workspace run, so the
// tests compile runes with the plain Svelte plugin instead.
export default defineConfig({
  plugins: [svelte({ configFile: false, compilerOptions: { runes: true } })],
  resolve: {
    alias: { $lib: fileURLToPath(new URL('./src/lib', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One module graph for every file: the components and messages compile once, not per file.
    isolate: false,
    // The messages compiled once per run (Paraglide's Vite plugin would keep watching them).
    globalSetup: ['./compile-messages.ts'],
    setupFiles: ['./src/lib/i18n/test-setup.ts'],
  },
});

import { sveltekit } from '@sveltejs/kit/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The game server runs on :3000 in development; the dev server forwards to it so
// the app talks to one origin, as it does when the server serves the build.
const gameServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [sveltekit()],
  resolve: {
    // The rules' copy-on-write states share unchanged parts for the server's sake; a phone gets a copying stand-in.
    alias: { immer: fileURLToPath(new URL('./src/lib/copy-on-write-shim.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/socket.io': { target: gameServer, ws: true },
      '/healthz': gameServer,
      '/api': gameServer,
    },
  },
});

import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

// The game server runs on :3000 in development; the dev server forwards to it so
// the app talks to one origin, as it does when the server serves the build.
const gameServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [sveltekit()],
  server: {
    proxy: {
      '/socket.io': { target: gameServer, ws: true },
      '/healthz': gameServer,
      '/api': gameServer,
    },
  },
});

import { sveltekit } from '@sveltejs/kit/vite';
import { relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The game server runs on :3000 in development; the dev server forwards to it so
// the app talks to one origin, as it does when the server serves the build.
const gameServer = 'http://localhost:3000';

/**
 * Lists the source modules in each client chunk, beside Vite's manifest (which
 * names chunks, not what is in them), so `scripts/measure-bundle.js` can tell
 * whether a screen downloads a game's engine. The `.vite` folder is not part
 * of the published build.
 */
function listChunkModules(): Plugin {
  return {
    name: 'rollcall:list-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') modules[output.fileName] = output.moduleIds.map((id) => relative(import.meta.dirname, id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

export default defineConfig({
  plugins: [sveltekit(), listChunkModules()],
  server: {
    proxy: {
      '/socket.io': { target: gameServer, ws: true },
      '/healthz': gameServer,
      '/api': gameServer,
    },
  },
});

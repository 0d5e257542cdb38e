import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
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

/** The design tokens' `--bg` (src/app.css): the splash and the phone's status bar match the app. */
const night = '#150d33';

/**
 * Addresses the server answers itself: never from the service worker's cache,
 * and never answered with the app shell when opened in a tab.
 */
const serverOnly = [/^\/socket\.io\//, /^\/api\//, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/];

/**
 * The web app manifest and a Workbox service worker (`/sw.js`) that precaches
 * the app shell: the `index.html` fallback, every JS and CSS chunk, the font
 * and the icons, so a phone that has played before opens at once. A new
 * version installs in the background and takes over at once (skipWaiting,
 * clientsClaim); `src/lib/service-worker.ts` registers it and loads the new
 * shell at the next change of screen.
 */
const pwa = SvelteKitPWA({
  registerType: 'autoUpdate',
  // Registered by src/lib/service-worker.ts, a few lines instead of workbox-window.
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Rollcall',
    short_name: 'Rollcall',
    description: 'Party dice games for a room: a TV shows the code, phones join, one roll for the whole table.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: night,
    background_color: night,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  kit: { adapterFallback: 'index.html', spa: true },
  workbox: {
    // Every font subset: a name in any script shows in Nunito offline too. (The plugin adds
    // `prerendered/**` itself; the app prerenders nothing, so Workbox warns that it matches no file.)
    globPatterns: ['client/**/*.{js,css,ico,png,svg,webmanifest,woff2}', 'prerendered/**/*.html'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: serverOnly,
    // One file to serve without caching, instead of sw.js plus a workbox-*.js beside it.
    inlineWorkboxRuntime: true,
    // A new version takes over as soon as it is installed (see src/lib/service-worker.ts for when the page follows).
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Anything not precached (the socket, the API, health and metrics) goes to the network untouched.
    runtimeCaching: [],
  },
});

export default defineConfig({
  plugins: [sveltekit(), pwa, listChunkModules()],
  server: {
    proxy: {
      '/socket.io': { target: gameServer, ws: true },
      '/healthz': gameServer,
      '/api': gameServer,
    },
  },
});

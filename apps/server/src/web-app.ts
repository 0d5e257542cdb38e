import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_INFO_PATH, type ServerInfo } from '@rollcall/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { httpError } from './http-errors.js';

/** The SvelteKit static build's page for any route it did not prerender. */
const FALLBACK_PAGES = ['200.html', 'index.html'];

/**
 * Files a browser must ask about on every load: the service worker (so a new
 * version is found at once, not after a day) and the web app manifest. The
 * shell's pages are revalidated likewise; `_app/immutable` files have hashed names.
 */
const ALWAYS_REVALIDATE = /(?:^|[/\\])(?:sw\.js|manifest\.webmanifest|[^/\\]*\.html)$/;

/** An address on the local network phones can reach, when the server listens on every interface. */
function lanUrl(config: Config, port: number): string | null {
  if (config.host !== '0.0.0.0' && config.host !== '::') return null;
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);
  return address === undefined ? null : `http://${address.address}:${port}`;
}

/** Serves the built web app (with a fallback page for client-side routes) and what a host screen needs to know. */
export async function webApp(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  app.get(SERVER_INFO_PATH, async (): Promise<ServerInfo> => {
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    return { publicUrl: config.publicUrl ?? lanUrl(config, port) };
  });

  const fallback = FALLBACK_PAGES.find((page) => existsSync(join(config.webDir, page)));
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (fallback === undefined || !wantsPage) return reply.code(404).send(httpError(404));
    return reply.type('text/html').sendFile(fallback);
  });
  if (!existsSync(config.webDir)) {
    app.log.warn({ webDir: config.webDir }, 'no web app build found; serving the API only');
    return;
  }
  // `extensions` maps a prerendered `/rules/wfgts` to its `rules/wfgts.html`.
  await app.register(fastifyStatic, {
    root: config.webDir,
    extensions: ['html'],
    // Set here instead, as send's own header would win over setHeaders.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', ALWAYS_REVALIDATE.test(path) ? 'no-cache' : 'public, max-age=0');
    },
  });
}

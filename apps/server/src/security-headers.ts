import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from './config.js';

/** An inline script: one with a body and no `src`. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources of every inline script in the built pages. SvelteKit starts
 * each page with one; allowing exactly those (by hash) keeps `'unsafe-inline'`
 * out of the policy, so an injected script has nowhere to run.
 */
export function inlineScriptHashes(webDir: string): string[] {
  if (!existsSync(webDir)) return [];
  const hashes = new Set<string>();
  const pages = readdirSync(webDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    for (const [, body] of readFileSync(join(webDir, page), 'utf8').matchAll(INLINE_SCRIPT)) {
      if (body?.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * Security headers for every HTTP answer, as @fastify/helmet's options: a
 * content security policy that lets pages load only from this server (the app
 * uses no CDN, and works offline on a LAN) and never be framed, `nosniff`,
 * and no referrer, so a room's address does not travel to anyone else.
 */
export function securityHeaders(config: Pick<Config, 'webDir'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDir)],
        // Svelte sets style attributes and adds transition styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The app shell's service worker and web app manifest (default-src covers them; said for the reader).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // For browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    // Served over plain HTTP on a LAN too: asking browsers to upgrade would break that, and HSTS is the proxy's to set.
    strictTransportSecurity: false,
  };
}

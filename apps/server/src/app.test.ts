import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_INFO_PATH } from '@rollcall/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/harness.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDataDir();
  dirs.push(d);
  return d;
}

/** A stand-in for the SvelteKit static build: one page, one asset, the fallback page. */
function webBuild(): string {
  const web = dir();
  mkdirSync(join(web, '_app'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>fallback</title>');
  writeFileSync(join(web, 'rules.html'), '<!doctype html><title>rules</title>');
  writeFileSync(join(web, '_app', 'start.js'), 'export {};');
  return web;
}

async function app(env: Record<string, string> = {}) {
  return buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir(), WEB_DIR: join(dir(), 'missing'), ...env }));
}

describe('the HTTP side', () => {
  it('answers the health check', async () => {
    const server = await app();
    const res = await server.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await server.close();
  });

  it('tells host screens the configured public address', async () => {
    const server = await app({ PUBLIC_URL: 'https://dice.example.org' });
    expect((await server.inject(SERVER_INFO_PATH)).json()).toEqual({ publicUrl: 'https://dice.example.org' });
    await server.close();
  });

  it('serves the web build, its prerendered pages and the fallback page for client routes', async () => {
    const server = await app({ WEB_DIR: webBuild() });
    const asset = await server.inject('/_app/start.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export {};');
    expect((await server.inject('/rules')).body).toContain('<title>rules</title>');
    const deepLink = await server.inject({ url: '/play/ABCD', headers: { accept: 'text/html' } });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<title>fallback</title>');
    expect((await server.inject('/_app/missing.js')).statusCode).toBe(404);
    await server.close();
  });

  it('still runs without a web build', async () => {
    const server = await app();
    expect((await server.inject({ url: '/', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await server.inject('/healthz')).statusCode).toBe(200);
    await server.close();
  });

  it('answers what it cannot serve with a status and a code, never a sentence', async () => {
    for (const web of [undefined, webBuild()]) {
      const server = await app(web === undefined ? {} : { WEB_DIR: web });
      const missing = await server.inject('/api/nothing-here');
      expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'not-found' }]);
      const malformed = await server.inject('/api/games/%zz/record');
      expect([malformed.statusCode, malformed.json()]).toEqual([400, { error: 'bad-request' }]);
      await server.close();
    }
  });
});

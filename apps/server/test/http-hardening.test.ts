import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientEvent, CODE_ALPHABET } from '@rollcall/protocol';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  closeAfterTest,
  freePort,
  spawnServer,
  startServer,
  TestClient,
  type TestServer,
} from './harness.js';

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  return closeAfterTest(await startServer({ env }));
}

/** Whether a socket sent with this Origin header gets in. */
function connectsFrom(url: string, origin: string): Promise<boolean> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { origin } });
  closeAfterTest({ close: () => socket.close() });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

describe('health', () => {
  it('answers liveness always and readiness only while the store can commit', async () => {
    const s = await server();
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ ok: true });
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    // Readiness writes for real: the probe leaves no room behind.
    expect(await s.store.purge({ finishedBefore: Number.MAX_SAFE_INTEGER, idleBefore: 0 })).toEqual([]);
    await s.store.close();
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false });
  });
});

describe('HTTP answers', () => {
  it('carry a content security policy of our own origin, no framing, nosniff and no referrer', async () => {
    const s = await server();
    for (const path of ['/', '/healthz', '/play/ABCD']) {
      const response = await fetch(`${s.url}${path}`, { headers: { accept: 'text/html' } });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('sockets', () => {
  it('are refused to pages of other origins', async () => {
    const s = await server({ PUBLIC_URL: 'https://dice.example', ALLOWED_ORIGINS: 'http://localhost:5173' });
    expect(await connectsFrom(s.url, 'https://evil.example')).toBe(false);
    expect(await connectsFrom(s.url, s.url)).toBe(true);
    expect(await connectsFrom(s.url, 'https://dice.example')).toBe(true);
    expect(await connectsFrom(s.url, 'http://localhost:5173')).toBe(true);
    expect(await connectsFrom(s.url, 'null')).toBe(false);
  });

  it('get a typed error for an unknown event, and stay connected after a reserved one', async () => {
    const s = await server();
    const c = closeAfterTest(await TestClient.connect(s.url));
    const unknown = (await c.socket.timeout(2000).emitWithAck('room:launch-missiles', {})) as unknown;
    expect(unknown).toMatchObject({ ok: false, error: { code: 'room/unknown-event' } });
    // Socket.IO's own names, sent as plain events (the client library refuses to, so write the packet).
    const packet = (c.socket as unknown as { packet(p: { type: number; data: unknown[]; nsp: string }): void }).packet.bind(c.socket);
    for (const name of ['disconnect', 'disconnecting', 'connect', 'newListener', 'error']) {
      packet({ type: 2, data: [name, 'x'], nsp: '/' });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.socket.connected).toBe(true);
    expect(await c.request(ClientEvent.createRoom, { as: 'host' })).toMatchObject({ ok: true });
  });
});

describe('room codes', () => {
  it('grow longer when the short ones are taken, so a create never fails', async () => {
    // Every letter drawn is the first: each length has exactly one code.
    const s = closeAfterTest(await startServer({ randomIndex: () => 0 }));
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = closeAfterTest(await TestClient.connect(s.url));
      codes.push((await c.must(ClientEvent.createRoom, { as: 'host' })).code);
    }
    const first = CODE_ALPHABET[0] ?? '';
    expect(codes).toEqual([first.repeat(4), first.repeat(5), first.repeat(6)]);
    // A phone can join the longer code like any other.
    const phone = closeAfterTest(await TestClient.connect(s.url));
    expect(await phone.must(ClientEvent.joinRoom, { code: codes[2]!.toLowerCase(), as: 'player', name: 'Ann' })).toMatchObject({
      seat: 0,
    });
  });
});

describe('names', () => {
  it('are cleaned up, refused when invisible, and checked for look-alike duplicates', async () => {
    const s = await server();
    const host = closeAfterTest(await TestClient.connect(s.url));
    const { code } = await host.must(ClientEvent.createRoom, { as: 'host' });
    const join = async (name: string) => {
      const c = closeAfterTest(await TestClient.connect(s.url));
      const reply = await c.request(ClientEvent.joinRoom, { code, as: 'player', name });
      return reply.ok ? 'ok' : reply.error.code;
    };
    expect(await join('\u200B\u200B')).toBe('room/bad-name');
    expect(await join('\u202E')).toBe('room/bad-name');
    expect(await join('\uD800')).toBe('room/bad-name');
    expect(await join('e\u0301'.repeat(24))).toBe('ok');
    expect(await join('Ann\u202E')).toBe('ok');
    // Each of these is Ann's name, and her phone is still here: her seat is not to be taken.
    expect(await join('An\u200Bn')).toBe('room/seat-in-use');
    expect(await join('\u0410nn')).toBe('room/seat-in-use');
    expect(await join('ANN')).toBe('room/seat-in-use');
    const view = await host.waitForView((v) => v.seats.length === 2);
    expect(view.seats.map((seat) => seat.name)).toEqual(['e\u0301'.repeat(24).normalize('NFKC'), 'Ann']);
  });
});

describe('start-up', () => {
  it('fails with one structured fatal line and exit code 1 when the store cannot open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollcall-bad-store-'));
    closeAfterTest({ close: () => rmSync(dir, { recursive: true, force: true }) });
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const started = spawnServer({ port: await freePort(), dataDir: join(file, 'data') });
    const failure = await started.then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toMatch(/exited \(1\)/);
    const lines = (failure ?? '').split('\n').filter((line) => line.startsWith('{'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 60, msg: 'could not start', err: { code: 'ENOTDIR' } });
  });
});

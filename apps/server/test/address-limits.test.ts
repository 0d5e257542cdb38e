import { ClientEvent, type ErrorBody } from '@rollcall/protocol';
import { io, Manager, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startRedis, startServer, TestClient, type TestServer } from './harness.js';
import { createLogger } from '../src/logger.js';
import { startWfgts } from './wfgts-driver.js';

/** A raw socket that may be refused: resolves with the refusal's typed data, or null once connected. */
function tryConnect(url: string, headers: Record<string, string> = {}): Promise<{ socket: Socket; refusal: ErrorBody | null }> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: headers });
  closeAfterTest({ close: () => socket.close() });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, refusal: null }));
    socket.once('connect_error', (err: Error & { data?: ErrorBody }) =>
      resolve({ socket, refusal: err.data ?? { code: 'room/internal' } }),
    );
  });
}

/** Try to connect until one gets in (a closed connection is given back as the server hears of it), a few seconds at most. */
async function connectOnceFreed(url: string): Promise<{ socket: Socket; refusal: ErrorBody | null }> {
  let attempt = await tryConnect(url);
  for (let tries = 0; attempt.refusal !== null && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    attempt = await tryConnect(url);
  }
  return attempt;
}

async function server(env: Record<string, string>): Promise<TestServer> {
  return closeAfterTest(await startServer({ env }));
}

async function client(url: string): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(url));
}

describe('limits per client address', () => {
  it('count room creations across connections', async () => {
    const s = await server({ ROOMS_PER_ADDRESS_PER_MINUTE: '3' });
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      // A fresh connection each time: on a limit per connection, that would start a new allowance.
      const reply = await (await client(s.url)).request(ClientEvent.createRoom, { as: 'host' });
      codes.push(reply.ok ? 'ok' : reply.error.code);
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'room/too-many-rooms', 'room/too-many-rooms', 'room/too-many-rooms']);
  });

  it('count wrong codes across connections, then refuse even a right one for the rest of the hour', async () => {
    const s = await server({ WRONG_CODES_PER_ADDRESS_PER_HOUR: '4' });
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann'] }));
    const guesses: string[] = [];
    for (const code of ['ZZZZ', 'ZZZY', 'ZZZX', 'ZZZW', 'ZZZV']) {
      const reply = await (await client(s.url)).request(ClientEvent.joinRoom, { code, as: 'spectator' });
      guesses.push(reply.ok ? 'ok' : reply.error.code);
    }
    expect(guesses).toEqual(['room/not-found', 'room/not-found', 'room/not-found', 'room/not-found', 'room/too-many-guesses']);
    const found = await (await client(s.url)).request(ClientEvent.joinRoom, { code: table.code, as: 'spectator' });
    expect(found).toMatchObject({ ok: false, error: { code: 'room/too-many-guesses', retryAfterSeconds: expect.any(Number) } });
    // Joins that find their room cost nothing: the table's own phones came in without spending any.
    expect(table.players).toHaveLength(1);
  });

  it('cap open connections per address, and free a place when one closes', async () => {
    const s = await server({ CONNECTIONS_PER_ADDRESS: '3' });
    const open = await Promise.all([tryConnect(s.url), tryConnect(s.url), tryConnect(s.url)]);
    expect(open.map((o) => o.refusal)).toEqual([null, null, null]);
    const fourth = await tryConnect(s.url);
    expect(fourth.refusal).toEqual({ code: 'room/too-many-connections' });
    // Refused attempts do not count: after many of them, closing one connection still makes room for one.
    for (let i = 0; i < 5; i++) expect((await tryConnect(s.url)).refusal?.code).toBe('room/too-many-connections');
    open[0]?.socket.close();
    expect((await connectOnceFreed(s.url)).refusal).toBeNull();
  });

  it('count connections that never ask to be let in, too', async () => {
    const s = await server({ CONNECTIONS_PER_ADDRESS: '3' });
    // Transport connections only: no namespace is joined, so the rooms never see them.
    const bare = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const manager = new Manager(s.url, { transports: ['websocket'], reconnection: false, autoConnect: false });
        closeAfterTest({ close: () => manager.engine?.close() });
        await new Promise<void>((resolve, reject) => manager.open((err) => (err ? reject(err) : resolve())));
        return manager;
      }),
    );
    expect(bare).toHaveLength(6);
    // Twice the limit of bare connections, and the handshake itself is refused.
    expect((await tryConnect(s.url)).refusal).not.toBeNull();
    for (const manager of bare) manager.engine.close();
    expect((await connectOnceFreed(s.url)).refusal).toBeNull();
  });

  it('cap connections on the whole server', async () => {
    const s = await server({ MAX_CONNECTIONS: '2' });
    expect((await tryConnect(s.url)).refusal).toBeNull();
    expect((await tryConnect(s.url)).refusal).toBeNull();
    expect((await tryConnect(s.url)).refusal?.code).toBe('room/server-full');
  });

  it('read the client address from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    const untrusted = await server({ CONNECTIONS_PER_ADDRESS: '1' });
    expect((await tryConnect(untrusted.url, { 'x-forwarded-for': '203.0.113.1' })).refusal).toBeNull();
    // The header is not believed: both come from 127.0.0.1.
    expect((await tryConnect(untrusted.url, { 'x-forwarded-for': '203.0.113.2' })).refusal?.code).toBe(
      'room/too-many-connections',
    );

    const proxied = await server({ CONNECTIONS_PER_ADDRESS: '1', TRUST_PROXY: 'loopback' });
    expect((await tryConnect(proxied.url, { 'x-forwarded-for': '203.0.113.1' })).refusal).toBeNull();
    expect((await tryConnect(proxied.url, { 'x-forwarded-for': '203.0.113.2' })).refusal).toBeNull();
    expect((await tryConnect(proxied.url, { 'x-forwarded-for': '203.0.113.1' })).refusal?.code).toBe(
      'room/too-many-connections',
    );
  });

  it('hold across nodes sharing one Redis', async () => {
    const redis = closeAfterTest(await startRedis());
    const env = { STORE: 'redis', REDIS_URL: redis.url, ROOMS_PER_ADDRESS_PER_MINUTE: '2' };
    const [a, b] = [await server(env), await server(env)];
    const create = async (url: string) => {
      const reply = await (await client(url)).request(ClientEvent.createRoom, { as: 'host' });
      return reply.ok ? 'ok' : reply.error.code;
    };
    expect([await create(a.url), await create(b.url), await create(a.url), await create(b.url)]).toEqual([
      'ok',
      'ok',
      'room/too-many-rooms',
      'room/too-many-rooms',
    ]);
  });
});

describe('a seat changing its choice', () => {
  it('is accepted a few times a second, counted over all its connections', async () => {
    const s = await server({ SEAT_CHANGES_PER_SECOND: '3' });
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'] }));
    await startWfgts(table);
    const ann = table.players[0]!;
    const logBefore = (await s.store.journal(table.code)).length;
    // Ann's token on five connections re-picks her carry as fast as it can: each connection is within its own limit.
    const tabs = await Promise.all(Array.from({ length: 5 }, () => client(s.url)));
    const replies = await Promise.all(
      tabs.flatMap((tab, t) =>
        Array.from({ length: 4 }, (_, i) =>
          tab.request(ClientEvent.action, {
            code: table.code,
            token: ann.token,
            id: `re-pick-${t}-${i}`,
            action: { type: 'carry', dice: [i % 2] },
          }),
        ),
      ),
    );
    const accepted = replies.filter((r) => r.ok).length;
    const limited = replies.filter((r) => !r.ok && r.error.code === 'room/too-many-changes').length;
    // Three a second; the twenty arrive within two seconds at the very most on any machine that runs this.
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(6);
    expect(accepted + limited).toBe(20);
    expect((await s.store.journal(table.code)).length - logBefore).toBe(accepted);
  });
});

describe('the refusal log', () => {
  it('writes one line per address and limit for a flood of bad messages, not one per message or per connection', async () => {
    const lines: { level: number; limit?: string; address?: string }[] = [];
    const logger = createLogger({ logLevel: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const env = { ACTION_BURST: '20', ACTIONS_PER_SECOND: '1', WRONG_CODES_PER_ADDRESS_PER_HOUR: '2', MAX_PAYLOAD_BYTES: '512' };
    const s = closeAfterTest(await startServer({ env, logger }));
    const startUp = lines.length;
    const tabs = await Promise.all(Array.from({ length: 3 }, () => client(s.url)));
    const codes = (replies: { ok: boolean; error?: ErrorBody }[]) => replies.map((r) => r.error?.code ?? 'ok');
    // From each of three connections of one address: wrong codes past the limit, then oversized messages,
    // then more messages than its bucket holds (the default burst is 20).
    const guesses: string[] = [];
    for (const tab of tabs) {
      // One after another: a guess counts once its room was not found.
      for (const code of ['ZZZZ', 'ZZZY', 'ZZZX']) guesses.push(...codes([await tab.request(ClientEvent.joinRoom, { code, as: 'spectator' })]));
    }
    const huge = { code: 'ZZZZ', token: 'x'.repeat(16), game: 'y'.repeat(1000) };
    const large = codes(await Promise.all(tabs.flatMap((tab) => Array.from({ length: 8 }, () => tab.request(ClientEvent.configure, huge)))));
    const flood = codes(await Promise.all(tabs.flatMap((tab) => Array.from({ length: 30 }, () => tab.request(ClientEvent.start, {})))));
    expect(guesses.filter((c) => c === 'room/too-many-guesses')).toHaveLength(7);
    expect(large).toEqual(Array.from({ length: 24 }, () => 'room/too-large'));
    expect(flood.filter((c) => c === 'room/rate-limited').length).toBeGreaterThanOrEqual(3 * 30 - 3 * 20);
    const refusalLines = lines.slice(startUp).filter((l) => l.limit !== undefined).map((l) => `${l.limit} ${l.address}`);
    expect(refusalLines.sort()).toEqual(['room/rate-limited 127.0.0.1', 'room/too-large 127.0.0.1', 'room/too-many-guesses 127.0.0.1']);
    // Nothing else was logged as a warning per message either.
    expect(lines.slice(startUp).filter((l) => l.level >= 40)).toHaveLength(3);
  });
});

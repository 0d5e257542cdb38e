import { ClientEvent, ServerEvent, type WatchClosed } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient, type TestServer } from './harness.js';

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  return closeAfterTest(await startServer({ env }));
}

async function client(url: string): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(url));
}

const viewsOf = (c: TestClient) => c.received.filter((r) => r.event === ServerEvent.change).length;

/** Run `task` over `items`, `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(task));
}

describe('a room audience', () => {
  it('of 1,000 spectators costs messages linear in their number, each joiner getting its own view at once', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'] }));
    const spectators: TestClient[] = [];
    await inBatches(
      Array.from({ length: 1000 }, (_, i) => i),
      50,
      async () => {
        const watcher = await client(s.url);
        spectators.push(watcher);
        await watcher.must(ClientEvent.joinRoom, { code: table.code, as: 'spectator' });
        // Its snapshot came before (or with) the reply: nobody waits for the next refresh to see the room.
        expect(viewsOf(watcher)).toBeGreaterThanOrEqual(1);
      },
    );
    // The last refresh shows the whole audience to everyone, the host screen included.
    await table.host.waitForView((v) => v.spectators === 1000, 20_000);
    const total = [table.host, ...table.players.map((p) => p.client), ...spectators].reduce((n, c) => n + viewsOf(c), 0);
    // Sending the room a view on every join costs about K²/2 = 500,000 messages; coalesced, a small multiple of K.
    expect(total).toBeLessThan(40 * 1000);
    console.info(`1,000 spectators joined with ${total} views sent in all (${(total / 1000).toFixed(1)} per spectator)`);

    const late = await client(s.url);
    expect(await late.request(ClientEvent.joinRoom, { code: table.code, as: 'spectator' })).toMatchObject({
      ok: false,
      error: { code: 'room/audience-full' },
    });
  }, 240_000);

  it('counts every screen that gets views, the host screens without the host token too', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann'], spectator: true }));
    const shared = await client(s.url);
    await shared.must(ClientEvent.joinRoom, { code: table.code, as: 'host' });
    const seen = await table.host.waitForView((v) => v.spectators === 2);
    expect(seen.spectators).toBe(2);
  });
});

describe('a room without spectators', () => {
  it('shows a host screen that has no host token nothing: it only waits to be let in', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann'] }));
    await table.host.must(ClientEvent.setLock, { code: table.code, token: table.hostToken, locked: false, spectatorsAllowed: false });
    const tv = await client(s.url);
    const joined = await tv.must(ClientEvent.joinRoom, { code: table.code, as: 'host' });
    expect(joined).toEqual({ code: table.code, role: 'host', screen: expect.stringMatching(/^[A-Z]{6}$/) });
    // The room changes, and the waiting screen hears nothing of it.
    const { version } = await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'wfgts' });
    await table.players[0]!.client.waitForView((v) => v.version === version);
    expect(tv.received.filter((r) => r.event === ServerEvent.change)).toEqual([]);
    // The creating screen comes back with its token and runs the room as before.
    const again = await client(s.url);
    expect(await again.must(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: table.hostToken })).toMatchObject({
      role: 'host',
    });
  });

  it('sends away the spectators and shared screens already watching, telling them why', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann'], spectator: true }));
    const shared = await client(s.url);
    await shared.must(ClientEvent.joinRoom, { code: table.code, as: 'host' });
    const watchers = [table.spectator!, shared];
    const before = watchers.map((w) => w.received.length);
    await table.host.must(ClientEvent.setLock, { code: table.code, token: table.hostToken, locked: false, spectatorsAllowed: false });
    for (const [i, w] of watchers.entries()) {
      expect((await w.waitForEvent(ServerEvent.watchClosed, before[i])) as WatchClosed).toEqual({
        code: table.code,
        reason: 'no-spectators',
      });
    }
    // The game goes on without them: the next change reaches the players and not the watchers.
    const counts = watchers.map((w) => w.received.length);
    const { version } = await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'wfgts' });
    await table.players[0]!.client.waitForView((v) => v.version === version);
    await table.host.waitForView((v) => v.version === version && v.spectators === 0);
    expect(watchers.map((w) => w.received.length)).toEqual(counts);
  });
});

import { ClientEvent, ServerEvent, type ScreenAdmitted } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';

async function server(): Promise<TestServer> {
  return closeAfterTest(await startServer());
}

async function client(url: string): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(url));
}

/** A screen opened on the room without the host token, and the code it shows. */
async function waitingScreen(url: string, code: string): Promise<{ tv: TestClient; screen: string }> {
  const tv = await client(url);
  const joined = await tv.must(ClientEvent.joinRoom, { code, as: 'host' });
  expect(joined.hostToken).toBeUndefined();
  expect(joined.screen).toMatch(/^[A-Z]{6}$/);
  return { tv, screen: joined.screen! };
}

/** Everything a client received, as one string, to look for a secret in. */
const heardBy = (c: TestClient) => JSON.stringify(c.received);

const everyone = (table: Table) => [table.host, ...table.players.map((p) => p.client), ...(table.spectator ? [table.spectator] : [])];

describe('a second screen', () => {
  it('without being let in, watches as a counted spectator with no controls and no host token', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'] }));
    const { tv } = await waitingScreen(s.url, table.code);
    expect((await tv.waitForView(() => true)).viewer).toEqual({ role: 'host', controls: false });
    await table.host.waitForView((v) => v.spectators === 1);
    // It holds nothing to run the room with, and never heard a token.
    expect(heardBy(tv)).not.toContain(table.hostToken);
    for (const p of table.players) expect(heardBy(tv)).not.toContain(p.token);
  });

  it("is let in by the lead's phone: it alone gets a host token of its own, and runs the room with it", async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'], spectator: true }));
    const { tv, screen } = await waitingScreen(s.url, table.code);
    const lead = table.players[0]!;
    const before = tv.received.length;
    await lead.client.must(ClientEvent.admitScreen, { code: table.code, token: lead.token, screen });
    const admitted = (await tv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
    expect(admitted.code).toBe(table.code);
    expect(admitted.hostToken).not.toBe(table.hostToken);
    // Nobody else hears the new token: not the lead who let it in, not the first screen, not the other phone or a spectator.
    for (const other of everyone(table)) expect(heardBy(other)).not.toContain(admitted.hostToken);

    const joined = await tv.must(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: admitted.hostToken });
    expect(joined).toEqual({ code: table.code, role: 'host', hostToken: admitted.hostToken });
    expect((await tv.waitForView((v) => v.viewer.role === 'host' && v.viewer.controls)).viewer).toEqual({ role: 'host', controls: true });
    const { version } = await tv.must(ClientEvent.configure, { code: table.code, token: admitted.hostToken, game: 'wfgts' });
    // A host screen is not a spectator: only the spectator is counted once the room has refreshed.
    await table.host.waitForView((v) => v.version >= version && v.game?.id === 'wfgts' && v.spectators === 1);
    // The creating screen's token still works beside it.
    await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'meet-fate' });
  });

  it('is let in by the first screen in a room that refuses spectators, having seen nothing until then', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann'] }));
    await table.host.must(ClientEvent.setLock, { code: table.code, token: table.hostToken, locked: false, spectatorsAllowed: false });
    const { tv, screen } = await waitingScreen(s.url, table.code);
    // The room changes while the screen waits: a player joins.
    const bob = closeAfterTest(await TestClient.connect(s.url));
    await bob.must(ClientEvent.joinRoom, { code: table.code, as: 'player', name: 'Bob' });
    const { version } = await table.host.waitForView((v) => v.seats.length === 2);
    const before = tv.received.length;
    await table.host.must(ClientEvent.admitScreen, { code: table.code, token: table.hostToken, screen });
    const admitted = (await tv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
    // Neither that change nor the one letting it in reached it before it came in with its token.
    await table.host.waitForView((v) => v.version > version);
    expect(tv.received.filter((r) => r.event === ServerEvent.change)).toEqual([]);
    await tv.must(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: admitted.hostToken });
    const view = await tv.waitForView(() => true);
    expect(view.viewer).toEqual({ role: 'host', controls: true });
    expect(view.spectators).toBe(0);
  });

  it('refuses a wrong, stale or unauthorised admission with a typed error, changing nothing', async () => {
    const s = await server();
    const table = closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'] }));
    const { tv, screen } = await waitingScreen(s.url, table.code);
    const [ann, bob] = table.players;
    const admit = (token: string, code: string) =>
      ann!.client.request(ClientEvent.admitScreen, { code: table.code, token, screen: code });
    const stored = async () => ({ version: (await s.store.load(table.code))?.version, log: (await s.store.journal(table.code)).length });
    const start = await stored();

    expect(await admit(ann!.token, 'ZZZZZZ')).toMatchObject({ ok: false, error: { code: 'room/no-such-screen' } });
    expect(await admit(bob!.token, screen)).toMatchObject({ ok: false, error: { code: 'room/not-lead' } });
    expect(await admit('not-a-token-of-this-room-000', screen)).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
    expect(await admit(ann!.token, 'AB')).toMatchObject({ ok: false, error: { code: 'room/bad-request' } });
    // A made-up host token lets no screen in.
    const guesser = await client(s.url);
    expect(await guesser.request(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: 'made-up-host-token-0000' })).toMatchObject({
      ok: false,
      error: { code: 'room/bad-token' },
    });
    expect(await stored()).toEqual(start);
    expect(tv.received.some((r) => r.event === ServerEvent.screenAdmitted)).toBe(false);

    // Let in once, the code is spent once the screen comes back with its token; a closed screen's code is stale too.
    const before = tv.received.length;
    await ann!.client.must(ClientEvent.admitScreen, { code: table.code, token: ann!.token, screen });
    const { hostToken } = (await tv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
    await tv.must(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken });
    const { tv: gone, screen: goneScreen } = await waitingScreen(s.url, table.code);
    gone.close();
    const afterOne = await stored();
    expect(await admit(ann!.token, screen)).toMatchObject({ ok: false, error: { code: 'room/no-such-screen' } });
    await expect.poll(() => admit(ann!.token, goneScreen)).toMatchObject({ ok: false, error: { code: 'room/no-such-screen' } });
    expect(await stored()).toEqual(afterOne);
  });
});

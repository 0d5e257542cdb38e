import { ClientEvent } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient } from './harness.js';

const refusal = (reply: { ok: boolean; error?: { code: string; message?: string } }) => (reply.ok ? 'ok' : reply.error?.code);

describe('family mode', () => {
  it('is on in a new room: a rude name is refused on joining, in a rename and when opening a room, and nothing changes', async () => {
    const server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann'] }));
    const before = await t.host.waitForView((v) => v.seats.length === 1);
    expect(before.familyMode).toBe(true);

    const rude = closeAfterTest(await TestClient.connect(server.url));
    const joined = await rude.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Merde' });
    expect(refusal(joined)).toBe('room/name-not-allowed');
    // Obfuscated, and in another of the product's languages.
    expect(refusal(await rude.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'sh1t' }))).toBe('room/name-not-allowed');

    const ann = t.players[0]!;
    const renamed = await ann.client.request(ClientEvent.rename, { code: t.code, token: ann.token, name: 'Vaffanculo' });
    expect(refusal(renamed)).toBe('room/name-not-allowed');
    const opened = await rude.request(ClientEvent.createRoom, { as: 'player', name: 'Arschloch' });
    expect(refusal(opened)).toBe('room/name-not-allowed');

    // An ordinary name with a rude run of letters inside it comes in.
    await rude.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Scunthorpe' });
    const after = await t.host.waitForView((v) => v.seats.length === 2);
    expect(after.seats.map((s) => s.name)).toEqual(['Ann', 'Scunthorpe']);
    expect(after.version).toBe(before.version + 1);
  });

  it('lets the lead turn it off, after which the same names are taken; a player who is not the lead cannot', async () => {
    const server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'] }));
    const [ann, bob] = [t.players[0]!, t.players[1]!];
    const off = { code: t.code, locked: false, spectatorsAllowed: true, familyMode: false };
    expect(refusal(await bob.client.request(ClientEvent.setLock, { ...off, token: bob.token }))).toBe('room/not-lead');
    expect((await t.host.waitForView(() => true)).familyMode).toBe(true);

    await ann.client.must(ClientEvent.setLock, { ...off, token: ann.token });
    await t.host.waitForView((v) => v.familyMode === false);
    const rude = closeAfterTest(await TestClient.connect(server.url));
    await rude.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Merde' });
    await bob.client.must(ClientEvent.rename, { code: t.code, token: bob.token, name: 'Vaffanculo' });
    const view = await t.host.waitForView((v) => v.seats.length === 3 && v.seats[1]?.name === 'Vaffanculo');
    expect(view.seats.map((s) => s.name)).toEqual(['Ann', 'Vaffanculo', 'Merde']);

    // Locking the room without naming the mode leaves it off.
    await t.host.must(ClientEvent.setLock, { code: t.code, token: t.hostToken, locked: true, spectatorsAllowed: true });
    expect((await t.host.waitForView((v) => v.locked)).familyMode).toBe(false);
  });

  it('leaves the names of bots alone', async () => {
    const server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann'] }));
    await t.host.must(ClientEvent.addBot, { code: t.code, token: t.hostToken });
    const view = await t.host.waitForView((v) => v.seats.length === 2);
    expect(view.seats[1]?.name).toBe('Bot Ada');
  });
});

describe('streamer mode', () => {
  it('is set by the lead or host screen, any time, and every screen is told; other players are refused', async () => {
    const server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true }));
    const [ann, bob] = [t.players[0]!, t.players[1]!];
    expect((await t.host.waitForView(() => true)).streamerMode).toBe(false);
    const on = { code: t.code, locked: false, spectatorsAllowed: true, streamerMode: true };
    expect(refusal(await bob.client.request(ClientEvent.setLock, { ...on, token: bob.token }))).toBe('room/not-lead');

    await t.host.must(ClientEvent.setLock, { ...on, token: t.hostToken });
    for (const screen of [t.host, ann.client, t.spectator!]) await screen.waitForView((v) => v.streamerMode === true);
    // Family mode, not named, stays on.
    expect((await t.host.waitForView(() => true)).familyMode).toBe(true);

    await ann.client.must(ClientEvent.setLock, { ...on, token: ann.token, streamerMode: false });
    await t.host.waitForView((v) => v.streamerMode === false);
  });
});

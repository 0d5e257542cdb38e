import { ClientEvent, ServerEvent, type ScreenAdmitted, type SeatLost } from '@rollcall/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { latest } from './wfgts-driver.js';

// A test starts its own server, or `table` starts one for it.
let server: TestServer | undefined;
beforeEach(() => {
  server = undefined;
});

async function client(): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(server!.url));
}

async function table(players: string[], spectator = false): Promise<Table> {
  server ??= closeAfterTest(await startServer());
  return closeAfterTest(await openTable(server.url, { players, spectator }));
}

const refusal = (reply: { ok: boolean; error?: { code: string } }) => (reply.ok ? 'ok' : reply.error?.code);

describe('rooms and roles', () => {
  it('lets a phone open a room as its lead; a TV then shows it without controls', async () => {
    server = closeAfterTest(await startServer());
    const phone = await client();
    const created = await phone.must(ClientEvent.createRoom, { as: 'player', name: '  Ann  ' });
    expect(created).toMatchObject({ role: 'seat', seat: 0 });
    expect(created.seatToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(created.hostToken).toBeUndefined();
    const view = await phone.waitForView(() => true);
    expect(view).toMatchObject({ lead: 0, status: 'lobby', seats: [{ seat: 0, name: 'Ann', connected: true }] });

    const tv = await client();
    const shown = await tv.must(ClientEvent.joinRoom, { code: created.code.toLowerCase(), as: 'host' });
    expect(shown).toEqual({ code: created.code, role: 'host', screen: expect.stringMatching(/^[A-Z]{6}$/) });
    expect((await tv.waitForView(() => true)).viewer).toEqual({ role: 'host', controls: false });
    const forged = await tv.request(ClientEvent.joinRoom, { code: created.code, as: 'host', hostToken: 'y'.repeat(24) });
    expect(refusal(forged)).toBe('room/bad-token');
    // A room opened from a phone has no host token until its lead lets a screen in.
    const before = tv.received.length;
    await phone.must(ClientEvent.admitScreen, { code: created.code, token: created.seatToken, screen: shown.screen });
    const { hostToken } = (await tv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
    await tv.must(ClientEvent.joinRoom, { code: created.code, as: 'host', hostToken });
    expect((await tv.waitForView((v) => v.viewer.role === 'host' && v.viewer.controls)).viewer).toEqual({ role: 'host', controls: true });
  });

  it('gives a host screen controls on any screen that has its token', async () => {
    const t = await table([]);
    const second = await client();
    await second.must(ClientEvent.joinRoom, { code: t.code, as: 'host', hostToken: t.hostToken });
    expect((await second.waitForView(() => true)).viewer).toEqual({ role: 'host', controls: true });
  });

  it('checks names, codes and who may run the room', async () => {
    const t = await table(['Ann', 'Bob'], true);
    const phone = await client();
    // Bob's phone is here: his name does not take his seat.
    expect(refusal(await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'bob ' }))).toBe(
      'room/seat-in-use',
    );
    expect(refusal(await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: '   ' }))).toBe(
      'room/bad-name',
    );
    expect(refusal(await phone.request(ClientEvent.joinRoom, { code: 'QQQQ', as: 'spectator' }))).toBe('room/not-found');
    const bob = t.players[1]!;
    const asBob = { code: t.code, token: bob.token };
    expect(refusal(await bob.client.request(ClientEvent.configure, { ...asBob, game: 'wfgts' }))).toBe('room/not-lead');
    const asAnn = { code: t.code, token: t.players[0]!.token };
    expect(refusal(await t.players[0]!.client.request(ClientEvent.configure, { ...asAnn, game: 'chess' }))).toBe(
      'room/unknown-game',
    );
    expect(refusal(await t.players[0]!.client.request(ClientEvent.start, asAnn))).toBe('room/no-game');
    expect(t.spectator!.view.spectators).toBe(1);
  });

  it('refuses the test dice seed unless the server runs in test mode', async () => {
    server = closeAfterTest(await startServer({ env: { TEST_MODE: '0' } }));
    const tv = await client();
    const reply = await tv.request(ClientEvent.createRoom, { as: 'host', testSeed: '01'.repeat(16) });
    expect(refusal(reply)).toBe('room/test-only');
    expect((await tv.request(ClientEvent.createRoom, { as: 'host' })).ok).toBe(true);
  });

  it('locks out new players but not returning seats, and can close the room to spectators', async () => {
    const t = await table(['Ann']);
    await t.host.must(ClientEvent.setLock, { code: t.code, token: t.hostToken, locked: true, spectatorsAllowed: false });
    const phone = await client();
    expect(refusal(await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' }))).toBe(
      'room/locked',
    );
    expect(refusal(await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'spectator' }))).toBe(
      'room/no-spectators',
    );
    const back = await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[0]!.token });
    expect(back).toMatchObject({ ok: true, value: { seat: 0 } });
    expect(latest(t.host)).toMatchObject({ locked: true, spectatorsAllowed: false });
  });
});

describe('removing seats and playing again', () => {
  it('in the lobby: the seat goes, its phone is told, later seats move up', async () => {
    const t = await table(['Ann', 'Bob', 'Cy']);
    const [, bob, cy] = t.players;
    const mark = bob!.client.received.length;
    await t.host.must(ClientEvent.removeSeat, { code: t.code, token: t.hostToken, seat: 1 });
    expect((await bob!.client.waitForEvent(ServerEvent.seatLost, mark)) as SeatLost).toEqual({
      code: t.code,
      reason: 'removed',
    });
    const view = await cy!.client.waitForView((v) => v.seats.length === 2);
    expect(view.viewer).toEqual({ role: 'seat', seat: 1 });
    expect(view.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    const again = await bob!.client.request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: bob!.token });
    expect(refusal(again)).toBe('room/bad-token');
  });

  it('during a game: the seat turns vacant, the lead plays for it, and a rematch drops it', async () => {
    const t = await table(['Ann', 'Bob', 'Cy']);
    const [ann, bob, cy] = t.players as [(typeof t.players)[0], (typeof t.players)[0], (typeof t.players)[0]];
    const asAnn = { code: t.code, token: ann.token };
    await ann.client.must(ClientEvent.configure, { ...asAnn, game: 'wfgts' });
    await ann.client.must(ClientEvent.start, asAnn);
    const removed = await ann.client.must(ClientEvent.removeSeat, { ...asAnn, seat: 1 });
    const vacated = await t.host.waitForView((v) => v.version === removed.version);
    expect(vacated.seats[1]).toMatchObject({ name: 'Bob', vacant: true, connected: false });

    const carry = { type: 'carry', dice: [] };
    const asCy = { code: t.code, token: cy.token };
    const asHost = { code: t.code, token: t.hostToken };
    const forCy = await ann.client.request(ClientEvent.action, { ...asAnn, id: 'x1', seat: 2, action: carry });
    expect(refusal(forCy)).toBe('room/seat-occupied');
    const byCy = await cy.client.request(ClientEvent.action, { ...asCy, id: 'x2', seat: 1, action: carry });
    expect(refusal(byCy)).toBe('room/not-lead');
    const byHost = await t.host.request(ClientEvent.action, { ...asHost, id: 'x3', action: carry });
    expect(refusal(byHost)).toBe('room/unknown-seat');
    expect((await ann.client.request(ClientEvent.action, { ...asAnn, id: 'x4', seat: 1, action: carry })).ok).toBe(true);
    const asBob = { code: t.code, token: bob.token };
    expect(refusal(await bob.client.request(ClientEvent.action, { ...asBob, id: 'x5', action: carry }))).toBe('room/bad-token');

    // Ann and Cy choose too: the lead's move for the vacant seat counted, so the dice roll.
    await ann.client.must(ClientEvent.action, { ...asAnn, id: 'x6', action: carry });
    const rolled = await cy.client.must(ClientEvent.action, { ...asCy, id: 'x7', action: carry });
    const lineB = await t.host.waitForView((v) => v.version === rolled.version);
    expect(lineB.play).toMatchObject({ line: 'b' });
    // The host screen may play the vacant seat too, by naming it.
    const hostMove = await t.host.request(ClientEvent.action, { ...asHost, id: 'x8', seat: 1, action: carry });
    expect(hostMove.ok).toBe(true);

    const again = await ann.client.must(ClientEvent.rematch, asAnn);
    const lobby = await cy.client.waitForView((v) => v.version === again.version);
    expect(lobby).toMatchObject({ status: 'lobby', play: null, lead: 0, viewer: { role: 'seat', seat: 1 } });
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(refusal(await ann.client.request(ClientEvent.rematch, asAnn))).toBe('room/not-playing');
  });

  it("plays an away seat's default for the lead or the host when the room waits: the turn timer's move, only while the game waits on it, once per id", async () => {
    const t = await table(['Ann', 'Bob', 'Cy']);
    const [ann, bob, cy] = t.players as [(typeof t.players)[0], (typeof t.players)[0], (typeof t.players)[0]];
    const asAnn = { code: t.code, token: ann.token };
    const asCy = { code: t.code, token: cy.token };
    const asHost = { code: t.code, token: t.hostToken };
    await ann.client.must(ClientEvent.configure, { ...asAnn, game: 'wfgts', whenAway: { play: 'wait', seconds: 30 } });
    const started = await ann.client.must(ClientEvent.start, asAnn);

    // While his phone is here, Bob's seat has its player.
    const early = await ann.client.request(ClientEvent.playDefault, { ...asAnn, id: 'd0', seat: 1 });
    expect(refusal(early)).toBe('room/seat-occupied');
    bob.client.close();
    const away = await t.host.waitForView((v) => v.seats[1]?.awaySince != null);
    expect(away.awaiting).toEqual([0, 1, 2]);

    const byCy = await cy.client.request(ClientEvent.playDefault, { ...asCy, id: 'd1', seat: 1 });
    expect(refusal(byCy)).toBe('room/not-lead');
    const stale = await ann.client.request(ClientEvent.playDefault, { ...asAnn, id: 'd2', seat: 1, version: started.version - 1 });
    expect(refusal(stale)).toBe('room/stale-version');
    const unknown = await ann.client.request(ClientEvent.playDefault, { ...asAnn, id: 'd3', seat: 7 });
    expect(refusal(unknown)).toBe('room/unknown-seat');
    const malformed = await ann.client.request(ClientEvent.playDefault, { ...asAnn, id: 'd4' });
    expect(refusal(malformed)).toBe('room/bad-request');
    const untouched = await t.host.waitForView(() => true);
    expect(untouched.version).toBe(away.version);

    // Bob's default in the carry step is to carry nothing: his seat has chosen, and nobody sees more than that.
    const played = await ann.client.must(ClientEvent.playDefault, { ...asAnn, id: 'd5', seat: 1, version: away.version });
    const after = await t.host.waitForView((v) => v.version === played.version);
    expect(after.awaiting).toEqual([0, 2]);
    const again = await ann.client.must(ClientEvent.playDefault, { ...asAnn, id: 'd5', seat: 1 });
    expect(again.version).toBe(played.version);
    const twice = await t.host.request(ClientEvent.playDefault, { ...asHost, id: 'd6', seat: 1 });
    expect(refusal(twice)).toBe('room/not-awaited');

    // The step completes as if Bob had carried nothing; in the next one the host screen plays his default.
    await ann.client.must(ClientEvent.action, { ...asAnn, id: 'a1', action: { type: 'carry', dice: [] } });
    const rolled = await cy.client.must(ClientEvent.action, { ...asCy, id: 'c1', action: { type: 'carry', dice: [] } });
    const lineB = await t.host.waitForView((v) => v.version === rolled.version);
    expect(lineB.play).toMatchObject({ line: 'b' });
    expect(lineB.awaiting).toEqual([0, 1, 2]);
    const byHost = await t.host.must(ClientEvent.playDefault, { ...asHost, id: 'd7', seat: 1 });
    expect(byHost.version).toBe(rolled.version + 1);

    const log = await server!.store.journal(t.code);
    const defaults = log.filter((e) => e.kind === 'action' && e.seat === 1).map((e) => e.detail);
    expect(defaults).toEqual([
      { by: 'lead', action: { type: 'carry', dice: [] }, key: expect.any(String) },
      { by: 'host', action: { type: 'carry', dice: [] }, key: expect.any(String) },
    ]);
  });
});

describe('taking the lead', () => {
  it("lets a player take the lead only while the lead's phone is away; the new lead runs the room", async () => {
    const t = await table(['Ann', 'Bob', 'Cy']);
    const [ann, bob, cy] = t.players as [(typeof t.players)[0], (typeof t.players)[0], (typeof t.players)[0]];
    const asAnn = { code: t.code, token: ann.token };
    const asBob = { code: t.code, token: bob.token };
    const asCy = { code: t.code, token: cy.token };

    expect(refusal(await bob.client.request(ClientEvent.takeLead, asBob))).toBe('room/lead-here');
    expect(refusal(await t.host.request(ClientEvent.takeLead, { code: t.code, token: t.hostToken }))).toBe(
      'room/unknown-seat',
    );
    expect(refusal(await bob.client.request(ClientEvent.takeLead, { code: t.code, token: 'x'.repeat(24) }))).toBe(
      'room/bad-token',
    );
    expect(refusal(await bob.client.request(ClientEvent.takeLead, { code: t.code }))).toBe('room/bad-request');
    const settled = await t.host.waitForView(() => true);
    expect(settled.lead).toBe(0);

    // Ann's phone dies: her seat is still hers, and still the lead's, until someone takes the lead.
    ann.client.close();
    const away = await t.host.waitForView((v) => v.seats[0]?.connected === false);
    expect(away).toMatchObject({ lead: 0, version: settled.version });
    const taken = await bob.client.must(ClientEvent.takeLead, asBob);
    expect(taken.version).toBe(settled.version + 1);
    expect((await t.host.waitForView((v) => v.version === taken.version)).lead).toBe(1);
    // Asked again, nothing changes; and Cy cannot take it from Bob, who is here.
    expect(await bob.client.must(ClientEvent.takeLead, asBob)).toEqual(taken);
    expect(refusal(await cy.client.request(ClientEvent.takeLead, asCy))).toBe('room/lead-here');

    // Bob runs the room now; Ann, back on a new phone, plays like everyone else.
    const back = await client();
    await back.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: ann.token });
    await bob.client.must(ClientEvent.configure, { ...asBob, game: 'wfgts' });
    expect(refusal(await back.request(ClientEvent.start, asAnn))).toBe('room/not-lead');
    await bob.client.must(ClientEvent.start, asBob);

    const log = await server!.store.journal(t.code);
    expect(log.filter((e) => e.kind === 'take-lead')).toEqual([
      expect.objectContaining({ seat: 1, detail: { from: 0 }, version: taken.version }),
    ]);
  });
});

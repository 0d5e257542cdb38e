import { ClientEvent } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, takeOverSeat, TestClient, type Table, type TestServer } from './harness.js';
import { latest, lowDiceChooser, move, playUntil, settle } from './wfgts-driver.js';

let server: TestServer | undefined;

async function startedTable(names: string[]): Promise<Table> {
  server = closeAfterTest(await startServer());
  const table = closeAfterTest(await openTable(server.url, { players: names, spectator: true }));
  await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'wfgts' });
  await table.host.must(ClientEvent.start, { code: table.code, token: table.hostToken });
  await settle(table, table.host.view.version);
  return table;
}

describe('a phone that drops and comes back', () => {
  it('gets its seat back with its token mid-round and finishes the game', async () => {
    const t = await startedTable(['Ann', 'Bob', 'Cy']);
    const bob = t.players[1]!;
    // Bob locks in a carry, then his phone drops before the others have chosen.
    const carried = lowDiceChooser(latest(bob.client));
    await move(t, bob, carried);
    bob.client.close();
    const gone = await t.host.waitForView((v) => v.seats[1]?.connected === false);
    expect(gone.seats[0]?.connected).toBe(true);

    const { version } = await move(t, t.players[0]!, { type: 'carry', dice: [] });
    await settle(t, version);

    const phone = closeAfterTest(await TestClient.connect(server!.url));
    const back = await phone.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: bob.token });
    expect(back).toEqual({ code: t.code, role: 'seat', seat: 1, seatToken: bob.token });
    const view = await phone.waitForView((v) => v.viewer.role === 'seat');
    // One version on: the room records that his phone is back, so no away default comes for him.
    expect(view.version).toBe(version + 1);
    expect(view.seats[1]?.awaySince).toBeNull();
    if (view.play === null || (view.play as { kind: string }).kind !== 'seat') throw new Error('no sheet');
    expect((view.play as { me: { pendingCarry: number[] | null } }).me.pendingCarry).toEqual(
      [...(carried.type === 'carry' ? carried.dice : [])].sort((a, b) => a - b),
    );
    await t.host.waitForView((v) => v.seats[1]?.connected === true);

    t.players[1] = { ...bob, client: phone };
    const final = await playUntil(t);
    expect(final.status).toBe('finished');
  });

  it('frees the seat of a phone that stopped answering without closing its connection within 10 s, to take back by name', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    const bob = t.players[1]!;
    bob.client.stopAnsweringPings();
    const silentSince = Date.now();
    const phone = closeAfterTest(await TestClient.connect(server!.url));
    // Its connection is still open: the room cannot tell yet that nobody holds the phone.
    const early = await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    expect(early).toMatchObject({ ok: false, error: { code: 'room/seat-in-use' } });

    // The server's heartbeat (a ping every 5 s, 4 s to answer) misses it.
    await t.host.waitForView((v) => v.seats[1]?.connected === false, 15_000);
    expect(Date.now() - silentSince).toBeLessThan(11_000);
    const back = await phone.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    expect(back).toMatchObject({ role: 'seat', seat: 1 });
    await phone.must(ClientEvent.action, { code: t.code, token: back.seatToken, id: 'back', action: { type: 'carry', dice: [] } });
  }, 30_000);

  it('lets a second tab take the seat over and tells the first one', async () => {
    const t = await startedTable(['Ann']);
    const ann = t.players[0]!;
    const { tab, lost } = await takeOverSeat(server!.url, t.code, ann);
    closeAfterTest(tab);
    expect(lost).toEqual({ code: t.code, reason: 'taken-over' });

    // The old tab no longer gets the seat's views; the new one does.
    const { version } = await tab.must(ClientEvent.action, {
      code: t.code,
      token: ann.token,
      id: 'after-takeover',
      action: { type: 'carry', dice: [] },
    });
    await tab.waitForView((v) => v.version === version);
    await t.host.waitForView((v) => v.version === version);
    expect(ann.client.views.some((v) => v.version === version)).toBe(false);
  });

  it('refuses a token that is wrong or belongs to another room', async () => {
    const t = await startedTable(['Ann']);
    const other = closeAfterTest(await openTable(server!.url, { players: ['Zed'] }));
    const phone = closeAfterTest(await TestClient.connect(server!.url));
    const wrong = await phone.request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: 'x'.repeat(24) });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
    const foreign = await phone.request(ClientEvent.joinRoom, {
      code: t.code,
      as: 'seat',
      seatToken: other.players[0]!.token,
    });
    expect(foreign).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
  });
});

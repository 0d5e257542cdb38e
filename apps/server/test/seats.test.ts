import { ClientEvent, type RoomView } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';
import { changesIn, closeAfterTest, dataDirForTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { latest, move, playUntil, settle } from './wfgts-driver.js';

let server: TestServer | undefined;

async function startedTable(
  names: string[],
  options: { clock?: ManualClock; dataDir?: string; whenAway?: { play: 'wait' | 'default'; seconds: number } } = {},
): Promise<Table> {
  server = closeAfterTest(await startServer({ clock: options.clock, dataDir: options.dataDir }));
  const table = closeAfterTest(await openTable(server.url, { players: names }));
  await table.host.must(ClientEvent.configure, {
    code: table.code,
    token: table.hostToken,
    game: 'wfgts',
    ...(options.whenAway === undefined ? {} : { whenAway: options.whenAway }),
  });
  const { version } = await table.host.must(ClientEvent.start, { code: table.code, token: table.hostToken });
  await settle(table, version);
  return table;
}

/** Close a player's phone and wait until the host screen shows its seat away. */
async function dropPhone(t: Table, seat: number, clock?: ManualClock): Promise<RoomView> {
  t.players[seat]!.client.close();
  const away = t.host.waitForView((v) => v.seats[seat]?.connected === false && v.seats[seat]?.awaySince !== null);
  if (clock === undefined) return away;
  // A leaving phone reaches the room with the next audience refresh, whose timer runs on the test's clock.
  let seen = false;
  void away.then(() => (seen = true), () => (seen = true));
  while (!seen) {
    clock.advance(50);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return away;
}

const phone = async () => closeAfterTest(await TestClient.connect(server!.url));

describe('back in from any phone', () => {
  it('gives an away seat back to a new phone by name; the old token then says the seat moved', async () => {
    const t = await startedTable(['Ann', 'Bob', 'Cy']);
    const played = await move(t, t.players[1]!, { type: 'carry', dice: [0] });
    await settle(t, played.version);
    const away = await dropPhone(t, 1);
    expect(away.seats[1]?.awaySince).toEqual(expect.any(Number));

    const friend = await phone();
    const back = await friend.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: ' BOB ' });
    expect(back).toMatchObject({ code: t.code, role: 'seat', seat: 1 });
    expect(back.seatToken).not.toBe(t.players[1]!.token);
    expect(back.next).toBeUndefined();
    // The new phone sees what was played meanwhile on its sheet.
    const sheet = await friend.waitForView((v) => v.viewer.role === 'seat');
    expect((sheet.play as { me: { pendingCarry: number[] | null } }).me.pendingCarry).toEqual([0]);
    const shown = await t.host.waitForView((v) => v.seats[1]?.newPhoneAt != null);
    expect(shown.seats[1]?.connected).toBe(true);
    expect(shown.seats[1]?.newPhoneAt).toEqual(expect.any(Number));
    expect(shown.seats[1]?.awaySince).toBeNull();

    const old = await phone();
    const refused = await old.request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[1]!.token });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/seat-moved' } });
    const oldMove = await old.request(ClientEvent.action, {
      code: t.code,
      token: t.players[1]!.token,
      id: 'old-phone',
      action: { type: 'carry', dice: [] },
    });
    expect(oldMove).toMatchObject({ ok: false, error: { code: 'room/seat-moved' } });
    // The new token plays.
    await friend.must(ClientEvent.action, { code: t.code, token: back.seatToken, id: 'new-phone', action: { type: 'carry', dice: [] } });
  });

  it('refuses the name of a seat whose phone is still connected, and changes nothing', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    const before = await server!.store.load(t.code);
    const other = await phone();
    const refused = await other.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'ann' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/seat-in-use' } });
    expect(await server!.store.load(t.code)).toEqual(before);
    // Ann still plays on her own phone.
    await move(t, t.players[0]!, { type: 'carry', dice: [] });
  });

  it('never gives back a seat the lead removed', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    await dropPhone(t, 1);
    await t.host.must(ClientEvent.removeSeat, { code: t.code, token: t.hostToken, seat: 1 });
    const refused = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/seat-removed' } });
  });

  it('hands an away seat to a new phone with a one-time code from the lead', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    const still = await t.host.request(ClientEvent.handOver, { code: t.code, token: t.hostToken, seat: 1 });
    expect(still).toMatchObject({ ok: false, error: { code: 'room/seat-not-away' } });
    const notLead = await t.players[1]!.client.request(ClientEvent.handOver, { code: t.code, token: t.players[1]!.token, seat: 0 });
    expect(notLead).toMatchObject({ ok: false, error: { code: 'room/not-lead' } });
    await dropPhone(t, 1);
    const { handover } = await t.host.must(ClientEvent.handOver, { code: t.code, token: t.hostToken, seat: 1 });
    expect(handover).toMatch(/^[A-Z]{6}$/);
    // Only the screen that asked sees the code: it is as good as the seat until used.
    await settle(t, (await server!.store.load(t.code))!.version);
    expect(JSON.stringify(t.players[0]!.client.received)).not.toContain(handover);
    expect(t.host.received.filter((r) => JSON.stringify(r.payload).includes(handover)).map((r) => r.event)).toEqual([
      `reply:${ClientEvent.handOver}`,
    ]);
    const next = await phone();
    const taken = await next.must(ClientEvent.joinRoom, { code: t.code, as: 'handover', handover: handover.toLowerCase() });
    expect(taken).toMatchObject({ role: 'seat', seat: 1 });
    const again = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'handover', handover });
    expect(again).toMatchObject({ ok: false, error: { code: 'room/bad-handover' } });
  });
});

/** A room in its lobby, opened by a host screen, with `names` seated. */
async function lobbyTable(names: string[]): Promise<Table> {
  server = closeAfterTest(await startServer());
  return closeAfterTest(await openTable(server.url, { players: names }));
}

describe('back in from any phone in the lobby', () => {
  it('gives a seat whose phone is gone back by name before the first game, and refuses it while the phone is here', async () => {
    const t = await lobbyTable(['Ann', 'Bob', 'Cy']);
    const before = await server!.store.load(t.code);
    const refused = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'bob' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/seat-in-use' } });
    expect(await server!.store.load(t.code)).toEqual(before);

    t.players[1]!.client.close();
    await t.host.waitForView((v) => v.seats[1]?.connected === false);
    const friend = await phone();
    const back = await friend.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    expect(back).toMatchObject({ code: t.code, role: 'seat', seat: 1 });
    expect(back.seatToken).not.toBe(t.players[1]!.token);
    const shown = await t.host.waitForView((v) => v.seats[1]?.connected === true);
    expect(shown.status).toBe('lobby');
    expect(shown.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(shown.lead).toBe(0);
    const old = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[1]!.token });
    expect(old).toMatchObject({ ok: false, error: { code: 'room/seat-moved' } });
    // The seat is Bob's as before: he renames, and plays when the game starts.
    await friend.must(ClientEvent.rename, { code: t.code, token: back.seatToken, name: 'Bobby' });
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
    await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
    await friend.must(ClientEvent.action, { code: t.code, token: back.seatToken, id: 'first', action: { type: 'carry', dice: [] } });
  });

  it('lets the lead hand a seat whose phone is gone to a new phone with a one-time code', async () => {
    const t = await lobbyTable(['Ann', 'Bob']);
    const ann = t.players[0]!;
    const asAnn = { code: t.code, token: ann.token };
    const still = await ann.client.request(ClientEvent.handOver, { ...asAnn, seat: 1 });
    expect(still).toMatchObject({ ok: false, error: { code: 'room/seat-not-away' } });
    t.players[1]!.client.close();
    await ann.client.waitForView((v) => v.seats[1]?.connected === false);
    const { handover } = await ann.client.must(ClientEvent.handOver, { ...asAnn, seat: 1 });
    // Only the lead's phone sees the code.
    expect(JSON.stringify(t.host.received)).not.toContain(handover);
    const next = await phone();
    const taken = await next.must(ClientEvent.joinRoom, { code: t.code, as: 'handover', handover });
    expect(taken).toMatchObject({ role: 'seat', seat: 1 });
    expect((await ann.client.waitForView((v) => v.seats[1]?.connected === true)).seats[1]?.newPhoneAt).toEqual(expect.any(Number));
    const again = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'handover', handover });
    expect(again).toMatchObject({ ok: false, error: { code: 'room/bad-handover' } });
  });
});

describe('play again with seats whose phones are gone', () => {
  it('asks what becomes of each, then keeps, removes or gives it to a bot, and the kept seat is taken back by name', async () => {
    const t = await startedTable(['Ann', 'Bob', 'Cy', 'Dee']);
    await dropPhone(t, 1);
    await dropPhone(t, 2);
    t.players[3]!.client.close();
    await t.host.waitForView((v) => v.seats[3]?.connected === false);
    const asHost = { code: t.code, token: t.hostToken };
    const before = await server!.store.load(t.code);
    const undecided = await t.host.request(ClientEvent.rematch, { ...asHost, away: [{ seat: 1, choice: 'keep' }] });
    expect(undecided).toMatchObject({ ok: false, error: { code: 'room/away-undecided' } });
    expect(await t.host.request(ClientEvent.rematch, asHost)).toMatchObject({ ok: false, error: { code: 'room/away-undecided' } });
    expect(await server!.store.load(t.code)).toEqual(before);

    const away = [
      { seat: 1, choice: 'keep' },
      { seat: 2, choice: 'bot' },
      { seat: 3, choice: 'remove' },
    ];
    const { version } = await t.host.must(ClientEvent.rematch, { ...asHost, away });
    const lobby = await t.host.waitForView((v) => v.version >= version && v.status === 'lobby');
    expect(lobby.seats.map((s) => [s.name, s.bot, s.connected])).toEqual([
      ['Ann', false, true],
      ['Bob', false, false],
      ['Bot Ada', true, false],
    ]);
    const bob = await phone();
    expect(await bob.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' })).toMatchObject({ role: 'seat', seat: 1 });
    // Dee's seat went: her name joins the next game as a new seat.
    const dee = await phone();
    expect(await dee.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Dee' })).toMatchObject({ role: 'seat', seat: 3 });
  });
});

describe('away never stalls the table', () => {
  it('plays an away seat’s default once it has been away and awaited for the grace, with no turn timer', async () => {
    const clock = new ManualClock();
    const t = await startedTable(['Ann', 'Bob', 'Cy'], { clock });
    expect(latest(t.host).whenAway).toEqual({ play: 'default', seconds: 30 });
    expect(latest(t.host).timer.deadline).toBeNull();
    const away = await dropPhone(t, 2, clock);
    for (const p of t.players.slice(0, 2)) await settle(t, (await move(t, p, { type: 'carry', dice: [] })).version);
    const waiting = latest(t.host);
    expect(waiting.awaiting).toEqual([2]);

    // The grace counts from when the room saw the phone go, which on a busy machine can be a few of the drop's
    // 50 ms steps before the clock stands now.
    clock.advance(away.seats[2]!.awaySince! + 29_999 - clock.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server!.store.journal(t.code)).some((e) => e.detail.by === 'away')).toBe(false);
    clock.advance(1);
    // Cy's carry was the last one the step waited on: the dice roll and all three are awaited again.
    const moved = await t.host.waitForView((v) => v.version > waiting.version && v.awaiting.length === 3);
    expect(moved.seats[2]?.connected).toBe(false);
    const log = await server!.store.journal(t.code);
    expect(log.filter((e) => e.detail.by === 'away').map((e) => [e.seat, e.detail.action])).toEqual([
      [2, { type: 'carry', dice: [] }],
    ]);
  });

  it('waits for an away seat when the room says so, and lets the host play for it now', async () => {
    const clock = new ManualClock();
    const t = await startedTable(['Ann', 'Bob'], { clock, whenAway: { play: 'wait', seconds: 30 } });
    // While its phone is here, nobody else plays for a seat.
    const here = await t.host.request(ClientEvent.playDefault, { code: t.code, token: t.hostToken, id: 'early', seat: 1 });
    expect(here).toMatchObject({ ok: false, error: { code: 'room/seat-occupied' } });
    await dropPhone(t, 1, clock);
    expect(await server!.store.timedRooms()).toEqual([]);
    clock.advance(600_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server!.store.journal(t.code)).some((e) => e.kind === 'action')).toBe(false);

    const { version } = await t.host.must(ClientEvent.playDefault, { code: t.code, token: t.hostToken, id: 'now', seat: 1 });
    const log = await server!.store.journal(t.code);
    expect(log.at(-1)).toMatchObject({ version, seat: 1, detail: { by: 'host', action: { type: 'carry', dice: [] } } });
  });

  it('plays the away default once after a restart, from the stored away time', async () => {
    const clock = new ManualClock();
    const dataDir = dataDirForTest();
    const t = await startedTable(['Ann', 'Bob'], { clock, dataDir });
    const away = await dropPhone(t, 1, clock);
    await move(t, t.players[0]!, { type: 'carry', dice: [] });
    const since = away.seats[1]!.awaySince!;
    t.close();
    await server!.close();

    // Back 40 s later: the grace ran out while the server was down. Ann's phone comes back to the table; Bob's does not.
    const later = new ManualClock(since + 40_000);
    server = closeAfterTest(await startServer({ clock: later, dataDir }));
    later.advance(0);
    const ann = await phone();
    await ann.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[0]!.token });
    const deadline = Date.now() + 5_000;
    let log = await server.store.journal(t.code);
    while (!log.some((e) => e.detail.by === 'away') && Date.now() < deadline) {
      later.advance(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await server.store.journal(t.code);
    }
    expect(log.filter((e) => e.detail.by === 'away').map((e) => e.seat)).toEqual([1]);
  });
});

describe('late friends', () => {
  it('watch now, even with spectators refused, and get a seat at the rematch in the order they came', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    await t.host.must(ClientEvent.setLock, { code: t.code, token: t.hostToken, locked: false, spectatorsAllowed: false });
    const dee = await phone();
    const joined = await dee.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Dee' });
    expect(joined).toMatchObject({ role: 'seat', next: true });
    expect(joined.seat).toBeUndefined();
    const eve = await phone();
    await eve.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Eve' });
    const taken = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'dee' });
    expect(taken).toMatchObject({ ok: false, error: { code: 'room/name-taken' } });
    const listed = await t.host.waitForView((v) => v.nextPlayers.length === 2 && v.spectators === 2);
    expect(listed.nextPlayers).toEqual(['Dee', 'Eve']);
    // Dee watches: she gets the public views, and no seat's own part.
    expect(changesIn(dee.received).length).toBeGreaterThan(0);
    expect(changesIn(dee.received).some(({ part }) => part !== undefined)).toBe(false);

    const final = await playUntil(t);
    expect(final.status).toBe('finished');
    // Joining after the game is open too, for the rematch.
    const fay = await phone();
    expect(await fay.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Fay' })).toMatchObject({ next: true });

    await t.host.must(ClientEvent.rematch, { code: t.code, token: t.hostToken });
    const lobby = await t.host.waitForView((v) => v.status === 'lobby');
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Dee', 'Eve', 'Fay']);
    expect(lobby.nextPlayers).toEqual([]);
    const seated = await dee.waitForView((v) => v.viewer.role === 'seat');
    expect(seated.viewer).toEqual({ role: 'seat', seat: 2 });
    // Her token is now a seat's: she can rename herself in the lobby.
    await dee.must(ClientEvent.rename, { code: t.code, token: joined.seatToken, name: 'Deedee' });
  });

  it('take the free seats only up to the game’s maximum; the rest keep their place', async () => {
    server = closeAfterTest(await startServer());
    // Powers 'n Points seats six at most.
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy', 'Dan', 'Eli', 'Flo'] }));
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'war-pnp' });
    await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
    for (const name of ['Ida', 'Jo']) await (await phone()).must(ClientEvent.joinRoom, { code: t.code, as: 'player', name });
    await t.host.must(ClientEvent.removeSeat, { code: t.code, token: t.hostToken, seat: 0 });
    await t.host.must(ClientEvent.rematch, { code: t.code, token: t.hostToken });
    const lobby = await t.host.waitForView((v) => v.status === 'lobby');
    expect(lobby.seats.map((s) => s.name)).toEqual(['Bob', 'Cy', 'Dan', 'Eli', 'Flo', 'Ida']);
    expect(lobby.nextPlayers).toEqual(['Jo']);
  });
});

describe('a restart in the middle', () => {
  it('loses no seat taken back and no place for the next game', async () => {
    const dataDir = dataDirForTest();
    const t = await startedTable(['Ann', 'Bob'], { dataDir });
    await dropPhone(t, 1);
    const bob = await (await phone()).must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    const dee = await (await phone()).must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Dee' });
    t.close();
    await server!.close();

    server = closeAfterTest(await startServer({ dataDir }));
    const bobBack = await phone();
    expect(await bobBack.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: bob.seatToken })).toMatchObject({ seat: 1 });
    const old = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[1]!.token });
    expect(old).toMatchObject({ ok: false, error: { code: 'room/seat-moved' } });
    const deeBack = await phone();
    expect(await deeBack.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: dee.seatToken })).toMatchObject({
      role: 'seat',
      next: true,
    });
    const tv = await phone();
    await tv.must(ClientEvent.joinRoom, { code: t.code, as: 'host', hostToken: t.hostToken });
    expect((await tv.waitForView((v) => v.spectators === 1)).nextPlayers).toEqual(['Dee']);
  });
});

describe('leave and rename', () => {
  it('in the lobby: leaving frees the seat, renaming checks the name as joining does', async () => {
    server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'] }));
    const [ann, bob] = t.players as [Table['players'][number], Table['players'][number]];
    const clash = await bob.client.request(ClientEvent.rename, { code: t.code, token: bob.token, name: 'ANN' });
    expect(clash).toMatchObject({ ok: false, error: { code: 'room/name-taken' } });
    const long = await bob.client.request(ClientEvent.rename, { code: t.code, token: bob.token, name: 'x'.repeat(25) });
    expect(long).toMatchObject({ ok: false, error: { code: 'room/bad-name' } });
    await bob.client.must(ClientEvent.rename, { code: t.code, token: bob.token, name: 'Robert' });
    await ann.client.must(ClientEvent.leave, { code: t.code, token: ann.token });
    const view = await t.host.waitForView((v) => v.seats.length === 2);
    expect(view.seats.map((s) => s.name)).toEqual(['Robert', 'Cy']);
    expect(view.lead).toBe(0);
    const gone = await ann.client.request(ClientEvent.leave, { code: t.code, token: ann.token });
    expect(gone).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
  });

  it('in a game: leaving leaves the seat vacant for good, and renaming waits for the lobby', async () => {
    const t = await startedTable(['Ann', 'Bob']);
    const bob = t.players[1]!;
    const rename = await bob.client.request(ClientEvent.rename, { code: t.code, token: bob.token, name: 'Rob' });
    expect(rename).toMatchObject({ ok: false, error: { code: 'room/not-in-lobby' } });
    await bob.client.must(ClientEvent.leave, { code: t.code, token: bob.token });
    const vacant = await t.host.waitForView((v) => v.seats[1]?.vacant === true);
    expect(vacant.seats[1]?.awaySince).toEqual(expect.any(Number));
    const back = await (await phone()).request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
    expect(back).toMatchObject({ ok: false, error: { code: 'room/seat-removed' } });
  });
});

describe('the lock', () => {
  it('never keeps out the room’s first player', async () => {
    server = closeAfterTest(await startServer());
    const tv = await phone();
    const { code, hostToken } = await tv.must(ClientEvent.createRoom, { as: 'host' });
    await tv.must(ClientEvent.setLock, { code, token: hostToken, locked: true, spectatorsAllowed: true });
    await (await phone()).must(ClientEvent.joinRoom, { code, as: 'player', name: 'Ann' });
    const second = await (await phone()).request(ClientEvent.joinRoom, { code, as: 'player', name: 'Bob' });
    expect(second).toMatchObject({ ok: false, error: { code: 'room/locked' } });
  });
});

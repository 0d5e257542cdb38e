/**
 * Tonight's standings on real sockets: the tally a room keeps over its games,
 * through game switches, rematches, a seat taken back on a new phone, a
 * rename, a player who left and came back, a game ended early and a restart;
 * the lead's reset; and the night each game's record names.
 */
import { ClientEvent, type NightView, type RoomView } from '@rollcall/protocol';
import { verifyRecord, type GameRecord } from '@rollcall/protocol/game-record';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';
import { closeAfterTest, dataDirForTest, openTable, startServer, TestClient, type Player, type Table, type TestServer } from './harness.js';

// Generous: the machine is shared, and a game played out by the timer is a few dozen commits.
const WAIT_MS = 20_000;

/** The host screen picks `game` with a turn timer and starts it; the timer then plays every seat's default until the end. */
async function playOutByTimer(t: Table, clock: ManualClock, game: string): Promise<RoomView> {
  await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game, timer: 30 });
  const { version: startedAt } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
  for (;;) {
    // The host's newest view: a screen keeps every view it was sent, the earlier games' ones too.
    const view = await t.host.waitForView((v) => v.version >= startedAt, WAIT_MS);
    if (view.status === 'finished') return view;
    clock.advance(30_000);
    await t.host.waitForView((v) => v.version > view.version, WAIT_MS);
  }
}

const linesOf = (night: NightView | null | undefined) => night?.lines.map((l) => [l.name, l.seat, l.games]) ?? [];
const totalOf = (night: NightView | null | undefined) => night?.lines.reduce((sum, l) => sum + l.points, 0) ?? 0;

async function rematch(t: Table): Promise<RoomView> {
  const { version } = await t.host.must(ClientEvent.rematch, { code: t.code, token: t.hostToken });
  return t.host.waitForView((v) => v.version >= version && v.status === 'lobby', WAIT_MS);
}

async function fetchRecord(server: TestServer, id: string): Promise<GameRecord> {
  const answer = await fetch(`${server.url}/api/games/${id}/record`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as GameRecord;
}

describe("tonight's standings", () => {
  it('follow the players through game switches, rematches, a new phone, a rename, a return and a restart', async () => {
    const dataDir = dataDirForTest();
    const clock = new ManualClock();
    let server = closeAfterTest(await startServer({ clock, dataDir }));
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'] }));
    const { code } = t;
    const [ann, bob] = t.players as [Player, Player];
    expect(t.host.view.night).toBeNull();

    // Game 1: wfgts, played to its end. Each game is worth ten points to a player: twenty between two.
    const first = await playOutByTimer(t, clock, 'wfgts');
    expect(first.night?.games).toBe(1);
    expect(linesOf(first.night).sort()).toEqual([
      ['Ann', 0, 1],
      ['Bob', 1, 1],
    ]);
    expect(totalOf(first.night)).toBe(10);
    // The winner takes all ten; a tie shares them.
    expect([[10, 0], [5, 5]]).toContainEqual(first.night?.lines.map((l) => l.points));
    expect(first.night?.lines[0]?.wins).toBe(1);
    // Each phone gets the same table, with its own seat in it.
    const annSees = await ann.client.waitForView((v) => v.version === first.version, WAIT_MS);
    expect(annSees.night).toEqual(first.night);

    // A rematch, a rename in the lobby, then another game: Bob keeps his line under his new name.
    await rematch(t);
    await bob.client.must(ClientEvent.rename, { code, token: bob.token, name: 'Bobby' });
    const renamed = await t.host.waitForView((v) => v.seats[1]?.name === 'Bobby', WAIT_MS);
    expect(linesOf(renamed.night).sort()).toEqual([
      ['Ann', 0, 1],
      ['Bobby', 1, 1],
    ]);
    const second = await playOutByTimer(t, clock, 'meet-fate');
    expect(second.night?.games).toBe(2);
    expect(linesOf(second.night).sort()).toEqual([
      ['Ann', 0, 2],
      ['Bobby', 1, 2],
    ]);
    expect(totalOf(second.night)).toBe(20);
    expect(second.night?.chart).toEqual([
      { number: 1, game: 'wfgts' },
      { number: 2, game: 'meet-fate' },
    ]);

    // Ann's phone dies in the lobby and she takes her seat back by name on a new one.
    await rematch(t);
    ann.client.close();
    // Who is connected goes out a moment after it changes, by the server's clock.
    const gone = t.host.waitForView((v) => v.seats[0]?.connected === false, WAIT_MS);
    const nudge = setInterval(() => clock.advance(100), 50);
    await gone.finally(() => clearInterval(nudge));
    const annPhone = closeAfterTest(await TestClient.connect(server.url));
    const back = await annPhone.must(ClientEvent.joinRoom, { code, as: 'player', name: 'Ann' });
    expect(back.seat).toBe(0);
    const newAnn: Player = { client: annPhone, seat: 0, token: back.seatToken! };

    // Bob leaves, and comes back on a new seat under the name he had: his line is his again.
    await bob.client.must(ClientEvent.leave, { code, token: bob.token });
    await t.host.waitForView((v) => v.seats.length === 1, WAIT_MS);
    expect(linesOf(t.host.view.night).sort()).toEqual([
      ['Ann', 0, 2],
      ['Bobby', null, 2],
    ]);
    const bobPhone = closeAfterTest(await TestClient.connect(server.url));
    const rejoined = await bobPhone.must(ClientEvent.joinRoom, { code, as: 'player', name: 'bobby' });
    const newBob: Player = { client: bobPhone, seat: rejoined.seat!, token: rejoined.seatToken! };
    const returned = await t.host.waitForView((v) => v.seats[1]?.name === 'bobby', WAIT_MS);
    expect(linesOf(returned.night).sort()).toEqual([
      ['Ann', 0, 2],
      ['bobby', 1, 2],
    ]);
    t.players = [newAnn, newBob];

    // A game ended early is not counted, though it had its number in the night.
    await t.host.must(ClientEvent.configure, { code, token: t.hostToken, game: 'wfgts' });
    await t.host.must(ClientEvent.start, { code, token: t.hostToken });
    const { version: endedAt } = await t.host.must(ClientEvent.endGame, { code, token: t.hostToken, id: 'stop', then: { to: 'lobby' } });
    const ended = await t.host.waitForView((v) => v.version >= endedAt, WAIT_MS);
    expect(ended.night?.games).toBe(2);

    const third = await playOutByTimer(t, clock, 'wfgts');
    expect(third.night?.games).toBe(3);
    expect(linesOf(third.night).sort()).toEqual([
      ['Ann', 0, 3],
      ['bobby', 1, 3],
    ]);
    expect(third.night?.chart.map((g) => g.number)).toEqual([1, 2, 4]);

    // The game's record names its night and its number in it, and still checks out.
    const record = await fetchRecord(server, third.dice!.record!);
    expect(record.night).toEqual({ id: third.night!.id, game: 4 });
    expect(verifyRecord(record)).toMatchObject({ ok: true, finished: true });

    // Nothing of a seat but its name and points: no seat ids, no token hashes.
    const stored = await server.store.load(code);
    const shown = JSON.stringify(third.night);
    for (const seat of stored!.seats) {
      expect(shown).not.toContain(seat.id);
      if (seat.tokenHash !== null) expect(shown).not.toContain(seat.tokenHash);
    }
    expect(shown).not.toContain(newAnn.token);

    // The night lives in the room record: a restarted server has it all.
    t.close();
    await server.close();
    server = closeAfterTest(await startServer({ clock: new ManualClock(clock.now()), dataDir }));
    const host = closeAfterTest(await TestClient.connect(server.url));
    await host.must(ClientEvent.joinRoom, { code, as: 'host', hostToken: t.hostToken });
    const restarted = await host.waitForView(() => true, WAIT_MS);
    expect(restarted.night).toEqual(third.night);
  });

  it('are reset by the lead in the lobby, with a typed refusal for anyone else and during a game', async () => {
    const clock = new ManualClock();
    const server = closeAfterTest(await startServer({ clock }));
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'] }));
    const [ann, bob] = t.players as [Player, Player];
    const finished = await playOutByTimer(t, clock, 'wfgts');
    const nightId = finished.night!.id;

    expect(await bob.client.request(ClientEvent.resetNight, { code: t.code, token: bob.token })).toMatchObject({
      ok: false,
      error: { code: 'room/not-lead' },
    });
    expect(await bob.client.request(ClientEvent.resetNight, { code: t.code })).toMatchObject({
      ok: false,
      error: { code: 'room/bad-request' },
    });
    await rematch(t);
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
    const { version: startedAt } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
    expect(await ann.client.request(ClientEvent.resetNight, { code: t.code, token: ann.token })).toMatchObject({
      ok: false,
      error: { code: 'room/not-in-lobby' },
    });
    // Refusals change nothing.
    expect((await server.store.load(t.code))?.version).toBe(startedAt);
    expect((await server.store.load(t.code))?.night?.id).toBe(nightId);

    await t.host.must(ClientEvent.endGame, { code: t.code, token: t.hostToken, id: 'stop', then: { to: 'lobby' } });
    const { version } = await ann.client.must(ClientEvent.resetNight, { code: t.code, token: ann.token });
    const reset = await bob.client.waitForView((v) => v.version >= version, WAIT_MS);
    expect(reset.night).toBeNull();
    const next = await playOutByTimer(t, clock, 'wfgts');
    expect(next.night?.games).toBe(1);
    expect(next.night?.id).not.toBe(nightId);
  });
});

/**
 * An away phone on the room's default "When a phone is away" (the default
 * after 30 s), through real sockets on a clock the test moves: the table
 * waits out the grace once per absence, counted from when the phone went,
 * and after that the seat's default is played the moment the game waits on
 * it, until its phone is back, after a restart too. A removed seat is never
 * waited for.
 */
import { randomUUID } from 'node:crypto';
import { ClientEvent, type RoomView } from '@rollcall/protocol';
import { findGame } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../src/store/room-repository.js';
import { ManualClock } from './manual-clock.js';
import { closeAfterTest, dataDirForTest, openTable, startServer, TestClient, type Player, type Table, type TestServer } from './harness.js';

const GRACE_MS = 30_000;
const WAIT_MS = 10_000;

/** The wfgts line a view shows, if any. */
const lineOf = (view: RoomView) => (view.play as { line?: string } | null)?.line;

/** Let the server's sockets and store catch up with what the test did (real time, not the room's clock). */
const pause = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wait for a view on `client` that matches, moving the test's clock by `stepMs`
 * at a time meanwhile: a move the room makes at once (its timer set to now)
 * and a leaving phone (noted by the audience refresh) both need the clock to move.
 */
async function viewWithClock(client: TestClient, clock: ManualClock, match: (v: RoomView) => boolean, stepMs = 0): Promise<RoomView> {
  const giveUp = Date.now() + WAIT_MS;
  for (;;) {
    const found = client.views.findLast(match);
    if (found !== undefined) return found;
    if (Date.now() > giveUp) throw new Error('timed out waiting for a matching view');
    clock.advance(stepMs);
    await pause();
  }
}

/** A server on the test's clock and a room its host screen opened, with a spectator watching, playing `game` on the room's defaults. */
async function startedTable(clock: ManualClock, names: string[], game: string, dataDir?: string): Promise<{ server: TestServer; t: Table }> {
  const server = closeAfterTest(await startServer({ clock, dataDir }));
  const t = closeAfterTest(await openTable(server.url, { players: names, spectator: true }));
  await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game });
  await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
  const started = await t.host.waitForView((v) => v.status === 'playing');
  expect(started.whenAway).toEqual({ play: 'default', seconds: 30 });
  expect(started.timer.deadline).toBeNull();
  return { server, t };
}

/** Close a seat's phone and wait until the room has noted it away; when it went, as stored. */
async function dropPhone(t: Table, clock: ManualClock, seat: number): Promise<number> {
  const before = t.host.view.version;
  t.players[seat]!.client.close();
  const away = await viewWithClock(t.host, clock, (v) => v.version > before && v.seats[seat]?.awaySince != null, 50);
  return away.seats[seat]!.awaySince!;
}

/** The seats the game awaits in the room as stored, each with the move its phone would send (the game's default, which is a fine move). */
async function awaitedNow(server: TestServer, code: string): Promise<{ seat: number; fallback: unknown }[]> {
  const room = await server.store.load(code);
  if (room === null || room.status !== 'playing') return [];
  return findGame(room.game!.id)!.awaiting(room.play);
}

/** Every awaited seat but `away` moves from its own phone, once each, as of the room now; the version after the last. */
async function presentMove(server: TestServer, t: Table, away: number): Promise<number> {
  let version = (await server.store.load(t.code))!.version;
  for (const { seat, fallback } of await awaitedNow(server, t.code)) {
    if (seat === away) continue;
    const p: Player = t.players[seat]!;
    ({ version } = await p.client.must(ClientEvent.action, { code: t.code, token: p.token, id: randomUUID(), action: fallback }));
  }
  return version;
}

/** The moves logged for a seat: when, and by whom. */
async function movesOf(server: TestServer, code: string, seat: number): Promise<JournalEntry[]> {
  return (await server.store.journal(code)).filter((e) => e.kind === 'action' && e.seat === seat);
}

/** Nothing is stored for a while of real time: the room made no move by itself. */
async function stillAt(server: TestServer, code: string, version: number): Promise<void> {
  await pause(100);
  expect((await server.store.load(code))!.version).toBe(version);
}

describe('an away phone on the room’s default setting', () => {
  it('costs a Waiting for the Game to Start table its grace once per absence, and again after the phone was back', async () => {
    const clock = new ManualClock();
    const { server, t } = await startedTable(clock, ['Ann', 'Bob', 'Cy'], 'wfgts');
    const cy = 2;

    // Line a of round 1: Cy's phone goes; Ann and Bob lock in. The table waits for Cy until 30 s after the phone went.
    const since = await dropPhone(t, clock, cy);
    const shown = await t.host.waitForView((v) => v.seats[cy]?.playedFrom != null);
    expect(shown.seats[cy]).toMatchObject({ connected: false, awaySince: since, playedFrom: since + GRACE_MS });
    // Spectators see the same: when Cy is played for is public.
    expect((await t.spectator!.waitForView((v) => v.version >= shown.version)).seats[cy]?.playedFrom).toBe(since + GRACE_MS);
    const waiting = await presentMove(server, t, cy);
    clock.advance(since + GRACE_MS - 1 - clock.now());
    await stillAt(server, t.code, waiting);
    clock.advance(1);
    // Line a's default rolls line b, whose default is played at once: the next step of the same absence does not wait.
    await viewWithClock(t.host, clock, (v) => lineOf(v) === 'b' && !v.awaiting.includes(cy));
    expect((await movesOf(server, t.code, cy)).map((e) => [e.at, e.detail.by])).toEqual([
      [since + GRACE_MS, 'away'],
      [since + GRACE_MS, 'away'],
    ]);

    // Ann and Bob take 5 s over line b: line c's score for Cy is played the moment it is awaited.
    clock.advance(5_000);
    const lineB = clock.now();
    await presentMove(server, t, cy);
    await viewWithClock(t.host, clock, (v) => lineOf(v) === 'c' && !v.awaiting.includes(cy));
    expect((await movesOf(server, t.code, cy)).map((e) => e.at)).toEqual([since + GRACE_MS, since + GRACE_MS, lineB]);

    // Cy's phone comes back: the seat is Cy's again, and nothing is played for it, however long Cy takes.
    const back = closeAfterTest(await TestClient.connect(server.url));
    await back.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[cy]!.token });
    t.players[cy] = { ...t.players[cy]!, client: back };
    const returned = await t.host.waitForView((v) => v.seats[cy]?.connected === true && v.seats[cy]?.awaySince === null);
    expect(returned.seats[cy]?.playedFrom).toBeNull();
    const round2 = await presentMove(server, t, cy);
    clock.advance(10 * 60_000);
    await stillAt(server, t.code, round2);
    const own = await presentMove(server, t, -1);
    expect((await movesOf(server, t.code, cy)).at(-1)).toMatchObject({ version: own, detail: { by: 'seat' } });

    // Line b of round 2: Cy's phone goes again. The new absence gets the whole grace, from when it went.
    const again = await dropPhone(t, clock, cy);
    expect(again).toBeGreaterThan(since + GRACE_MS);
    const waitingAgain = await presentMove(server, t, cy);
    clock.advance(again + GRACE_MS - 1 - clock.now());
    await stillAt(server, t.code, waitingAgain);
    clock.advance(1);
    await viewWithClock(t.host, clock, (v) => v.version > waitingAgain && !v.awaiting.includes(cy));
    const log = await movesOf(server, t.code, cy);
    expect(log.slice(-2).map((e) => [e.at, e.detail.by])).toEqual([
      [again + GRACE_MS, 'away'],
      [again + GRACE_MS, 'away'],
    ]);
    expect(log.filter((e) => e.detail.by === 'away')).toHaveLength(5);
  });

  it('costs a Ten Phases table the grace on the away player’s first turn only; later turns are played at once', async () => {
    const clock = new ManualClock();
    const { server, t } = await startedTable(clock, ['Ann', 'Bob'], 'ten-phases');
    const bob = 1;
    const since = await dropPhone(t, clock, bob);

    // Ann plays her turns as they come (each one a second apart) until the game waits on Bob.
    const untilBobsTurn = async () => {
      for (;;) {
        const awaited = await awaitedNow(server, t.code);
        if (awaited.some((a) => a.seat === bob)) return;
        clock.advance(1_000);
        await presentMove(server, t, bob);
      }
    };
    await untilBobsTurn();
    const bobsTurn = (await server.store.load(t.code))!.version;
    clock.advance(Math.max(0, since + GRACE_MS - 1 - clock.now()));
    await stillAt(server, t.code, bobsTurn);
    clock.advance(since + GRACE_MS - clock.now());
    // Bob's whole turn is played by default (a roll, then stop): Ann is awaited again.
    await viewWithClock(t.host, clock, (v) => v.version > bobsTurn && v.awaiting[0] === 0);
    const first = await movesOf(server, t.code, bob);
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first.every((e) => e.at === since + GRACE_MS && e.detail.by === 'away')).toBe(true);

    // Ann's next turn ends 1 s in; Bob's next turn starts then and is played then, without waiting.
    await untilBobsTurn();
    const turnStarted = clock.now();
    const secondTurn = (await server.store.load(t.code))!.version;
    await viewWithClock(t.host, clock, (v) => v.version > secondTurn && v.awaiting[0] === 0);
    const second = (await movesOf(server, t.code, bob)).slice(first.length);
    expect(second.length).toBeGreaterThanOrEqual(2);
    expect(second.every((e) => e.at === turnStarted && e.detail.by === 'away')).toBe(true);
  });

  it('keeps the absence across a restart: after it, the away seat is played the moment a step waits on it, with no new grace', async () => {
    const clock = new ManualClock();
    const dataDir = dataDirForTest();
    const first = await startedTable(clock, ['Ann', 'Bob', 'Cy'], 'wfgts', dataDir);
    const { t } = first;
    const cy = 2;
    const since = await dropPhone(t, clock, cy);
    await presentMove(first.server, t, cy);
    clock.advance(since + GRACE_MS - clock.now());
    await viewWithClock(t.host, clock, (v) => lineOf(v) === 'b' && !v.awaiting.includes(cy));
    t.close();
    await first.server.close();

    // A new process on the same data a minute later; Ann's and Bob's phones come back to it, Cy's does not.
    const later = new ManualClock(since + 90_000);
    const server = closeAfterTest(await startServer({ clock: later, dataDir }));
    for (const seat of [0, 1]) {
      const client = closeAfterTest(await TestClient.connect(server.url));
      await client.must(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[seat]!.token });
      t.players[seat] = { ...t.players[seat]!, client };
    }
    const ann = t.players[0]!.client;
    // Bob's return reaches Ann with the next audience refresh, on the room's clock.
    const back = await viewWithClock(ann, later, (v) => v.seats[1]?.connected === true && v.seats[1]?.awaySince === null, 50);
    expect(back.seats[cy]).toMatchObject({ connected: false, awaySince: since, playedFrom: since + GRACE_MS });
    later.advance(1_000);
    const lineB = later.now();
    await presentMove(server, t, cy);
    await viewWithClock(ann, later, (v) => lineOf(v) === 'c' && !v.awaiting.includes(cy));
    expect((await movesOf(server, t.code, cy)).map((e) => [e.at, e.detail.by])).toEqual([
      [since + GRACE_MS, 'away'],
      [since + GRACE_MS, 'away'],
      [lineB, 'away'],
    ]);
  });

  it('never waits for a removed seat: its default is played the moment the game waits on it', async () => {
    const clock = new ManualClock();
    const { server, t } = await startedTable(clock, ['Ann', 'Bob'], 'wfgts');
    const removedAt = clock.now();
    await t.host.must(ClientEvent.removeSeat, { code: t.code, token: t.hostToken, seat: 1 });
    const removed = await viewWithClock(t.host, clock, (v) => v.seats[1]?.vacant === true && !v.awaiting.includes(1));
    expect(removed.seats[1]?.playedFrom).toBe(removedAt);
    clock.advance(5_000);
    const lineA = clock.now();
    await presentMove(server, t, 1);
    await viewWithClock(t.host, clock, (v) => lineOf(v) === 'b' && !v.awaiting.includes(1));
    expect((await movesOf(server, t.code, 1)).map((e) => [e.at, e.detail.by])).toEqual([
      [removedAt, 'away'],
      [lineA, 'away'],
    ]);
  });
});

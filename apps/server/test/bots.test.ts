import { ClientEvent, type RoomView } from '@rollcall/protocol';
import type { meetFate } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';
import { closeAfterTest, dataDirForTest, startServer, TestClient, type Player, type TestServer } from './harness.js';

type MeetFateView = meetFate.MeetFateView;
const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';
// Generous: on the shared machine the first Meet Fate bot move decodes the bot's table, which can take seconds.
const WAIT_MS = 30_000;

/** A phone that opened a room as its first player (so it leads), and the server it is on. */
async function lonePhone(server: TestServer, name = 'Ann'): Promise<Player> {
  const client = closeAfterTest(await TestClient.connect(server.url));
  const joined = await client.must(ClientEvent.createRoom, { as: 'player', name, testSeed: SEED });
  return { client, seat: joined.seat!, token: joined.seatToken! };
}

const codeOf = (p: Player) => p.client.view.code;

/** A server that keeps its rooms in a data folder, and a Meet Fate room Ann opened on it from her phone. */
async function meetFateOnDisk(): Promise<{ dataDir: string; clock: ManualClock; server: TestServer; ann: Player; code: string }> {
  const dataDir = dataDirForTest();
  const clock = new ManualClock();
  const server = closeAfterTest(await startServer({ clock, dataDir }));
  const ann = await lonePhone(server);
  await ann.client.must(ClientEvent.configure, { code: codeOf(ann), token: ann.token, game: 'meet-fate' });
  return { dataDir, clock, server, ann, code: codeOf(ann) };
}

/** The player's seat taken back from a new phone on `server`, as after a restart. */
async function rejoin(server: TestServer, player: Player): Promise<Player> {
  const client = closeAfterTest(await TestClient.connect(server.url));
  await client.must(ClientEvent.joinRoom, { code: codeOf(player), as: 'seat', seatToken: player.token });
  return { ...player, client };
}

/** A server on `clock`, a room Ann opened from her phone, and Bob's phone seated after her. */
async function annAndBob(clock: ManualClock): Promise<{ server: TestServer; code: string; ann: Player; bob: Player }> {
  const server = closeAfterTest(await startServer({ clock }));
  const ann = await lonePhone(server);
  const code = codeOf(ann);
  const client = closeAfterTest(await TestClient.connect(server.url));
  const joined = await client.must(ClientEvent.joinRoom, { code, as: 'player', name: 'Bob' });
  return { server, code, ann, bob: { client, seat: joined.seat!, token: joined.seatToken! } };
}
const play = (view: RoomView) => view.play as MeetFateView;

/**
 * Play on from the phone's newest view until the game is over or `stop`
 * says so: the phone rolls once and fills the best box on its turns, and
 * while a bot is awaited the clock is nudged so its move (due at once, the
 * tests' pause being zero) comes.
 */
async function playOn(phone: Player, clock: ManualClock, stop: (view: RoomView) => boolean = () => false): Promise<RoomView> {
  const code = codeOf(phone);
  for (let n = 0; ; n++) {
    const view = phone.client.view;
    if (view.status === 'finished' || stop(view)) return view;
    const mf = play(view);
    if (mf.active === phone.seat) {
      const action = mf.rolls === 0 ? { type: 'roll', hold: [] } : { type: 'fill', box: mf.best[0] };
      await phone.client.must(ClientEvent.action, { code, token: phone.token, id: `m${view.version}`, version: view.version, action });
    } else {
      // The next bot move was scheduled before this view was sent: the server is in this process.
      clock.advance(0);
    }
    await phone.client.waitForView((v) => v.version > view.version, WAIT_MS);
  }
}

describe('bots at the table', () => {
  it('fill the seats of a phone alone, play a whole Meet Fate game across a restart, and log each of their moves once', async () => {
    const opened = await meetFateOnDisk();
    const { dataDir, clock, ann, code } = opened;
    let server = opened.server;
    await ann.client.must(ClientEvent.addBot, { code, token: ann.token });
    await ann.client.must(ClientEvent.addBot, { code, token: ann.token });
    const lobby = await ann.client.waitForView((v) => v.seats.length === 3);
    expect(lobby.seats.map((s) => [s.name, s.bot, s.vacant])).toEqual([
      ['Ann', false, false],
      ['Bot Ada', true, false],
      ['Bot Bix', true, false],
    ]);
    await ann.client.must(ClientEvent.start, { code, token: ann.token });

    // Play until a bot's move is due, in the fifth round, then stop the server before it fires.
    const due = await playOn(ann, clock, (v) => play(v).round >= 5 && play(v).active === 1 && play(v).rolls === 0);
    expect(due.status).toBe('playing');
    const before = (await server.store.journal(code)).length;
    ann.client.close();
    await server.close();

    const later = new ManualClock(clock.now());
    server = closeAfterTest(await startServer({ clock: later, dataDir }));
    // The bot's deadline came back from the store: its timer waits beside the retention sweep's.
    expect(later.waiting).toBe(2);
    expect((await server.store.journal(code)).length).toBe(before);
    const back = await rejoin(server, ann);
    await back.client.waitForView(() => true);
    const end = await playOn(back, later);

    expect(end.status).toBe('finished');
    expect(end.outcome).not.toBeNull();
    const log = await server.store.journal(code);
    const moves = log.filter((e) => e.kind === 'action');
    // Each version once: no move was stored twice, across the restart included.
    expect(new Set(log.map((e) => e.version)).size).toBe(log.length);
    expect(moves.filter((e) => e.seat === 0).every((e) => e.detail.by === 'seat')).toBe(true);
    for (const seat of [1, 2]) {
      const own = moves.filter((e) => e.seat === seat);
      expect(own.every((e) => e.detail.by === 'bot')).toBe(true);
      // Every box the bot's sheet shows was filled by exactly one logged bot move.
      const filled = Object.values(play(end).sheets[seat]!.boxes).filter((b) => b !== null).length;
      expect(own.filter((e) => (e.detail.action as { type: string }).type === 'fill')).toHaveLength(filled);
    }
    expect(play(end).sheets[1]!.total).toBeGreaterThan(0);
  });

  it('play at the strength they were added at, across a restart, and refuse a strength there is none of', async () => {
    const opened = await meetFateOnDisk();
    const { dataDir, clock, ann, code } = opened;
    let server = opened.server;
    const creds = { code, token: ann.token };
    const before = (await server.store.load(code))!.version;
    expect(await ann.client.request(ClientEvent.addBot, { ...creds, strength: 'hard' })).toMatchObject({
      ok: false,
      error: { code: 'room/bad-request' },
    });
    expect((await server.store.load(code))!.version).toBe(before);
    await ann.client.must(ClientEvent.addBot, { ...creds, strength: 'easy' });
    await ann.client.must(ClientEvent.addBot, creds);
    const lobby = await ann.client.waitForView((v) => v.seats.length === 3);
    expect(lobby.seats.map((s) => [s.name, s.bot, s.botStrength])).toEqual([
      ['Ann', false, undefined],
      ['Bot Ada', true, 'easy'],
      // A bot added without a strength is strong, as every bot was before strengths.
      ['Bot Bix', true, 'strong'],
    ]);
    await ann.client.must(ClientEvent.start, creds);

    await playOn(ann, clock, (v) => play(v).round >= 4 && play(v).active === 1 && play(v).rolls === 0);
    ann.client.close();
    await server.close();
    const later = new ManualClock(clock.now());
    server = closeAfterTest(await startServer({ clock: later, dataDir }));
    const back = await rejoin(server, ann);
    const restored = await back.client.waitForView(() => true);
    expect(restored.seats.map((s) => s.botStrength)).toEqual([undefined, 'easy', 'strong']);
    const restartedAt = restored.version;
    await playOn(back, later, (v) => play(v).round >= 9);

    /** How many times a seat rolled in each turn it finished, from the logged moves after `from`. */
    const rollsPerTurn = async (seat: number, from: number): Promise<number[]> => {
      const moves = (await server.store.journal(code)).filter((e) => e.kind === 'action' && e.seat === seat && e.version > from);
      const turns: number[] = [];
      let rolls = 0;
      for (const e of moves) {
        if ((e.detail.action as { type: string }).type === 'fill') turns.push(rolls);
        rolls = (e.detail.action as { type: string }).type === 'fill' ? 0 : rolls + 1;
      }
      return turns;
    };
    // The easy bot fills a box after its first roll, as a beginner does, before the restart and after it.
    const easyTurns = await rollsPerTurn(1, 0);
    expect(easyTurns.length).toBeGreaterThanOrEqual(8);
    expect(easyTurns.every((rolls) => rolls === 1)).toBe(true);
    expect((await rollsPerTurn(1, restartedAt)).length).toBeGreaterThanOrEqual(4);
    // The strong bot plays the optimal strategy, which rolls again far more often than not.
    const strongTurns = await rollsPerTurn(2, 0);
    expect(strongTurns.filter((rolls) => rolls > 1).length).toBeGreaterThan(strongTurns.length / 2);
    expect((await rollsPerTurn(2, restartedAt)).some((rolls) => rolls > 1)).toBe(true);
  });

  it('are added only by the lead or host, in the lobby, up to the game’s seats, and nobody plays or takes their seat', async () => {
    const { server, code, ann, bob: bobSeat } = await annAndBob(new ManualClock());
    const bob = bobSeat.client;
    const bobCreds = { code, token: bobSeat.token };

    expect(await bob.request(ClientEvent.addBot, bobCreds)).toMatchObject({ ok: false, error: { code: 'room/not-lead' } });
    expect(await bob.request(ClientEvent.addBot, { code })).toMatchObject({ ok: false, error: { code: 'room/bad-request' } });
    const wrong = { code, token: 'not-a-token-of-this-room-000' };
    expect(await bob.request(ClientEvent.addBot, wrong)).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });

    // Powers 'n Points seats at most six: two players and four bots fill it.
    await ann.client.must(ClientEvent.configure, { code, token: ann.token, game: 'war-pnp' });
    const creds = { code, token: ann.token };
    for (let bot = 0; bot < 4; bot++) await ann.client.must(ClientEvent.addBot, creds);
    const full = await ann.client.request(ClientEvent.addBot, creds);
    expect(full).toMatchObject({ ok: false, error: { code: 'room/full' } });
    const refusedAt = (await server.store.load(code))!.version;
    await ann.client.must(ClientEvent.removeSeat, { ...creds, seat: 3 });
    await ann.client.must(ClientEvent.addBot, creds);
    const seated = await ann.client.waitForView((v) => v.version > refusedAt + 1);
    expect(seated.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Bot Ada', 'Bot Cog', 'Bot Dot', 'Bot Bix']);

    await ann.client.must(ClientEvent.start, creds);
    expect(await ann.client.request(ClientEvent.addBot, creds)).toMatchObject({ ok: false, error: { code: 'room/not-in-lobby' } });
    const version = (await server.store.load(code))!.version;
    const forBot = { ...creds, id: 'for-bot', version, seat: 2 };
    expect(await ann.client.request(ClientEvent.playDefault, forBot)).toMatchObject({ ok: false, error: { code: 'room/bot-seat' } });
    expect(await ann.client.request(ClientEvent.action, { ...forBot, action: { type: 'roll' } })).toMatchObject({
      ok: false,
      error: { code: 'room/bot-seat' },
    });
    const namesake = closeAfterTest(await TestClient.connect(server.url));
    expect(await namesake.request(ClientEvent.joinRoom, { code, as: 'player', name: 'bot ada' })).toMatchObject({
      ok: false,
      error: { code: 'room/bot-seat' },
    });
    // None of the refusals changed the room.
    expect((await server.store.load(code))!.version).toBe(version);
  });

  it('take over an away seat after its grace when the room says so, and give it back when its phone returns', async () => {
    const clock = new ManualClock();
    const { server, code, ann, bob: bobSeat } = await annAndBob(clock);
    const creds = { code, token: ann.token };
    await ann.client.must(ClientEvent.configure, { ...creds, game: 'meet-fate', whenAway: { play: 'bot', seconds: 15 } });
    await ann.client.must(ClientEvent.start, creds);

    bobSeat.client.close();
    // A leaving phone reaches the room with the next audience refresh, whose timer runs on the test's clock.
    const noted = ann.client.waitForView((v) => v.seats[1]?.awaySince != null, WAIT_MS);
    let seen = false;
    void noted.finally(() => (seen = true));
    while (!seen) {
      clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wentAway = clock.now();
    // Ann's turn, then Bob's: nothing is played for him before his grace is over.
    const bobsTurn = await playOn(ann, clock, (v) => play(v).active === 1);
    clock.advance(wentAway + 14_000 - clock.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server.store.load(code))!.version).toBe(bobsTurn.version);
    clock.advance(1_000);
    // The bot plays Bob's whole turn; Ann is awaited again.
    const annAgain = await playOn(ann, clock, (v) => play(v).active === 0);
    const byBot = (await server.store.journal(code)).filter((e) => e.kind === 'action' && e.seat === 1);
    expect(byBot.length).toBeGreaterThan(0);
    expect(byBot.every((e) => e.detail.by === 'bot')).toBe(true);

    // Bob's phone comes back: the next turn of his is his own to play.
    const bob = closeAfterTest(await TestClient.connect(server.url));
    await bob.must(ClientEvent.joinRoom, { code, as: 'seat', seatToken: bobSeat.token });
    await bob.waitForView((v) => v.seats[1]?.awaySince === null && v.version >= annAgain.version, WAIT_MS);
    const bobsNext = await playOn(ann, clock, (v) => play(v).active === 1);
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await server.store.load(code);
    expect(after!.version).toBe(bobsNext.version);
    expect((await server.store.journal(code)).filter((e) => e.seat === 1 && e.kind === 'action')).toHaveLength(byBot.length);
  });
});

describe('hints', () => {
  /** Every pushed message (views, parts) that holds a `hint`: hints only ever go out as the reply to the seat that asked. */
  const pushedHints = (client: TestClient) =>
    client.received.filter((r) => !r.event.startsWith('reply:') && JSON.stringify(r.payload).includes('"hint"'));

  it('answer only the seat the game awaits, for its step, and nobody when the room turns them off', async () => {
    const { server, code, ann, bob: bobSeat } = await annAndBob(new ManualClock());
    const bob = bobSeat.client;
    const watcher = closeAfterTest(await TestClient.connect(server.url));
    await watcher.must(ClientEvent.joinRoom, { code, as: 'spectator' });
    const creds = { code, token: ann.token };
    await ann.client.must(ClientEvent.configure, { ...creds, game: 'meet-fate' });
    expect(await ann.client.request(ClientEvent.askHint, creds)).toMatchObject({ ok: false, error: { code: 'room/not-playing' } });
    await ann.client.must(ClientEvent.start, creds);
    const started = await ann.client.waitForView((v) => v.status === 'playing');
    expect(await ann.client.must(ClientEvent.askHint, creds)).toEqual({
      step: started.step,
      hint: { game: 'meet-fate', action: { type: 'roll', hold: [] } },
    });
    const { version } = await ann.client.must(ClientEvent.action, { ...creds, id: 'r1', version: started.version, action: { type: 'roll', hold: [] } });
    const rolled = await ann.client.waitForView((v) => v.version === version);
    expect(rolled.step).toBeGreaterThan(started.step);
    // After a roll the hint is the optimal strategy's: a keep to roll again, or the box to fill.
    const after = await ann.client.must(ClientEvent.askHint, creds);
    expect(after.step).toBe(rolled.step);
    expect((after.hint as { action: { type: string } } | null)?.action.type).toMatch(/^(roll|fill)$/);
    // Bob is not awaited: nothing to suggest. A screen without a seat, or a wrong token, gets a typed refusal.
    expect(await bob.must(ClientEvent.askHint, { code, token: bobSeat.token })).toEqual({ step: rolled.step, hint: null });
    expect(await watcher.request(ClientEvent.askHint, { code, token: 'x'.repeat(24) })).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
    const tv = closeAfterTest(await TestClient.connect(server.url));
    const other = await tv.must(ClientEvent.createRoom, { as: 'host' });
    expect(await tv.request(ClientEvent.askHint, { code: other.code, token: other.hostToken })).toMatchObject({ ok: false, error: { code: 'room/no-seat' } });
    await watcher.waitForView((v) => v.version === version);
    await bob.waitForView((v) => v.version === version);
    for (const client of [ann.client, bob, watcher]) expect(pushedHints(client)).toEqual([]);

    // Off for the next game: asking is refused and changes nothing.
    await ann.client.must(ClientEvent.rematch, creds);
    await ann.client.must(ClientEvent.configure, { ...creds, game: 'meet-fate', hints: false });
    await ann.client.waitForView((v) => v.status === 'lobby' && !v.hints);
    await ann.client.must(ClientEvent.start, creds);
    const again = await ann.client.waitForView((v) => v.status === 'playing' && !v.hints);
    expect(await ann.client.request(ClientEvent.askHint, creds)).toMatchObject({ ok: false, error: { code: 'room/hints-off' } });
    expect((await server.store.load(code))?.version).toBe(again.version);
  });
});

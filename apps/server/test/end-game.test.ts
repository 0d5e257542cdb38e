/**
 * Ending a game early over real sockets: the lead's phone or a host screen
 * ends Ten Phases part-way, back to the lobby or straight into another game;
 * everyone sees who ended it, the dice are revealed only then, and the ended
 * game's record is kept and checks out.
 */
import { randomUUID } from 'node:crypto';
import { ClientEvent, type RoomView } from '@rollcall/protocol';
import { verifyRecord, type GameRecord } from '@rollcall/protocol/game-record';
import { commitmentOf, diceSeed } from '@rollcall/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { firstHeldWhere, openTable, startServer, type Player, type Table, type TestClient, type TestServer } from './harness.js';

let server: TestServer | undefined;
let table: Table | undefined;
afterEach(async () => {
  table?.close();
  await server?.close();
});

const clientSeeds = ['a1'.repeat(16), 'b2'.repeat(16), 'c3'.repeat(16)];

/** Every screen of the table: host, spectator and phones. */
const screens = (t: Table): TestClient[] => [t.host, t.spectator!, ...t.players.map((p) => p.client)];

/** Wait until every screen has seen a view that matches. */
const everyoneSees = (t: Table, match: (v: RoomView) => boolean) => Promise.all(screens(t).map((c) => c.waitForView(match)));

/** Each phone gives its client seed for the room's next game. */
async function giveSeeds(t: Table, seeds: readonly string[]): Promise<void> {
  for (const [i, p] of t.players.entries()) {
    await p.client.must(ClientEvent.contributeSeed, { code: t.code, token: p.token, clientSeed: seeds[i] });
  }
}

/** A sealed room with Ann (the lead), Bob and Cy, a spectator, and Ten Phases started from Ann's phone. */
async function tenPhasesTable(s: TestServer): Promise<Table> {
  const t = await openTable(s.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true });
  await giveSeeds(t, clientSeeds);
  const ann = t.players[0]!;
  await ann.client.must(ClientEvent.configure, { code: t.code, token: ann.token, game: 'ten-phases' });
  const { version } = await ann.client.must(ClientEvent.start, { code: t.code, token: ann.token });
  await everyoneSees(t, (v) => v.version >= version && v.status === 'playing');
  return t;
}

/** Play `turns` whole turns of Ten Phases, each by the seat whose turn it is: one roll of every die, then stop. */
async function playTurns(t: Table, turns: number): Promise<number> {
  let version = t.host.view.version;
  for (let i = 0; i < turns; i++) {
    const seat = t.host.view.awaiting[0]!;
    const player = t.players[seat]!;
    for (const action of [{ type: 'roll', keep: [] }, { type: 'stop' }]) {
      ({ version } = await player.client.must(ClientEvent.action, { code: t.code, token: player.token, id: randomUUID(), action }));
      await t.host.waitForView((v) => v.version >= version);
    }
  }
  return version;
}

const endGame = (t: Table, by: Player | 'host', then: unknown, id = randomUUID()) =>
  (by === 'host' ? t.host : by.client).request(ClientEvent.endGame, {
    code: t.code,
    token: by === 'host' ? t.hostToken : by.token,
    id,
    then,
  });

async function fetchRecord(s: TestServer, id: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(`${s.url}/api/games/${id}/record`);
  return { status: answer.status, body: await answer.text() };
}

describe('ending a game early', () => {
  it("from the lead's phone, back to the lobby: everyone is told, the dice are revealed then and the record checks out", async () => {
    server = await startServer();
    table = await tenPhasesTable(server);
    const t = table;
    const [ann, bob] = [t.players[0]!, t.players[1]!];
    const playedTo = await playTurns(t, 2);
    const commitment = t.host.view.dice!.commitment;
    const recordId = `${t.code}-${commitment.slice(0, 16)}`;
    expect((await fetchRecord(server, recordId)).status).toBe(404);

    // Only the lead or a host screen may end it: another phone is refused, and nothing changes.
    const refused = await endGame(t, bob, { to: 'lobby' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/not-lead' } });
    expect((await server.store.load(t.code))?.version).toBe(playedTo);

    const id = randomUUID();
    const ended = await endGame(t, ann, { to: 'lobby' }, id);
    if (!ended.ok) throw new Error(ended.error.code);
    // A retry of the same end gets the first answer, and ends nothing more.
    expect(await endGame(t, ann, { to: 'lobby' }, id)).toEqual(ended);
    expect((await server.store.load(t.code))?.version).toBe(ended.value.version);

    const seen = await everyoneSees(t, (v) => v.version >= ended.value.version);
    for (const view of seen) {
      expect(view.status).toBe('lobby');
      expect(view.ended).toMatchObject({ by: 'lead', name: 'Ann', game: 'ten-phases', next: null });
      expect(view.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy']);
      expect(view.dice?.previous).toMatchObject({ commitment, record: recordId });
      expect(view.dice?.commitment).not.toBe(commitment);
    }
    const serverSeed = seen[0]!.dice!.previous!.serverSeed;
    expect(commitmentOf(serverSeed)).toBe(commitment);

    // Neither the server seed nor the dice seed reached any screen before the view that ended the game.
    const dice = Buffer.from(diceSeed(serverSeed, clientSeeds)).toString('hex');
    for (const client of screens(t)) {
      const end = firstHeldWhere(client.received, (view) => (view.ended ?? null) !== null);
      expect(end).toBeGreaterThan(0);
      for (const message of client.received.slice(0, end)) {
        expect(JSON.stringify(message)).not.toContain(serverSeed);
        expect(JSON.stringify(message)).not.toContain(dice);
      }
      expect(JSON.stringify(client.received.slice(end))).toContain(serverSeed);
    }

    // The journal says who ended it.
    const entry = (await server.store.journal(t.code)).find((e) => e.kind === 'end-game');
    expect(entry).toMatchObject({ seat: 0, detail: { by: 'lead', game: 'ten-phases', then: 'lobby' } });

    // The record is kept like any other: every move and roll, no standings, and how it stopped.
    const fetched = await fetchRecord(server, recordId);
    expect(fetched.status).toBe(200);
    const record = JSON.parse(fetched.body) as GameRecord;
    expect(record.ended).toEqual({ how: 'ended-early', by: 'lead', seat: 0 });
    expect(record.outcome).toBeNull();
    expect(record.moves).toHaveLength(4);
    expect(record.dice).toEqual({ commitment, clientSeeds, serverSeed });
    expect(verifyRecord(record)).toEqual({
      ok: true,
      rolls: expect.any(Number) as number,
      moves: 4,
      finished: false,
      ended: { how: 'ended-early', by: 'lead', seat: 0 },
    });
    const tampered = JSON.parse(fetched.body) as GameRecord;
    const rolled = tampered.moves.findIndex((m) => m.rolls.length > 0);
    tampered.moves[rolled]!.rolls[0] = (tampered.moves[rolled]!.rolls[0]! % 6) + 1;
    expect(verifyRecord(tampered)).toMatchObject({ ok: false, check: 'roll', move: rolled });

    // No game is on any more: ending again is refused.
    expect(await endGame(t, ann, { to: 'lobby' })).toMatchObject({ ok: false, error: { code: 'room/not-playing' } });
  });

  it('from the host screen, straight into another game with the same seats once the phones have sealed its dice', async () => {
    server = await startServer();
    table = await tenPhasesTable(server);
    const t = table;
    await playTurns(t, 1);
    const first = t.host.view.dice!.commitment;

    // Options the next game does not take are refused, and the game plays on.
    const bad = await endGame(t, 'host', { to: 'game', game: 'meet-fate', options: { firstSeat: -1 } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'rule/bad-options' } });
    expect((await server.store.load(t.code))?.status).toBe('playing');

    const ended = await endGame(t, 'host', { to: 'game', game: 'war-pnp' });
    if (!ended.ok) throw new Error(ended.error.code);
    const lobby = await everyoneSees(t, (v) => v.version >= ended.value.version);
    for (const view of lobby) {
      expect(view).toMatchObject({ status: 'lobby', game: { id: 'war-pnp' } });
      expect(view.ended).toMatchObject({ by: 'host', name: null, game: 'ten-phases', next: 'war-pnp' });
      expect(view.dice?.previous?.commitment).toBe(first);
    }

    // The server committed to the next seed first; the phones' seeds come after, and the last one starts the game.
    const next = ['d4'.repeat(16), 'e5'.repeat(16), 'f6'.repeat(16)];
    await giveSeeds(t, next);
    const started = await everyoneSees(t, (v) => v.version > ended.value.version && v.status === 'playing');
    for (const view of started) {
      expect(view.game?.id).toBe('war-pnp');
      expect(view.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy']);
      expect(view.dice?.clientSeeds).toEqual(next);
      expect(view.ended).toMatchObject({ by: 'host', next: 'war-pnp' });
    }

    const record = JSON.parse((await fetchRecord(server, `${t.code}-${first.slice(0, 16)}`)).body) as GameRecord;
    expect(record.game.id).toBe('ten-phases');
    expect(record.moves).toHaveLength(2);
    expect(verifyRecord(record)).toMatchObject({ ok: true, finished: false, ended: { how: 'ended-early', by: 'host', seat: null } });
    // The game now on keeps its seal closed.
    expect((await fetchRecord(server, `${t.code}-${started[0]!.dice!.commitment.slice(0, 16)}`)).status).toBe(404);
  });

  it('is refused in a room whose game has not started', async () => {
    server = await startServer();
    const t = await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true });
    table = t;
    const before = (await server.store.load(t.code))?.version;
    expect(await endGame(t, t.players[0]!, { to: 'lobby' })).toMatchObject({ ok: false, error: { code: 'room/not-playing' } });
    expect(await endGame(t, 'host', { to: 'lobby' })).toMatchObject({ ok: false, error: { code: 'room/not-playing' } });
    expect((await server.store.load(t.code))?.version).toBe(before);
  });
});

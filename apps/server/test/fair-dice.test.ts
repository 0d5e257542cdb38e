/**
 * Sealed dice over real sockets: the commitment is public from the lobby on,
 * the phones add their client seeds, the rolls come from the dice seed made of
 * both, and the server seed (and so the dice seed) reaches no socket before
 * the game ends, when it is revealed to everyone.
 */
import { ClientEvent } from '@rollcall/protocol';
import { verifyRecord, type GameRecord } from '@rollcall/protocol/game-record';
import { applyAction, commitmentOf, diceSeed, findGame, generatorDice, seedGenerator } from '@rollcall/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirForTest, openTable, startServer, type Table, type TestServer } from './harness.js';
import { latest, playUntil, settle } from './wfgts-driver.js';

let server: TestServer | undefined;
let table: Table | undefined;
afterEach(async () => {
  table?.close();
  await server?.close();
});

const clientSeeds = ['a1'.repeat(16), 'b2'.repeat(16), 'c3'.repeat(16)];

/** What `GET /api/games/<id>/record` answers, as any HTTP client gets it. */
async function fetchRecord(s: TestServer, id: string): Promise<{ status: number; body: string }> {
  const answer = await fetch(`${s.url}/api/games/${id}/record`);
  return { status: answer.status, body: await answer.text() };
}

/** Every form a secret of 32 bytes could travel in. */
const encodings = (hex: string) => [hex, Buffer.from(hex, 'hex').toString('base64'), Buffer.from(hex, 'hex').toString('base64url')];

async function sealedTable(s: TestServer): Promise<Table> {
  const t = await openTable(s.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true });
  for (const [i, p] of t.players.entries()) {
    await p.client.must(ClientEvent.contributeSeed, { code: t.code, token: p.token, clientSeed: clientSeeds[i] });
  }
  // A second seed from the same seat changes nothing: the first one stands.
  const again = await t.players[0]!.client.must(ClientEvent.contributeSeed, {
    code: t.code,
    token: t.players[0]!.token,
    clientSeed: 'ff'.repeat(16),
  });
  await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
  expect(latest(t.host).dice?.clientSeeds).toEqual(clientSeeds);
  expect(again.version).toBeLessThan(latest(t.host).version);
  const { version } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
  await settle(t, version);
  return t;
}

describe('sealed dice, seen from the sockets', () => {
  it('rolls from the committed server seed and the client seeds, revealing the seed only when the game is over', async () => {
    server = await startServer();
    table = await sealedTable(server);
    const t = table;
    const commitment = latest(t.host).dice?.commitment ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const id = `${t.code}-${commitment.slice(0, 16)}`;
    // While the game is on, its record is not there, and the answer names no seed.
    const early = await fetchRecord(server, id);
    expect(early.status).toBe(404);
    const storedSeal = (await server.store.load(t.code))?.seal;
    expect(early.body).not.toContain(storedSeal?.serverSeed ?? 'no seal');
    expect(latest(t.host).dice?.record).toBeNull();
    const final = await playUntil(t);
    expect(final.status).toBe('finished');

    const serverSeed = final.dice?.serverSeed ?? '';
    expect(commitmentOf(serverSeed)).toBe(commitment);
    const seed = Buffer.from(diceSeed(serverSeed, clientSeeds)).toString('hex');
    const secrets = [...encodings(serverSeed), ...encodings(seed)];
    const screens = [t.host, t.spectator!, ...t.players.map((p) => p.client)];
    for (const client of screens) {
      const views = client.views;
      // Every view, the lobby's included, shows the same commitment.
      expect(views.length).toBeGreaterThan(20);
      for (const view of views) expect(view.dice?.commitment).toBe(commitment);
      // Nothing before the view that ended the game carries the server seed or the dice seed, in any form.
      const end = client.received.findIndex((m) => JSON.stringify(m.payload).includes('"status":"finished"'));
      expect(end).toBeGreaterThan(0);
      for (const message of client.received.slice(0, end)) {
        for (const secret of secrets) expect(JSON.stringify(message)).not.toContain(secret);
      }
      const last = await client.waitForView((v) => v.version === final.version);
      expect(last.dice?.serverSeed).toBe(serverSeed);
    }

    // The logged moves, played from the dice seed, give the very outcome the room shows.
    const game = findGame('wfgts')!;
    const dice = generatorDice(seedGenerator(diceSeed(serverSeed, clientSeeds)));
    let state: unknown = game.setup({ seats: 3, options: {}, dice });
    for (const entry of (await server.store.journal(t.code)).filter((e) => e.kind === 'action')) {
      const result = applyAction(game, state, entry.seat ?? -1, entry.detail.action, { dice });
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
    }
    expect(game.outcome(state)).toEqual(final.outcome);

    // Once it is over, anyone can fetch the game's record and check it without the server.
    expect(final.dice?.record).toBe(id);
    const fetched = await fetchRecord(server, id);
    expect(fetched.status).toBe(200);
    const record = JSON.parse(fetched.body) as GameRecord;
    expect(record.seats.map((seat) => seat.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(record.dice).toEqual({ commitment, clientSeeds, serverSeed });
    expect(record.outcome).toEqual(final.outcome);
    expect(record.moves.length).toBe((await server.store.journal(t.code)).filter((e) => e.kind === 'action').length);
    const verdict = verifyRecord(record);
    expect(verdict).toMatchObject({ ok: true, finished: true, moves: record.moves.length });
    expect(verifyRecord({ ...record, moves: record.moves.slice(1) }).ok).toBe(false);
    expect((await fetchRecord(server, `${t.code}-${'0'.repeat(16)}`)).status).toBe(404);
  });

  it('reveals an abandoned game’s seed at the rematch and seals the next game afresh', async () => {
    server = await startServer();
    table = await sealedTable(server);
    const t = table;
    const first = latest(t.host).dice!;
    expect(first.serverSeed).toBeNull();
    const { version } = await t.host.must(ClientEvent.rematch, { code: t.code, token: t.hostToken });
    const lobby = await t.spectator!.waitForView((v) => v.version >= version);
    expect(lobby.status).toBe('lobby');
    expect(lobby.dice?.previous?.commitment).toBe(first.commitment);
    expect(commitmentOf(lobby.dice?.previous?.serverSeed ?? '')).toBe(first.commitment);
    expect(lobby.dice?.commitment).not.toBe(first.commitment);
    expect(lobby.dice?.serverSeed).toBeNull();
    expect(lobby.dice?.clientSeeds).toEqual([null, null, null]);

    // The abandoned game's record is there now: no standings, every move and roll checkable.
    expect(lobby.dice?.previous?.record).toBe(`${t.code}-${first.commitment.slice(0, 16)}`);
    const fetched = await fetchRecord(server!, lobby.dice?.previous?.record ?? '');
    expect(fetched.status).toBe(200);
    const record = JSON.parse(fetched.body) as GameRecord;
    expect(record.outcome).toBeNull();
    expect(verifyRecord(record)).toMatchObject({ ok: true, finished: false });
    // The next game's seal is still closed: no record, no seed.
    const next = await fetchRecord(server!, `${t.code}-${lobby.dice?.commitment.slice(0, 16)}`);
    expect(next.status).toBe(404);
  });

  it('keeps the seal and the client seeds with the room across a restart', async () => {
    const dataDir = dataDirForTest();
    server = await startServer({ dataDir });
    const t = await openTable(server.url, { players: ['Ann', 'Bob'] });
    table = t;
    await t.players[0]!.client.must(ClientEvent.contributeSeed, { code: t.code, token: t.players[0]!.token, clientSeed: clientSeeds[0] });
    const before = await server.store.load(t.code);
    t.close();
    await server.close();
    server = await startServer({ dataDir });
    const after = await server.store.load(t.code);
    expect(after?.seal).toEqual(before?.seal);
    expect(Object.values(after?.seal?.clientSeeds ?? {})).toEqual([clientSeeds[0]]);
  });
});

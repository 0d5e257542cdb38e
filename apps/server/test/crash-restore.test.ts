import { rmSync } from 'node:fs';
import { ClientEvent } from '@rollcall/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteAdapter } from '../src/store/sqlite-adapter.js';
import { freePort, openTable, spawnServer, tempDataDir, type SpawnedServer, type Table, type TestClient } from './harness.js';
import { latest, playUntil, replayedOutcome, settle } from './wfgts-driver.js';

const SEED = '9cbafa7e967a76d45d41ad0693e98bf6';

const children: SpawnedServer[] = [];
let table: Table | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  table?.close();
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
    await child.exited;
  }
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Join again as a phone does after a restart: on every new connection. While
 * the new server starts, under load, a connection the client made can still
 * drop before its join is answered; the phone then joins on the next one.
 */
async function rejoin(client: TestClient, join: Record<string, unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await client.connected(10_000);
    const reply = await client.request(ClientEvent.joinRoom, join).catch((err: unknown) => {
      if (attempt < 3 && err instanceof Error && err.message === 'socket has been disconnected') return null;
      throw err;
    });
    if (reply === null) continue;
    if (!reply.ok) throw new Error(`joinRoom was refused: ${reply.error.code}`);
    return;
  }
}

describe('a server killed right after an accepted action', () => {
  // Two server starts and a whole game: far more than the default time on a busy machine.
  it('comes back on the same data with the room, the phones take their seats back and the game finishes', { timeout: 90_000 }, async () => {
    const port = await freePort();
    dataDir = tempDataDir();
    const first = await spawnServer({ port, dataDir });
    children.push(first);
    const t = await openTable(first.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED });
    table = t;
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
    await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
    await playUntil(t, (v) => v.play?.round === 2 && v.play.line === 'b');

    const ann = t.players[0]!;
    const lastMove = {
      code: t.code,
      token: ann.token,
      id: 'the-last-move-before-the-crash',
      version: ann.client.view.version,
      action: { type: 'carry', dice: [1, 4] },
    };
    const accepted = await ann.client.must(ClientEvent.action, lastMove);
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    // Until a client has seen its connection drop it still counts itself connected, and a join sent then is lost.
    await Promise.all([t.host, t.spectator!, ...t.players.map((p) => p.client)].map((c) => c.disconnected()));

    const second = await spawnServer({ port, dataDir });
    children.push(second);
    for (const player of t.players) await rejoin(player.client, { code: t.code, as: 'seat', seatToken: player.token });
    await rejoin(t.host, { code: t.code, as: 'host', hostToken: t.hostToken });
    await rejoin(t.spectator!, { code: t.code, as: 'spectator' });
    await settle(t, accepted.version);

    const annView = latest(ann.client);
    // Later versions only note phones away and back as they came in one by one.
    expect(annView.version).toBeGreaterThanOrEqual(accepted.version);
    if (annView.play?.kind !== 'seat') throw new Error('no sheet');
    expect(annView.play.me.pendingCarry).toEqual([1, 4]);
    expect(latest(t.host).play?.seats[0]?.chosen).toBe(true);
    // The phone never heard back? Its retry is answered with the first result, not applied twice.
    expect(await ann.client.request(ClientEvent.action, lastMove)).toEqual({ ok: true, value: accepted });

    const final = await playUntil(t);
    expect(final.status).toBe('finished');

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const store = await openSqliteAdapter(dataDir);
    try {
      const log = await store.journal(t.code);
      expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 3);
      expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
    } finally {
      await store.close();
    }
  });
});

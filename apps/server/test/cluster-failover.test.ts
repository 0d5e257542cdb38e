import { ClientEvent } from '@rollcall/protocol';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openRedisAdapter } from '../src/store/redis-adapter.js';
import { CLUSTER_TEST_TIMEOUT_MS, redisKinds, startCluster } from './cluster.js';
import { closeAfterTest, openTable, TestClient } from './harness.js';
import { latest, playUntil, replayedOutcome, settle, type WfgtsRoomView } from './wfgts-driver.js';

const SEED = '4603aabb33e541d5d392e5831f18b7e8';
/** Past a 30-second turn timer plus the sweep's grace, in one jump of the survivor's clock. */
const JUMP_MS = 35_000;


/** The same screen, now connected to another node (as the load balancer would send it), back in its room. */
async function reconnect(url: string, join: Record<string, unknown>): Promise<TestClient> {
  const client = await TestClient.connect(url);
  await client.must(ClientEvent.joinRoom, join);
  return client;
}

describe.each(redisKinds)('a node killed in the middle of a round, on %s', (kind) => {
  it('leaves its phones to finish on the other node, which fires the turn timer the dead node set', async () => {
    const cluster = closeAfterTest(await startCluster([{}, { clockStepMs: JUMP_MS }], kind));
    const [doomed, survivor] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    // The host screen, Ann (seat 0) and Cy (seat 2) on the doomed node; Bob and the spectator on the survivor.
    const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED }));
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts', timer: 30 });
    // A screen on the other node can get the view after the host screen's answer: play starts once all have it.
    await settle(t, (await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken })).version);
    // Seats move in order, so Cy's carry, taken by the doomed node, rolls line b and sets the new deadline there.
    const lineB = await playUntil(t, (v) => v.play?.round === 2 && v.play.line === 'b');
    const deadline = lineB.timer.deadline;
    expect(deadline).not.toBeNull();

    const [ann, bob, cy] = t.players as [(typeof t.players)[0], (typeof t.players)[0], (typeof t.players)[0]];
    const annMove = {
      code: t.code,
      token: ann.token,
      id: 'ann-before-the-crash',
      version: lineB.version,
      action: { type: 'carry', dice: [0, 2] },
    };
    const accepted = await ann.client.must(ClientEvent.action, annMove);
    await settle(t, accepted.version);

    doomed.process.kill('SIGKILL');
    expect(await doomed.exited).toBe('SIGKILL');
    // The table closes the screens it has at the end; these are replaced below.
    for (const gone of [t.host, ann.client, cy.client]) closeAfterTest(gone);
    t.host = await reconnect(survivor.url, { code: t.code, as: 'host', hostToken: t.hostToken });
    for (const player of [ann, cy]) {
      const client = await reconnect(survivor.url, { code: t.code, as: 'seat', seatToken: player.token });
      t.players[player.seat] = { ...player, client };
    }

    // Nothing was lost: Ann's carry is there, and her retry is answered, not applied again.
    const annBack = latest(t.players[0]!.client);
    // Later versions only note the phones away and back as they moved nodes.
    expect(annBack.version).toBeGreaterThanOrEqual(accepted.version);
    if (annBack.play?.kind !== 'seat') throw new Error('no sheet');
    expect(annBack.play.me.pendingCarry).toEqual([0, 2]);
    expect(await t.players[0]!.client.request(ClientEvent.action, annMove)).toEqual({ ok: true, value: accepted });
    await t.host.waitForView((v) => v.version >= accepted.version && v.seats.every((s) => s.connected && s.awaySince === null));

    // The dead node's deadline passes on the survivor: it takes the timer over and plays Bob's and Cy's defaults.
    await survivor.stepClock();
    const lineC = (await t.host.waitForView((v) => {
      const play = (v as WfgtsRoomView).play;
      return play?.round === 2 && play.line === 'c';
    }, 10_000)) as WfgtsRoomView;
    expect(lineC.awaiting).toEqual([0, 1, 2]);
    expect(survivor.output.some((line) => line.includes('taking over overdue turn timers'))).toBe(true);
    const store = openRedisAdapter(cluster.redis.target, pino({ level: 'silent' }));
    try {
      const timed = (await store.journal(t.code)).filter(
        (e) => e.kind === 'action' && e.version > accepted.version && e.version <= lineC.version,
      );
      expect(timed.map((e) => [e.seat, e.detail.by, e.detail.action])).toEqual([
        [1, 'timer', { type: 'carry', dice: [] }],
        [2, 'timer', { type: 'carry', dice: [] }],
      ]);

      await settle(t, lineC.version);
      const final = await playUntil(t);
      expect(final.status).toBe('finished');
      expect(bob.client.socket.connected).toBe(true);
      const log = await store.journal(t.code);
      expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 3);
      expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
    } finally {
      await store.close();
    }
  }, CLUSTER_TEST_TIMEOUT_MS);
});

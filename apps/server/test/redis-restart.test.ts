import { ClientEvent } from '@rollcall/protocol';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openRedisAdapter } from '../src/store/redis-adapter.js';
import { CLUSTER_TEST_TIMEOUT_MS, redisKinds, startCluster, type TestCluster } from './cluster.js';
import { openTable, type Table } from './harness.js';
import type { TestRedisCluster } from './redis-cluster-server.js';
import { latest, playUntil, replayedOutcome, settle, startWfgts } from './wfgts-driver.js';

const SEED = '62e2f6e48c56398ae5e0ada8152e72f1';

let cluster: TestCluster | undefined;
let table: Table | undefined;
afterEach(async () => {
  table?.close();
  await cluster?.close();
});

describe.each(redisKinds)('%s restarted in the middle of a game', (kind) => {
  it('comes back from its append-only file with every accepted move, and play goes on on both nodes', async () => {
    cluster = await startCluster([{}, {}], kind);
    const t = await openTable(cluster.urls, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED });
    table = t;
    await startWfgts(t);
    const lineB = await playUntil(t, (v) => v.play?.round === 3 && v.play.line === 'b');
    const [ann, bob] = t.players as [(typeof t.players)[0], (typeof t.players)[0]];
    const annMove = {
      code: t.code,
      token: ann.token,
      id: 'ann-before-the-restart',
      version: lineB.version,
      action: { type: 'carry', dice: [1, 3] },
    };
    const accepted = await ann.client.must(ClientEvent.action, annMove);
    await settle(t, accepted.version);

    await cluster.redis.stop();
    // Bob moves while Redis is down (his phone is on the other node): the move waits for Redis, then counts.
    const bobMove = bob.client.request(ClientEvent.action, {
      code: t.code,
      token: bob.token,
      id: 'bob-during-the-restart',
      version: lineB.version,
      action: { type: 'carry', dice: [] },
    }, 30_000); // a whole Redis Cluster takes seconds to be back
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.redis.start();
    expect(await bobMove).toEqual({ ok: true, value: { version: accepted.version + 1 } });
    await settle(t, accepted.version + 1);

    const annView = latest(ann.client);
    if (annView.play?.kind !== 'seat') throw new Error('no sheet');
    expect(annView.play.me.pendingCarry).toEqual([1, 3]);
    expect(await ann.client.request(ClientEvent.action, annMove)).toEqual({ ok: true, value: accepted });

    const final = await playUntil(t);
    expect(final.status).toBe('finished');
    const store = openRedisAdapter(cluster.redis.target, pino({ level: 'silent' }));
    try {
      const log = await store.journal(t.code);
      expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 3);
      const bobs = log.filter((e) => e.kind === 'action' && e.seat === 1 && e.version === accepted.version + 1);
      expect(bobs.map((e) => e.detail)).toEqual([
        { by: 'seat', action: { type: 'carry', dice: [] }, key: expect.stringMatching(/:1:bob-during-the-restart$/) },
      ]);
      expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
    } finally {
      await store.close();
    }
    if ('servers' in cluster.redis) {
      // Both nodes subscribed again on the cluster: to the room's channel (each has a phone in it) and to the one between nodes.
      const shardCluster = cluster.redis as TestRedisCluster;
      for (const channel of [`rollcall:io#/#${t.code}/all#`, 'rollcall:io#/#']) {
        const master = await shardCluster.masterOf(await shardCluster.slotOf(channel));
        expect(await shardCluster.ask(master, 'PUBSUB', 'SHARDNUMSUB', channel)).toBe(`${channel}\n2`);
      }
    }
    // Each node noticed, and sent its rooms' views again in case a broadcast was lost meanwhile.
    for (const node of cluster.nodes) {
      expect(node.output.some((line) => line.includes('link to Redis is back'))).toBe(true);
      expect(node.output.some((line) => line.includes('sending views again'))).toBe(true);
    }
  }, CLUSTER_TEST_TIMEOUT_MS);
});

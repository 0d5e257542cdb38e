import { ClientEvent, ServerEvent, type RoomChange } from '@rollcall/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channel } from '../src/delivery.js';
import { CLUSTER_TEST_TIMEOUT_MS, startCluster, storedLog, type TestCluster } from './cluster.js';
import { changesIn, closeAfterTest, openTable, type Table } from './harness.js';
import type { TestRedisCluster } from './redis-cluster-server.js';
import { playUntil, replayedOutcome, startWfgts } from './wfgts-driver.js';

const SEED = '9d1c0f3a5e7b2d4c6a8e0f1b3d5c7a9e';

let cluster: TestCluster<TestRedisCluster>;
beforeAll(async () => {
  cluster = await startCluster([{}, {}], 'a Redis Cluster');
}, CLUSTER_TEST_TIMEOUT_MS);
afterAll(async () => {
  await cluster.close();
});

/** The port of the master that serves a room's keys now. */
async function shardOf(code: string): Promise<number> {
  return cluster.redis.masterOf(await cluster.redis.slotOf(`rollcall:room:{${code}}`));
}

/** How many nodes are subscribed to a Socket.IO room's sharded channel, over every server of the cluster. */
async function listeners(name: string): Promise<number> {
  let count = 0;
  for (const server of cluster.redis.servers.filter((s) => s.process !== null)) {
    const reply = await cluster.redis.ask(server.port, 'PUBSUB', 'SHARDNUMSUB', `rollcall:io#/#${name}#`);
    count += Number(reply.split('\n')[1]);
  }
  return count;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two server nodes on a Redis Cluster', () => {
  it('play rooms that live on different shards, each node listening only to the rooms it serves', async () => {
    // Room codes are random: open rooms until two shards hold one.
    const tables: Table[] = [];
    const shards = new Map<number, Table>();
    while (shards.size < 2) {
      if (tables.length === 12) throw new Error('twelve rooms, all on one shard');
      const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob'], testSeed: SEED }));
      tables.push(t);
      const shard = await shardOf(t.code);
      // Every key of the room is in the slot of its code, on that shard.
      expect(await cluster.redis.slotOf(`rollcall:log:{${t.code}}`)).toBe(await cluster.redis.slotOf(t.code));
      expect(await cluster.redis.ask(shard, 'EXISTS', `rollcall:room:{${t.code}}`, `rollcall:log:{${t.code}}`)).toBe('2');
      if (!shards.has(shard)) shards.set(shard, t);
    }
    // Two games at once, one per shard, each with a phone on each node.
    const games = [...shards.values()];
    const finals = await Promise.all(
      games.map(async (t) => {
        await startWfgts(t);
        return playUntil(t);
      }),
    );
    for (const [i, t] of games.entries()) {
      expect(finals[i]!.status).toBe('finished');
      const log = await storedLog(cluster, t.code);
      expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 2);
      expect(replayedOutcome(log, SEED, 2)).toEqual(finals[i]!.outcome);
      // Its screens are on both nodes: both listen to its views.
      expect(await listeners(channel.room(t.code))).toBe(2);
    }
    // A room whose screens are all on the first node is heard there only.
    const home = closeAfterTest(await openTable(cluster.urls[0]!, { players: ['Cy'] }));
    expect(await listeners(channel.room(home.code))).toBe(1);
    expect(await listeners(channel.host(home.code))).toBe(1);
  }, CLUSTER_TEST_TIMEOUT_MS);

  it('send a change’s view to the sockets of the node that made it before its answer, as on one Redis', async () => {
    // The room's screens are on both nodes: its public view goes through Redis, and to the host screen here.
    const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob'] }));
    await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
    const { version } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
    const answer = t.host.received.findIndex((r) => r.event === `reply:${ClientEvent.start}`);
    const view = t.host.received.findIndex((r) => r.event === ServerEvent.change && (r.payload as RoomChange).version === version);
    expect(view).toBeGreaterThanOrEqual(0);
    expect(view).toBeLessThan(answer);
    // Bob, on the other node, gets that same change once, through Redis.
    const { tag } = t.host.received[view]!.payload as RoomChange;
    await t.players[1]!.client.waitForView((v) => v.version >= version);
    expect(changesIn(t.players[1]!.client.received).filter(({ change }) => change.tag === tag)).toHaveLength(1);
  }, CLUSTER_TEST_TIMEOUT_MS);

  it('lose no accepted move when the master of a room’s shard is killed, and every phone plays on', async () => {
    const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED }));
    await startWfgts(t);
    const lineB = await playUntil(t, (v) => v.play?.round === 2 && v.play.line === 'b');
    const [ann, bob] = t.players as [(typeof t.players)[0], (typeof t.players)[0]];
    const slot = await cluster.redis.slotOf(t.code);
    const master = await cluster.redis.masterOf(slot);
    const annMove = { code: t.code, token: ann.token, id: 'ann-before-the-kill', version: lineB.version, action: { type: 'carry', dice: [0, 2] } };
    // Answered only once a replica of the shard has it.
    const accepted = await ann.client.must(ClientEvent.action, annMove);

    await cluster.redis.kill(master);
    // Bob (on the other node) moves while the shard has no master: it waits for the failover, or is refused and sent again.
    const bobMove = { code: t.code, token: bob.token, id: 'bob-during-the-failover', version: lineB.version, action: { type: 'carry', dice: [] } };
    const during = bob.client.request(ClientEvent.action, bobMove, 30_000);
    const promoted = await until('a replica takes the shard over', async () => {
      const now = await cluster.redis.masterOf(slot);
      return now === master ? null : now;
    });
    expect(promoted).not.toBe(master);
    // The killed server comes back, as a restart policy would bring it: a replica of the new master, so changes are confirmed again.
    await cluster.redis.restart(master);
    await cluster.redis.healthy();
    expect(await cluster.redis.ask(master, 'ROLE')).toMatch(/^slave/);

    const first = await during;
    const again = await bob.client.request(ClientEvent.action, bobMove, 30_000);
    expect(again).toEqual({ ok: true, value: { version: accepted.version + 1 } });
    if (first.ok) expect(first).toEqual(again);
    // Ann's move survived the failover: her retry is answered, not applied.
    expect(await ann.client.request(ClientEvent.action, annMove, 30_000)).toEqual({ ok: true, value: accepted });

    // Every phone plays on to the end, and every move a phone was told was accepted is in the log, once, at its version.
    const final = await playUntil(t);
    expect(final.status).toBe('finished');
    const log = await storedLog(cluster, t.code);
    const actions = log.filter((e) => e.kind === 'action');
    const acknowledged = new Map<number, number>();
    for (const player of t.players) {
      for (const { event, payload } of player.client.received) {
        const reply = payload as { ok: boolean; value?: { version: number } };
        if (event === `reply:${ClientEvent.action}` && reply.ok) acknowledged.set(reply.value!.version, player.seat);
      }
    }
    expect(acknowledged.size).toBe(actions.length);
    for (const [version, seat] of acknowledged) expect(log.find((e) => e.version === version)).toMatchObject({ kind: 'action', seat });
    expect(actions.filter((e) => String(e.detail.key).endsWith(':bob-during-the-failover')).map((e) => e.version)).toEqual([accepted.version + 1]);
    expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
  }, CLUSTER_TEST_TIMEOUT_MS);
});

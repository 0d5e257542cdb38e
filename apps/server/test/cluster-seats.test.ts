import { ClientEvent, ServerEvent, type ScreenAdmitted } from '@rollcall/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEAT_MS } from '../src/cluster/node-roster.js';
import { closeRedis, connectRedis } from '../src/redis-client.js';
import type { JournalEntry } from '../src/store/room-repository.js';
import { CLUSTER_TEST_TIMEOUT_MS, redisKinds, startCluster, storedLog as storedLogOf, type TestCluster } from './cluster.js';
import { closeAfterTest, openTable, TestClient, type Table } from './harness.js';
import { latest, move, settle, startWfgts, type WfgtsRoomView } from './wfgts-driver.js';

/** Past a 30-second away grace plus the sweep's, in one jump of a node's clock. */
const JUMP_MS = 40_000;

describe.each(redisKinds)('on %s', (kind) => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster([{ clockStepMs: JUMP_MS }, { clockStepMs: JUMP_MS }], kind);
  }, CLUSTER_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await cluster.close();
  });

  const storedLog = (code: string): Promise<JournalEntry[]> => storedLogOf(cluster, code);

  /** A started wfgts game: the host screen and Ann on the first node, Bob on the second. */
  async function startedTable(): Promise<Table> {
    const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann', 'Bob'] }));
    await startWfgts(t);
    return t;
  }

  describe('seats across two nodes', () => {
    it('give a seat back by name only once no node holds a phone on it', async () => {
      const t = await startedTable();
      const [first, second] = cluster.urls as [string, string];
      const stranger = closeAfterTest(await TestClient.connect(first));
      // Bob's phone is on the other node: his name cannot take the seat.
      const refused = await stranger.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'room/seat-in-use' } });

      t.players[1]!.client.close();
      await t.host.waitForView((v) => v.seats[1]?.connected === false && v.seats[1]?.awaySince !== null);
      const back = await stranger.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' });
      expect(back).toMatchObject({ role: 'seat', seat: 1 });
      await t.host.waitForView((v) => v.seats[1]?.connected === true && v.seats[1]?.newPhoneAt !== null);

      const old = closeAfterTest(await TestClient.connect(second));
      const dead = await old.request(ClientEvent.joinRoom, { code: t.code, as: 'seat', seatToken: t.players[1]!.token });
      expect(dead).toMatchObject({ ok: false, error: { code: 'room/seat-moved' } });
    });

    it('give a seat back by name on another node within 10 s of its phone going silent without closing', async () => {
      const t = await startedTable();
      const [first] = cluster.urls as [string, string];
      // Bob's phone, on the second node, stops answering: only that node's heartbeat can tell.
      t.players[1]!.client.stopAnsweringPings();
      const silentSince = Date.now();
      await t.host.waitForView((v) => v.seats[1]?.connected === false, 15_000);
      expect(Date.now() - silentSince).toBeLessThan(11_000);
      const phone = closeAfterTest(await TestClient.connect(first));
      expect(await phone.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Bob' })).toMatchObject({ role: 'seat', seat: 1 });
      await t.host.waitForView((v) => v.seats[1]?.connected === true && v.seats[1]?.newPhoneAt !== null);
    }, 30_000);

    it('play an away seat’s default once, though both nodes take the overdue deadline', async () => {
      const t = await startedTable();
      t.players[1]!.client.close();
      await t.host.waitForView((v) => v.seats[1]?.awaySince !== null && v.seats[1]?.connected === false);
      const { version } = await move(t, t.players[0]!, { type: 'carry', dice: [] });
      await settle(t, version);

      for (const node of cluster.nodes) await node.stepClock();
      // Line b is rolled, and Bob's grace being over, his carry for it is played at once: one default per line.
      const lineB = (await t.host.waitForView((v) => (v as WfgtsRoomView).play?.line === 'b' && !v.awaiting.includes(1), 10_000)) as WfgtsRoomView;
      expect(lineB.awaiting).toEqual([0]);
      const log = await storedLog(t.code);
      expect(log.filter((e) => e.kind === 'action' && e.detail.by === 'away').map((e) => [e.seat, e.detail.action])).toEqual([
        [1, { type: 'carry', dice: [] }],
        [1, { type: 'carry', dice: [] }],
      ]);
    });

    it('take no phone for away while a live node has not answered, and mark it once that node is gone', async () => {
      const t = await startedTable();
      // A node that beats but does not listen, as one does while its subscription comes back after a Redis restart.
      const redis = connectRedis(cluster.redis.target, pino({ level: 'silent' }), 'test');
      const stamp = async () => {
        const [seconds] = await redis.time();
        await redis.zadd('rollcall:nodes', Number(seconds) * 1000 + 999, 'a-node-not-listening');
      };
      // One stamp at a time, and the last one awaited, so none is left queued when the link closes.
      let beat = stamp();
      await beat;
      const beating = setInterval(() => {
        beat = beat.then(stamp);
      }, BEAT_MS / 2);
      try {
        await new Promise((resolve) => setTimeout(resolve, 2 * BEAT_MS));
        t.players[1]!.client.close();
        const { version } = await move(t, t.players[0]!, { type: 'carry', dice: [] });
        await t.host.waitForView((v) => v.version >= version && v.seats[1]?.connected === false);
        expect(latest(t.host).seats[1]?.awaySince).toBeNull();
        expect(latest(t.host).version).toBe(version);
      } finally {
        clearInterval(beating);
        await beat;
      }
      await redis.zrem('rollcall:nodes', 'a-node-not-listening');
      await closeRedis(redis);
      const away = await t.host.waitForView((v) => v.seats[1]?.awaySince != null, 15_000);
      expect(away.seats[1]?.connected).toBe(false);
    });
  });

  describe('screens across two nodes', () => {
    it('let in a screen waiting on the other node, which alone gets its token', async () => {
      const t = closeAfterTest(await openTable(cluster.urls, { players: ['Ann'] }));
      const [, second] = cluster.urls as [string, string];
      const tv = closeAfterTest(await TestClient.connect(second));
      const { screen } = await tv.must(ClientEvent.joinRoom, { code: t.code, as: 'host' });
      const refused = await t.host.request(ClientEvent.admitScreen, { code: t.code, token: t.hostToken, screen: 'ZZZZZZ' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'room/no-such-screen' } });
      const before = tv.received.length;
      // The host screen is on the first node, the waiting screen on the second.
      await t.host.must(ClientEvent.admitScreen, { code: t.code, token: t.hostToken, screen });
      const { hostToken } = (await tv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
      expect(JSON.stringify([t.host.received, t.players[0]!.client.received])).not.toContain(hostToken);
      await tv.must(ClientEvent.joinRoom, { code: t.code, as: 'host', hostToken });
      await tv.must(ClientEvent.configure, { code: t.code, token: hostToken, game: 'wfgts' });
    });
  });
});

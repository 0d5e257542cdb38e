import { randomUUID } from 'node:crypto';
import { ClientEvent } from '@rollcall/protocol';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/redis-client.js';
import type { JournalEntry } from '../src/store/room-repository.js';
import { startCluster, storedLog as storedLogOf, type TestCluster } from './cluster.js';
import { openTable, takeOverSeat, TestClient, type Table } from './harness.js';
import {
  latest,
  lowDiceChooser,
  move,
  playUntil,
  replayedOutcome,
  settle,
  startWfgts,
  type WfgtsRoomView,
} from './wfgts-driver.js';

const SEED = 'b88cb69db1475b8ee834483e0c566ae0';

let cluster: TestCluster;
let table: Table | undefined;
const extra: TestClient[] = [];
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster.close();
});
afterEach(() => {
  table?.close();
  table = undefined;
  for (const c of extra.splice(0)) c.close();
});

const storedLog = (code: string): Promise<JournalEntry[]> => storedLogOf(cluster, code);

/** A started game over two nodes: the host screen, Ann and Cy on the first; Bob and the spectator on the second. */
async function startedTable(): Promise<Table> {
  const t = await openTable(cluster.urls, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED });
  table = t;
  await startWfgts(t);
  return t;
}

describe('two server nodes sharing rooms through Redis', () => {
  it('play a whole wfgts game with the phones of one room split between them', async () => {
    const t = await startedTable();
    // The host screen's node sees the phone and the spectator held by the other node.
    const start = latest(t.host);
    expect(start.seats.map((s) => s.connected)).toEqual([true, true, true]);
    expect(start.spectators).toBe(1);

    const final = await playUntil(t);

    expect(final.status).toBe('finished');
    expect(latest(t.spectator!).play).toEqual(final.play);
    for (const player of t.players) {
      const mine = (await player.client.waitForView((v) => v.version === final.version)) as WfgtsRoomView;
      if (mine.play?.kind !== 'seat') throw new Error('a phone got no sheet');
      expect(final.outcome?.standings.find((s) => s.seat === player.seat)?.score).toBe(mine.play.me.total);
    }
    const log = await storedLog(t.code);
    expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 3);
    expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
  });

  it('apply a move that reaches both at the same moment once, and count two seats moving at once', async () => {
    const t = await startedTable();
    const [ann, bob, cy] = t.players;
    if (ann === undefined || bob === undefined || cy === undefined) throw new Error('three seats expected');
    // A second connection for Ann's phone on the other node, as after a reconnect through the load balancer.
    const annElsewhere = await TestClient.connect(cluster.urls[1]!);
    extra.push(annElsewhere);

    const steps = 6;
    for (let step = 0; step < steps; step++) {
      const { version } = latest(t.host);
      const views = await Promise.all(t.players.map((p) => p.client.waitForView((v) => v.version >= version)));
      const choose = (seat: number) => lowDiceChooser(views[seat] as WfgtsRoomView);
      const annMove = { code: t.code, token: ann.token, id: randomUUID(), version, action: choose(0) };
      const [first, second] = await Promise.all([
        ann.client.request(ClientEvent.action, annMove),
        annElsewhere.request(ClientEvent.action, annMove),
      ]);
      expect(first.ok).toBe(true);
      expect(second).toEqual(first);

      const [bobs, cys] = await Promise.all([move(t, bob, choose(1)), move(t, cy, choose(2))]);
      expect(bobs.version).not.toBe(cys.version);
      await settle(t, Math.max(bobs.version, cys.version));
    }

    const actions = (await storedLog(t.code)).filter((e) => e.kind === 'action');
    expect(actions).toHaveLength(steps * 3);
    expect(actions.filter((e) => e.seat === 0)).toHaveLength(steps);
    expect(actions.map((e) => e.version)).toEqual([...new Set(actions.map((e) => e.version))]);
    const final = await playUntil(t);
    expect(final.status).toBe('finished');
  });

  it('send a room’s views through Redis only when the other node holds screens of the room', async () => {
    const watcher = connectRedis(cluster.redis.url, pino({ level: 'silent' }), 'test');
    const channels: string[] = [];
    watcher.on('pmessage', (_pattern: string, name: string) => channels.push(name));
    await watcher.psubscribe('rollcall:io#*');
    try {
      // One room with every screen on the first node, one split over both.
      const home = await openTable(cluster.urls[0]!, { players: ['Ann', 'Bob'], spectator: true });
      const split = await startedTable();
      try {
        await home.host.must(ClientEvent.configure, { code: home.code, token: home.hostToken, game: 'wfgts' });
        await home.host.must(ClientEvent.start, { code: home.code, token: home.hostToken });
        await settle(home, latest(home.host).version);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const before = channels.length;
        const homeMove = await move(home, home.players[0]!, { type: 'carry', dice: [] });
        const splitMove = await move(split, split.players[1]!, { type: 'carry', dice: [] });
        await settle(home, homeMove.version);
        await settle(split, splitMove.version);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(channels.filter((name) => name.includes(home.code))).toEqual([]);
        channels.splice(0, before);
        // Bob's move, on the second node, changes only his own part, which stays on his node; the public
        // view crosses once, for the host screen and the phone on the first node.
        const crossing = channels.filter((name) => name.includes(split.code));
        expect(crossing).toEqual([expect.stringContaining(`${split.code}/all`)]);
      } finally {
        home.close();
      }
    } finally {
      await watcher.quit();
    }
  });

  it('let a tab on one node take over a seat held on the other, and show every screen who left', async () => {
    const t = await startedTable();
    const ann = t.players[0]!;
    const { tab, lost } = await takeOverSeat(cluster.urls[1]!, t.code, ann);
    extra.push(tab);
    expect(lost).toEqual({ code: t.code, reason: 'taken-over' });

    const { version } = await tab.must(ClientEvent.action, {
      code: t.code,
      token: ann.token,
      id: 'after-takeover',
      action: { type: 'carry', dice: [] },
    });
    await tab.waitForView((v) => v.version === version && v.viewer.role === 'seat');
    await t.host.waitForView((v) => v.version === version);
    expect(ann.client.views.some((v) => v.version === version)).toBe(false);

    // Bob's phone, on the second node, goes away: the host screen on the first sees it.
    t.players[1]!.client.close();
    const gone = await t.host.waitForView((v) => v.seats[1]?.connected === false);
    expect(gone.seats[0]?.connected).toBe(true);
    expect(gone.seats[2]?.connected).toBe(true);
    t.spectator!.close();
    await t.host.waitForView((v) => v.spectators === 0 && v.seats[1]?.connected === false);
  });
});

import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../test/harness.js';
import { ManualClock } from '../../test/manual-clock.js';
import type { Delivery } from '../delivery.js';
import { RoomService } from '../room-service.js';
import { openRedisAdapter } from '../store/redis-adapter.js';
import { openRoomRepository, type RoomRepository } from '../store/room-repository.js';

/** The connection commands that need none of their own come on. */
const phone = { id: 'phone' };

const log = pino({ level: 'silent' });
let redis: TestRedis;
const opened: RoomRepository[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

const quiet: Delivery = {
  enter: () => null,
  evictSeat: () => undefined,
  // Every phone stays connected: these tests are about moves racing, not players leaving.
  presence: (_code, seatIds) => ({ connectedSeats: new Set(seatIds), spectators: 0 }),
  send: () => undefined,
  sendTo: () => undefined,
  audienceSize: () => 0,
  closeToWatchers: () => undefined,
  screenWaiting: () => Promise.resolve(false),
  admitScreen: () => undefined,
};

/**
 * Two nodes, each with its own connection to one Redis. After `lockstep()`,
 * each node's next load waits for the other's, so both decide on the same
 * version of the room and exactly one of them loses the compare-and-set.
 */
function twoNodes(start = 1_700_000_000_000) {
  const waiting = new Set<number>();
  let together: Promise<void> = Promise.resolve();
  let release = () => {};
  let lost = 0;
  const clocks = [new ManualClock(start), new ManualClock(start)];
  const nodes = clocks.map((clock, i) => {
    const store = openRoomRepository(openRedisAdapter(redis.url, log), { log });
    opened.push(store);
    const racing: RoomRepository = {
      ...store,
      async load(code) {
        const room = await store.load(code);
        if (waiting.delete(i)) {
          if (waiting.size === 0) release();
          await together;
        }
        return room;
      },
      async commit(room, expected, entry) {
        const ok = await store.commit(room, expected, entry);
        if (!ok) lost++;
        return ok;
      },
    };
    const serverSeed = () => '07'.repeat(32);
    return new RoomService({ store: racing, clock, log, delivery: quiet, serverSeed, testMode: false });
  });
  return {
    nodes: nodes as [RoomService, RoomService],
    clocks: clocks as [ManualClock, ManualClock],
    lockstep() {
      waiting.add(0).add(1);
      together = new Promise((resolve) => (release = resolve));
    },
    lostRaces: () => lost,
    store: () => {
      const store = openRoomRepository(openRedisAdapter(redis.url, log), { log });
      opened.push(store);
      return store;
    },
  };
}

/** A wfgts room opened on the first node with Ann and Bob seated and the game started. */
async function startedRoom(node: RoomService, timer: 0 | 30 = 0) {
  const created = await node.run('createRoom', { as: 'host' }, { id: 'tv' });
  if (!created.ok || created.value.hostToken === undefined) throw new Error('no room');
  const { code, hostToken } = created.value;
  const seats: string[] = [];
  for (const name of ['Ann', 'Bob']) {
    const joined = await node.run('joinRoom', { code, as: 'player', name }, { id: `phone-${name}` });
    if (!joined.ok || joined.value.seatToken === undefined) throw new Error('no seat');
    seats.push(joined.value.seatToken);
  }
  await node.run('configure', { code, token: hostToken, game: 'wfgts', timer }, phone);
  const started = await node.run('start', { code, token: hostToken }, phone);
  if (!started.ok) throw new Error(started.error.code);
  return { code, ann: seats[0]!, bob: seats[1]!, version: started.value.version };
}

describe('two nodes acting on one room at the same moment', () => {
  it('apply a move sent to both once, and both answer with its first result', async () => {
    const { nodes, lockstep, lostRaces, store } = twoNodes();
    const { code, ann, version } = await startedRoom(nodes[0]);
    lockstep();
    const tap = { code, token: ann, id: 'tap-1', version, action: { type: 'carry', dice: [0] } };
    const [first, second] = await Promise.all([nodes[0].run('action', tap, phone), nodes[1].run('action', tap, phone)]);
    expect(first).toEqual({ ok: true, value: { version: version + 1 } });
    expect(second).toEqual(first);
    expect(lostRaces()).toBe(1);
    const actions = (await store().journal(code)).filter((e) => e.kind === 'action');
    expect(actions.map((e) => [e.seat, e.version])).toEqual([[0, version + 1]]);
  });

  it('apply both of two seats’ moves, one on top of the other', async () => {
    const { nodes, lockstep, lostRaces, store } = twoNodes();
    const { code, ann, bob, version } = await startedRoom(nodes[0]);
    lockstep();
    const [a, b] = await Promise.all([
      nodes[0].run('action', { code, token: ann, id: 'ann', version, action: { type: 'carry', dice: [] } }, phone),
      nodes[1].run('action', { code, token: bob, id: 'bob', version, action: { type: 'carry', dice: [] } }, phone),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(lostRaces()).toBe(1);
    const actions = (await store().journal(code)).filter((e) => e.kind === 'action');
    expect(actions.map((e) => e.seat).sort()).toEqual([0, 1]);
    expect(actions.map((e) => e.version)).toEqual([version + 1, version + 2]);
  });

  it('play each timer default once when both nodes fire the same deadline', async () => {
    const { nodes, clocks, lockstep, lostRaces, store } = twoNodes();
    const { code, version } = await startedRoom(nodes[0], 30);
    const deadline = clocks[0].now() + 30_000;
    expect(await store().timedRooms()).toEqual([{ code, deadline }]);
    // The second node never set this timer: it takes it over from the store, as the sweep does.
    clocks[1].advance(31_000);
    expect(await nodes[1].restoreTimers(clocks[1].now())).toBe(1);
    lockstep();
    clocks[0].advance(30_000);
    clocks[1].advance(0);
    await Promise.all(nodes.map((n) => n.close()));

    expect(lostRaces()).toBeGreaterThanOrEqual(1);
    const log = await store().journal(code);
    const byTimer = log.filter((e) => e.version > version && e.detail.by === 'timer');
    expect(byTimer.map((e) => e.seat).sort()).toEqual([0, 1]);
    expect((await store().load(code))?.stepVersion).toBe(version + 2);
  });
});

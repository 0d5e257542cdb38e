import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../test/harness.js';
import { roomStoreContract } from '../../test/room-store-contract.js';
import { Table } from '../../test/stored-table.js';
import { connectRedis } from '../redis-client.js';
import { replayMove } from '../room-changes.js';
import { WHOLE_RECORD_EVERY } from './kept-records.js';
import { openRedisStore } from './redis-store.js';
import type { RoomStore } from './room-store.js';

const log = pino({ level: 'silent' });
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});
const opened: RoomStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  const admin = connectRedis(redis.url, log, 'test');
  await admin.flushall();
  await admin.quit();
});

// A restart stops redis-server with SIGTERM and starts it on its append-only file.
roomStoreContract('Redis', async () => ({
  open: async () => openRedisStore(redis.url, log, { replay: replayMove }),
  restart: async () => {
    await redis.stop();
    await redis.start();
  },
}));

/** A server node's store on the test Redis, closed after the test; `canReplay` false for one that cannot play moves again. */
function node(canReplay = true): RoomStore {
  const store = openRedisStore(redis.url, log, canReplay ? { replay: replayMove } : {});
  opened.push(store);
  return store;
}

/** The versions of room PLAY and of its whole record, read straight from Redis. */
async function storedVersions(): Promise<{ room: number; record: number }> {
  const admin = connectRedis(redis.url, log, 'test');
  try {
    const [room, record] = await admin.hmget('rollcall:room:PLAY', 'version', 'wholeAt');
    return { room: Number(room), record: Number(record) };
  } finally {
    await admin.quit();
  }
}

describe('moves in the Redis store', () => {
  it('are written as log entries between whole records, and another node rebuilds the very record', async () => {
    const table = await Table.open(node(), 8);
    const other = node();
    let replayed = 0;
    for (const moves of [WHOLE_RECORD_EVERY - 3, 10, 2 * WHOLE_RECORD_EVERY + 7, 200]) {
      const held = (await other.load('PLAY'))!.version;
      await table.play(moves);
      const stored = await storedVersions();
      expect(stored.room).toBe(table.room.version);
      expect(stored.room - stored.record).toBeLessThan(WHOLE_RECORD_EVERY);
      if (stored.record < stored.room) replayed += 1;
      // The other node holds an older record: it gets the moves after it, or the whole record and the moves after that.
      expect(held).toBeLessThan(table.room.version);
      expect(await other.load('PLAY')).toEqual(table.room);
      // And a node that never saw the room reads the whole record and plays the moves after it.
      const fresh = node();
      expect(await fresh.load('PLAY')).toEqual(table.room);
    }
    expect(replayed).toBeGreaterThan(1);
    expect(table.room.status).toBe('finished');
  });

  it('move on from whichever node holds the room, each catching up on the moves of the other', async () => {
    const [a, b] = [node(), node()];
    const table = await Table.open(a, 4);
    for (let turn = 0; turn < 12; turn++) {
      const here = turn % 2 === 0 ? b : a;
      // The room service always loads before it commits; the node's kept record is then the newest.
      expect(await here.load('PLAY')).toEqual(table.room);
      table.store = here;
      await table.play(7);
    }
    const stored = await storedVersions();
    expect(stored.room).toBe(table.room.version);
    expect(stored.room - stored.record).toBeLessThan(WHOLE_RECORD_EVERY);
    for (const store of [a, b]) expect(await store.load('PLAY')).toEqual(table.room);
  });

  it('are written whole when a node stops, so the next start plays nothing again', async () => {
    const store = openRedisStore(redis.url, log, { replay: replayMove });
    const table = await Table.open(store, 3);
    await table.play(7);
    expect((await storedVersions()).record).toBeLessThan(table.room.version);
    await store.close();
    expect(await storedVersions()).toEqual({ room: table.room.version, record: table.room.version });
    expect(await node(false).load('PLAY')).toEqual(table.room);
  });

  it('are written whole by a node with no way to play them again, which cannot load a room that needs it', async () => {
    const table = await Table.open(node(false), 2);
    await table.play(5);
    expect(await storedVersions()).toEqual({ room: table.room.version, record: table.room.version });

    table.store = node();
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(5);
    await expect(node(false).load('PLAY')).rejects.toThrow(/moves to play again/);
  });

  it('load a room stored before records had their version beside them as whole, and move it on', async () => {
    const table = await Table.open(node(false), 2);
    const admin = connectRedis(redis.url, log, 'test');
    await admin.hdel('rollcall:room:PLAY', 'wholeAt');
    await admin.quit();

    table.store = node();
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(4);
    expect(await storedVersions()).toEqual({ room: table.room.version, record: table.room.version - 4 });
    expect(await node().load('PLAY')).toEqual(table.room);
  });

  it('load a room that a node of an earlier build moved on, writing whole records and leaving wholeAt behind', async () => {
    const table = await Table.open(node(), 2);
    await table.play(4);
    const held = node();
    expect(await held.load('PLAY')).toEqual(table.room);

    const admin = connectRedis(redis.url, log, 'test');
    const earlier: RoomStore = {
      ...node(),
      async commit(room, _expected, entry) {
        await admin
          .multi()
          .hset('rollcall:room:PLAY', 'version', room.version, 'data', JSON.stringify(room))
          .rpush('rollcall:log:PLAY', JSON.stringify(entry))
          .exec();
        return true;
      },
    };
    table.store = earlier;
    await table.play(3);
    await admin.quit();
    expect((await storedVersions()).record).toBe(table.room.version - 7);
    expect(await node().load('PLAY')).toEqual(table.room);
    expect(await held.load('PLAY')).toEqual(table.room);
  });

  it("never trust a kept record of a history Redis lost, though another node brought the room back to its version", async () => {
    const [a, b, behind] = [node(), node(), node()];
    const stale = openRedisStore(redis.url, log, { replay: replayMove });
    const lost = await Table.open(a, 3);
    await lost.play(2);
    expect(await behind.load('PLAY')).toEqual(lost.room);
    await lost.play(2);
    expect(await stale.load('PLAY')).toEqual(lost.room);

    // Redis loses everything (a crash with `appendfsync everysec` loses less, the same way); the room starts over on another node.
    const admin = connectRedis(redis.url, log, 'test');
    await admin.flushall();
    await admin.quit();
    const again = await Table.open(b, 3, lost.room.createdAt + 60_000);
    await again.play(4);
    expect(again.room.version).toBe(lost.room.version);
    expect(again.room).not.toEqual(lost.room);
    // A node stopping with the lost record does not write it over the room's own.
    await stale.close();
    expect(await node().load('PLAY')).toEqual(again.room);

    // The node that kept the lost record at that version, and the one that kept an older one, both read the room as it is now.
    expect(await a.load('PLAY')).toEqual(again.room);
    expect(await behind.load('PLAY')).toEqual(again.room);
    await again.play(3);
    expect(await a.load('PLAY')).toEqual(again.room);
  });
});

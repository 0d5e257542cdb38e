import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../test/harness.js';
import { roomAdapterContract } from '../../test/room-repository-contract.js';
import { Table } from '../../test/stored-table.js';
import { connectRedis } from '../redis-client.js';
import { replayMove } from '../room-changes.js';
import { openRedisAdapter } from './redis-adapter.js';
import { openRoomRepository, SNAPSHOT_EVERY, type ReplayMove, type RoomRepository } from './room-repository.js';

const log = pino({ level: 'silent' });
let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.close();
});
const opened: RoomRepository[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  const admin = connectRedis(redis.url, log, 'test');
  await admin.flushall();
  await admin.quit();
});

// A restart stops redis-server with SIGTERM and starts it on its append-only file.
roomAdapterContract('Redis', async () => ({
  open: async () => openRedisAdapter(redis.url, log),
  restart: async () => {
    await redis.stop();
    await redis.start();
  },
}));

/** A server node's rooms on the test Redis, closed after the test; `canReplay` false for one that cannot replay moves. */
function node(canReplay = true): RoomRepository {
  const replay = canReplay ? replayMove : undefined;
  const repository = openRoomRepository(openRedisAdapter(redis.url, log), { replay, log });
  opened.push(repository);
  return repository;
}

/** The versions of room PLAY and of its snapshot, read straight from Redis. */
async function storedVersions(): Promise<{ room: number; snapshot: number }> {
  const admin = connectRedis(redis.url, log, 'test');
  try {
    const [room, snapshot] = await admin.hmget('rollcall:room:PLAY', 'version', 'wholeAt');
    return { room: Number(room), snapshot: Number(snapshot) };
  } finally {
    await admin.quit();
  }
}

describe('moves in Redis', () => {
  it('are journal entries between snapshots, and another node rebuilds the very room', async () => {
    const table = await Table.open(node(), 8);
    const other = node();
    let replayed = 0;
    for (const moves of [SNAPSHOT_EVERY - 3, 10, 2 * SNAPSHOT_EVERY + 7, 200]) {
      const held = (await other.load('PLAY'))!.version;
      await table.play(moves);
      const stored = await storedVersions();
      expect(stored.room).toBe(table.room.version);
      expect(stored.room - stored.snapshot).toBeLessThan(SNAPSHOT_EVERY);
      if (stored.snapshot < stored.room) replayed += 1;
      // The other node holds an older version: it gets the moves after it, or the snapshot and the moves after that.
      expect(held).toBeLessThan(table.room.version);
      expect(await other.load('PLAY')).toEqual(table.room);
      // And a node that never saw the room reads the snapshot and replays the moves after it.
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
      // The room service always loads before it commits; the node's room in memory is then the newest.
      expect(await here.load('PLAY')).toEqual(table.room);
      table.store = here;
      await table.play(7);
    }
    const stored = await storedVersions();
    expect(stored.room).toBe(table.room.version);
    expect(stored.room - stored.snapshot).toBeLessThan(SNAPSHOT_EVERY);
    for (const store of [a, b]) expect(await store.load('PLAY')).toEqual(table.room);
  });

  it('are snapshotted when a node stops, so the next start replays nothing', async () => {
    const store = openRoomRepository(openRedisAdapter(redis.url, log), { replay: replayMove, log });
    const table = await Table.open(store, 3);
    await table.play(7);
    expect((await storedVersions()).snapshot).toBeLessThan(table.room.version);
    await store.close();
    expect(await storedVersions()).toEqual({ room: table.room.version, snapshot: table.room.version });
    expect(await node(false).load('PLAY')).toEqual(table.room);
  });

  it('are snapshotted by a node with no way to replay them, which cannot load a room that needs it', async () => {
    const table = await Table.open(node(false), 2);
    await table.play(5);
    expect(await storedVersions()).toEqual({ room: table.room.version, snapshot: table.room.version });

    table.store = node();
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(5);
    await expect(node(false).load('PLAY')).rejects.toThrow(/moves to replay/);
  });

  it('load a room stored before snapshots had their version beside them, and move it on', async () => {
    const table = await Table.open(node(false), 2);
    const admin = connectRedis(redis.url, log, 'test');
    await admin.hdel('rollcall:room:PLAY', 'wholeAt');
    await admin.quit();

    table.store = node();
    expect(await table.store.load('PLAY')).toEqual(table.room);
    await table.play(4);
    expect(await storedVersions()).toEqual({ room: table.room.version, snapshot: table.room.version - 4 });
    expect(await node().load('PLAY')).toEqual(table.room);
  });

  it('load a room that a node of an earlier build moved on, writing snapshots and leaving wholeAt and the digest behind', async () => {
    const table = await Table.open(node(), 2);
    await table.play(4);
    const held = node();
    expect(await held.load('PLAY')).toEqual(table.room);

    const admin = connectRedis(redis.url, log, 'test');
    const earlier: RoomRepository = {
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
    expect((await storedVersions()).snapshot).toBe(table.room.version - 7);
    expect(await node().load('PLAY')).toEqual(table.room);
    expect(await held.load('PLAY')).toEqual(table.room);
  });

  it("never trust a room in memory of a history Redis lost, though another node brought the room back to its version", async () => {
    const [a, b, behind] = [node(), node(), node()];
    const stale = openRoomRepository(openRedisAdapter(redis.url, log), { replay: replayMove, log });
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
    // A node stopping with the lost room does not write it over the room's own.
    await stale.close();
    expect(await node().load('PLAY')).toEqual(again.room);

    // The node that held the lost room at that version, and the one that held an older one, both read the room as it is now.
    expect(await a.load('PLAY')).toEqual(again.room);
    expect(await behind.load('PLAY')).toEqual(again.room);
    await again.play(3);
    expect(await a.load('PLAY')).toEqual(again.room);
  });

  it('that a node with other rules replays differently load as the last snapshot, logged, from memory or not', async () => {
    const table = await Table.open(node(), 3);
    const snapshot = table.room;
    const lines: Record<string, unknown>[] = [];
    const loud = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    // Another build's rules: the same moves give another game state.
    const otherRules: ReplayMove = (room, entry) => {
      const next = replayMove(room, entry);
      return { ...next, play: { ...(next.play as object), otherRules: true } };
    };
    const other = openRoomRepository(openRedisAdapter(redis.url, log), { replay: otherRules, log: loud });
    opened.push(other);
    expect(await other.load('PLAY')).toEqual(snapshot);
    await table.play(3);
    // It holds the snapshot's version, reads the three moves since, and finds their replay is not the stored room.
    expect(await other.load('PLAY')).toEqual({ ...snapshot, version: table.room.version, updatedAt: table.room.updatedAt });
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, room: 'PLAY', snapshotVersion: snapshot.version, version: table.room.version }),
    ]);
  });
});

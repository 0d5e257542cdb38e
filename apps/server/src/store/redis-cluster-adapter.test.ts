import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_TEST_TIMEOUT_MS } from '../../test/cluster.js';
import { startRedisCluster, type TestRedisCluster } from '../../test/redis-cluster-server.js';
import { roomAdapterContract } from '../../test/room-repository-contract.js';
import { newRoom } from '../room-record.js';
import { openRedisAdapter, REPLICA_WAIT_MS } from './redis-adapter.js';
import { digestOf } from './room-repository.js';
import { fixedGenerator } from '@rollcall/rules';

const log = pino({ level: 'silent' });
let cluster: TestRedisCluster;
beforeAll(async () => {
  cluster = await startRedisCluster();
}, CLUSTER_TEST_TIMEOUT_MS);
afterAll(async () => {
  await cluster.close();
}, CLUSTER_TEST_TIMEOUT_MS);
afterEach(async () => {
  // Replicas refuse FLUSHALL and follow their masters.
  await Promise.all(cluster.servers.map((s) => cluster.ask(s.port, 'FLUSHALL').catch(() => '')));
});

// A restart stops all six servers with SIGTERM and starts them on their append-only files and cluster config.
roomAdapterContract('a Redis Cluster', async () => ({
  open: async () => openRedisAdapter(cluster.target, log),
  restart: async () => {
    await cluster.stop();
    await cluster.start();
  },
}));

/** A new room's first write, as the repository makes it. */
function creation(code: string) {
  const room = newRoom({ code, now: 1_000, generator: fixedGenerator(new Uint8Array(16).fill(1)), seal: null, hostTokenHash: null });
  const head = { code, version: room.version, at: 1_000, status: room.status, finishedAt: null, deadline: null, digest: digestOf(room) };
  const entry = { kind: 'create' as const, seat: null, detail: {}, version: room.version, at: 1_000 };
  return [head, null, entry, JSON.stringify(room)] as const;
}

describe('rooms on a Redis Cluster', () => {
  it('keep every key of a room in the slot of its code, and the rooms spread over the shards', async () => {
    const store = openRedisAdapter(cluster.target, log);
    try {
      const codes = ['ABCD', 'WXYZ', 'KQRT', 'MNPB', 'HJLV', 'CDFG'];
      for (const code of codes) {
        expect(await store.append(...creation(code))).toBe(true);
      }
      const masters = new Set<number>();
      for (const code of codes) {
        const slot = await cluster.slotOf(code);
        const master = await cluster.masterOf(slot);
        masters.add(master);
        // Both keys are on that master, in that slot.
        for (const name of [`rollcall:room:{${code}}`, `rollcall:log:{${code}}`]) {
          expect(await cluster.slotOf(name)).toBe(slot);
          expect(await cluster.ask(master, 'EXISTS', name)).toBe('1');
        }
      }
      expect(masters.size).toBeGreaterThan(1);
    } finally {
      await store.close();
    }
  });

  it('count a change only once a replica of its shard has it', async () => {
    const store = openRedisAdapter(cluster.target, log);
    const master = await cluster.masterOf(await cluster.slotOf('LONE'));
    const replica = await cluster.replicaOf(master);
    try {
      await cluster.kill(replica);
      // The write is on the master, but a failover now would lose it: the phone is not told it was accepted.
      const started = Date.now();
      await expect(store.append(...creation('LONE'))).rejects.toThrow(/no replica confirmed/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(REPLICA_WAIT_MS - 100);
      // A room on another shard, whose replica is up, is stored as usual.
      for (const code of ['ABCD', 'WXYZ', 'KQRT', 'MNPB', 'HJLV', 'CDFG']) {
        if ((await cluster.masterOf(await cluster.slotOf(code))) === master) continue;
        expect(await store.append(...creation(code))).toBe(true);
        break;
      }
    } finally {
      await cluster.restart(replica);
      await cluster.healthy();
      await store.close();
    }
    // Once the replica is back, a retry finds the room there.
    const again = openRedisAdapter(cluster.target, log);
    try {
      expect(await again.append(...creation('LONE'))).toBe(false);
      expect(await again.read('LONE')).toMatchObject({ version: creation('LONE')[0].version, at: 1_000 });
    } finally {
      await again.close();
    }
  });
});

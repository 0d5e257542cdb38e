import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { Cluster as RedisCluster } from 'ioredis';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { membershipOf, type Delivery } from '../delivery.js';
import { closeRedis, connectRedis, type RedisTarget } from '../redis-client.js';
import { clusterDelivery, NODE_REQUEST_TIMEOUT_MS } from './cluster-delivery.js';
import { joinRoster } from './node-roster.js';

/** Said by a node once it is in the roster. */
const NODE_JOINED = 'rollcall:node-joined';

/** This node's part in a cluster of nodes sharing rooms through Redis. */
export interface Cluster {
  /** Reaches sockets on every node. */
  delivery: Delivery;
  /**
   * Called with the rooms this node has sockets in whenever its subscription
   * comes back after Redis dropped it: views broadcast meanwhile never arrived.
   */
  onRelinked(listener: (codes: string[]) => void): void;
  /** The nodes alive in the roster, for the metrics. */
  liveNodes(): number;
  /** Close the Redis connections (after the room service has settled). */
  close(): Promise<void>;
}

/**
 * Put the Socket.IO Redis adapter (pub/sub) under `io`, so broadcasts and
 * server-side events reach every node. Must run before any socket connects.
 *
 * On a Redis Cluster it is the sharded adapter (SSUBSCRIBE/SPUBLISH): each
 * Socket.IO room has a channel of its own, on the shard of its name, and a
 * node subscribes only to the rooms it has sockets in, so a view crosses
 * Redis only to the nodes serving that room. Server-side events (presence,
 * evictions) still go to every node, on one channel.
 */
export function joinCluster(io: Server, target: RedisTarget, log: Logger): Cluster {
  const pub = connectRedis(target, log, 'broadcast');
  const sub = connectRedis(target, log, 'subscribe', target.cluster ? { shardedSubscribers: true } : {});
  const roster = joinRoster(pub, log);
  io.adapter(
    pub instanceof RedisCluster
      ? countingOnOneShard(
          pub,
          createShardedAdapter(pub, sub, { channelPrefix: 'rollcall:io', subscriptionMode: 'dynamic' }),
          roster.liveNodes,
          log,
        )
      : createAdapter(pub, sub, { key: 'rollcall:io', requestsTimeout: NODE_REQUEST_TIMEOUT_MS }),
  );

  // A node that has just started is in no other node's count until it says so (see `NodeRoster`).
  io.on(NODE_JOINED, () => void roster.recount());
  void roster.stamped.then(() => io.serverSideEmit(NODE_JOINED));

  const listeners: ((codes: string[]) => void)[] = [];
  let linked = false;
  // A cluster client is ready before its sharded subscriptions are back: the views are sent again once they are.
  sub.on(sub instanceof RedisCluster ? 'subscribersReady' : 'ready', () => {
    // Whoever said they joined before this node listened is counted now.
    if (!linked) void roster.recount();
    if (linked) {
      const codes = new Set<string>();
      for (const socket of io.sockets.sockets.values()) {
        const code = membershipOf(socket)?.code;
        if (code !== undefined) codes.add(code);
      }
      for (const listener of listeners) listener([...codes]);
    }
    linked = true;
  });

  return {
    delivery: clusterDelivery(io, log, roster.liveNodes, target.cluster),
    onRelinked: (listener) => void listeners.push(listener),
    liveNodes: roster.liveNodes,
    async close() {
      await roster.leave();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}

type ShardedAdapterFactory = ReturnType<typeof createShardedAdapter>;

/**
 * The sharded adapter counts the nodes listening (before every question to
 * all nodes, i.e. once per change, for presence) by asking every server of
 * the cluster, replicas included: 2 × shards commands a change. Only the
 * master serving the channel's slot holds its subscribers, so ask that one.
 *
 * While the cluster is away (no master known for the slot, or the question
 * unanswered) the roster's count stands in: Socket.IO does not catch a
 * failed count, and a rejection there would end the process. A question
 * then waits for nodes that may not hear it, and presence says it is partial.
 */
function countingOnOneShard(
  pub: RedisCluster,
  factory: ShardedAdapterFactory,
  rosterCount: () => number,
  log: Logger,
): ShardedAdapterFactory {
  // Socket.IO calls it with `new`: a function, not an arrow, which returns the adapter it made.
  return function shardedAdapter(nsp: { name: string }) {
    const adapter = factory(nsp);
    const channel = `rollcall:io#${nsp.name}#`;
    let slot: Promise<number> | null = null;
    const subscribers = async () => {
      slot ??= (pub.cluster('KEYSLOT', channel) as Promise<number>).catch((err: unknown) => {
        slot = null;
        throw err;
      });
      const [host, port] = (pub.slots[await slot]?.[0] ?? '').split(':');
      const master = pub.nodes('master').find((node) => node.options.host === host && String(node.options.port) === port);
      if (master === undefined) throw new Error(`no master known for the slot of ${channel}`);
      const [, count] = (await master.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
      return Number(count);
    };
    adapter.serverCount = () =>
      subscribers().catch((err: unknown) => {
        log.debug({ err }, 'could not count the nodes listening; counting the roster');
        return Math.max(1, rosterCount());
      });
    return adapter;
  };
}

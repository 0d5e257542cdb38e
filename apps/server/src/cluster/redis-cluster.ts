import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { Cluster as RedisCluster } from 'ioredis';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { membershipOf, type Delivery } from '../delivery.js';
import { closeRedis, connectRedis, type RedisLink, type RedisTarget } from '../redis-client.js';
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
  subscribingAgain(sub, log);
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

/** The subscription commands the adapters send without waiting for the answer, each with the one that undoes it. */
const subscriptionCommands = [
  ['subscribe', 'unsubscribe'],
  ['psubscribe', 'punsubscribe'],
  ['ssubscribe', 'sunsubscribe'],
] as const;

type SubscriptionCommand = (...channels: string[]) => Promise<unknown>;

/**
 * The adapters subscribe (to a room's channel as its first socket here joins)
 * and unsubscribe without waiting for Redis's answer. One Redis did not take
 * (the link down, its offline queue given up, or on a cluster the shard's
 * subscriber not back yet) is a rejection nobody handles, which ends the
 * process, and leaves the channel unsubscribed for good: the room's views
 * from other nodes never reach this one. So a refused subscription is logged
 * and made again once the link's subscriptions are back (`ready`, or on a
 * cluster `subscribersReady`), unless the channel was given up meanwhile.
 */
export function subscribingAgain(sub: RedisLink, log: Logger): void {
  const refused = new Map<string, () => void>();
  const commands = sub as unknown as Record<string, SubscriptionCommand>;
  for (const [subscribe, unsubscribe] of subscriptionCommands) {
    const send = commands[subscribe]!.bind(sub);
    const undo = commands[unsubscribe]!.bind(sub);
    const keyOf = (channels: string[]) => `${subscribe} ${channels.join(' ')}`;
    const again = (...channels: string[]) => {
      const key = keyOf(channels);
      refused.delete(key);
      return send(...channels).catch((err: unknown) => {
        log.warn({ err, channels, link: 'subscribe' }, 'Redis did not take a subscription; trying again once the link is back');
        refused.set(key, () => void again(...channels));
      });
    };
    commands[subscribe] = again;
    commands[unsubscribe] = (...channels: string[]) => {
      refused.delete(keyOf(channels));
      return undo(...channels).catch((err: unknown) => log.debug({ err, channels }, 'Redis did not take an unsubscription'));
    };
  }
  sub.on(sub instanceof RedisCluster ? 'subscribersReady' : 'ready', () => {
    const retries = [...refused.values()];
    refused.clear();
    for (const retry of retries) retry();
  });
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

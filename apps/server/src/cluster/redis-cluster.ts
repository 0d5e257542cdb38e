import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { membershipOf, type Delivery } from '../delivery.js';
import { closeRedis, connectRedis } from '../redis-client.js';
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
 */
export function joinCluster(io: Server, redisUrl: string, log: Logger): Cluster {
  const pub = connectRedis(redisUrl, log, 'broadcast');
  const sub = connectRedis(redisUrl, log, 'subscribe');
  io.adapter(createAdapter(pub, sub, { key: 'rollcall:io', requestsTimeout: NODE_REQUEST_TIMEOUT_MS }));

  const roster = joinRoster(pub, log);
  // A node that has just started is in no other node's count until it says so (see `NodeRoster`).
  io.on(NODE_JOINED, () => void roster.recount());
  void roster.stamped.then(() => io.serverSideEmit(NODE_JOINED));

  const listeners: ((codes: string[]) => void)[] = [];
  let linked = false;
  sub.on('ready', () => {
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
    delivery: clusterDelivery(io, log, roster.liveNodes),
    onRelinked: (listener) => void listeners.push(listener),
    liveNodes: roster.liveNodes,
    async close() {
      await roster.leave();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}

import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { z } from 'zod';
import {
  channel,
  closeLocallyToWatchers,
  evictLocally,
  hasLocal,
  localPresence,
  localWatchers,
  socketDelivery,
  type Delivery,
} from '../delivery.js';
import type { Presence } from '../views.js';

/** Messages between server nodes, carried by the Socket.IO adapter. */
const NodeEvent = {
  /** Take a seat from this node's connections (a take-over or a removal happened on another node). */
  evictSeat: 'rollcall:evict-seat',
  /** Say which of a room's audiences this node has sockets in, and how many spectators. */
  presence: 'rollcall:presence',
  /** Drop this node's spectators and shared screens from a room that no longer allows them. */
  closeToWatchers: 'rollcall:close-to-watchers',
} as const;

const EvictSeat = z.object({
  code: z.string(),
  seatId: z.string(),
  reason: z.enum(['taken-over', 'removed', 'moved']),
  keep: z.string().optional(),
});
const PresenceQuery = z.object({ code: z.string(), seatIds: z.array(z.string()) });
const PresenceReply = z.object({ channels: z.array(z.string()), spectators: z.number().int().min(0) });
type PresenceReply = z.infer<typeof PresenceReply>;

/**
 * How long a node waits for the others to say who is connected. Set on the
 * adapter; the guard below covers a request that never got out (Redis down).
 */
export const NODE_REQUEST_TIMEOUT_MS = 2_000;
const PRESENCE_GUARD_MS = NODE_REQUEST_TIMEOUT_MS + 1_000;

/** Every audience of a room, as Socket.IO room names. */
function channelsOf(code: string, seatIds: readonly string[]): string[] {
  const seats = seatIds.map((id) => channel.seat(code, id));
  return [channel.room(code), channel.host(code), channel.display(code), channel.spectators(code), ...seats];
}

/**
 * Delivery when several nodes share the rooms. Presence and seat evictions
 * need each node's own sockets, so they are asked for or announced with
 * server-side events: a view is built once every live node has said which of
 * the room's audiences it holds, and an eviction announced before a view
 * reaches the other nodes before that view does (one Redis connection, in
 * order).
 *
 * The same answers route the views: an audience no other node holds is sent
 * to this node's sockets only, without a trip through Redis. The load balancer
 * keeps a household's phones on one node, so most rooms never need the trip.
 * A socket another node lets in after answering is covered by that node: it
 * sends the room's newest views right after letting a socket in.
 */
export function clusterDelivery(io: Server, log: Logger, liveNodes: () => number, localFirst = false): Delivery {
  // Filled by a presence answer and read by the sends that follow it in the same turn of the event loop.
  const remoteChannels = new Map<string, Set<string>>();

  io.on(NodeEvent.evictSeat, (message: unknown) => {
    const m = EvictSeat.safeParse(message);
    if (m.success) evictLocally(io, m.data.code, m.data.seatId, m.data.reason, m.data.keep);
    else log.warn('ignored a malformed eviction from another node');
  });
  io.on(NodeEvent.presence, (query: unknown, answer: (reply: PresenceReply) => void) => {
    const q = PresenceQuery.safeParse(query);
    if (!q.success || typeof answer !== 'function') return;
    const rooms = io.sockets.adapter.rooms;
    answer({
      channels: channelsOf(q.data.code, q.data.seatIds).filter((name) => (rooms.get(name)?.size ?? 0) > 0),
      spectators: localWatchers(io, q.data.code),
    });
  });
  io.on(NodeEvent.closeToWatchers, (code: unknown) => {
    if (typeof code === 'string') closeLocallyToWatchers(io, code);
  });

  /**
   * To every node holding the audience. The sharded adapter hands a broadcast
   * to this node's own sockets only once Redis has taken it for the others,
   * after the answer to the move has left; with `localFirst` those sockets get
   * it at once, and the copy through Redis leaves them out.
   */
  const everywhere = (name: string, except: readonly string[]): Pick<ReturnType<Server['to']>, 'emit'> => {
    const here = localFirst ? [...(io.sockets.adapter.rooms.get(name) ?? [])] : [];
    if (here.length === 0) return io.to(name).except([...except]);
    return {
      emit(event, ...args) {
        io.local.to(name).except([...except]).emit(event, ...args);
        return io.to(name).except([...here, ...except]).emit(event, ...args);
      },
    };
  };

  // Without a complete answer for the room, a view goes to every node.
  const route = (code: string, name: string, except: readonly string[]) => {
    if (remoteChannels.get(code)?.has(name) !== false) return everywhere(name, except);
    return hasLocal(io, name) ? io.local.to(name).except([...except]) : null;
  };

  return {
    ...socketDelivery(io, route),
    evictSeat(code, seatId, reason, keepConnectionId) {
      evictLocally(io, code, seatId, reason, keepConnectionId);
      io.serverSideEmit(NodeEvent.evictSeat, { code, seatId, reason, keep: keepConnectionId });
    },
    closeToWatchers(code) {
      closeLocallyToWatchers(io, code);
      io.serverSideEmit(NodeEvent.closeToWatchers, code);
    },
    presence(code, seatIds) {
      const mine = localPresence(io, code, seatIds);
      remoteChannels.delete(code);
      return new Promise<Presence>((resolve) => {
        let done = false;
        const finish = (err: Error | null, replies: unknown[]) => {
          if (done) return;
          done = true;
          clearTimeout(guard);
          const connectedSeats = new Set(mine.connectedSeats);
          let spectators = mine.spectators;
          const remote = new Set<string>();
          for (const reply of replies) {
            const r = PresenceReply.safeParse(reply);
            if (!r.success) continue;
            for (const name of r.data.channels) remote.add(name);
            spectators += r.data.spectators;
          }
          for (const id of seatIds) if (remote.has(channel.seat(code, id))) connectedSeats.add(id);
          // A node that is alive but not subscribed (yet) was not asked at all.
          const unasked = liveNodes() - 1 - replies.length;
          const failure = err ?? (unasked > 0 ? new Error(`${unasked} live node(s) not listening`) : null);
          if (failure === null) {
            remoteChannels.set(code, remote);
            setImmediate(() => {
              if (remoteChannels.get(code) === remote) remoteChannels.delete(code);
            });
          } else {
            log.warn({ err: failure, room: code }, 'not every node said who is connected');
          }
          resolve(failure === null ? { connectedSeats, spectators } : { connectedSeats, spectators, partial: true });
        };
        const guard = setTimeout(() => finish(new Error('no answer from the other nodes'), []), PRESENCE_GUARD_MS);
        io.serverSideEmit(NodeEvent.presence, { code, seatIds }, (err: Error | null, replies: unknown[] = []) =>
          finish(err, replies),
        );
      });
    },
  };
}

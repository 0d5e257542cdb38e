/**
 * What an operator watches, in Prometheus's text format: Node's own figures
 * (event-loop lag, heap, CPU) and the rooms'. One registry per app, never
 * prom-client's global one: tests run several apps in one process. Labels
 * take a few known values each (a refusal code, a limit, who moved); never a
 * room code, a name or a token.
 */
import { performance } from 'node:perf_hooks';
import type { ErrorCode, Reply } from '@rollcall/protocol';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Membership } from './delivery.js';
import type { MoveBy } from './room-changes.js';
import type { JournalEntry, RoomRepository } from './store/room-repository.js';

/** Where a socket is: a player's phone, a TV (host screen, shown or waiting to be let in) or a spectator. */
export type SocketKind = 'phone' | 'tv' | 'spectator';

/** What the gauges count at each scrape; nothing until the realtime plugin says. */
export interface Watched {
  /** The membership of every socket on this node (null for one in no room yet). */
  memberships(): Iterable<Membership | null>;
  /** The nodes in the roster (this one alone without Redis). */
  liveNodes(): number;
  /** The rooms the repository keeps parsed in memory. */
  roomsHeld(): number;
}

/** How a commit went: stored, refused by the compare-and-set (another writer was first), or failed. */
export type CommitOutcome = 'stored' | 'conflict' | 'failed';

/** The instruments the server reports through; one per app. */
export interface Metrics {
  readonly registry: Registry;
  /** A move (`game:action`, `game:default`) was answered `seconds` after its receipt; a refusal is counted by its code. */
  moveAnswered(reply: Reply<unknown>, seconds: number): void;
  /** The store answered a commit after `seconds`; a stored move is counted by who made it. */
  committed(entry: JournalEntry, outcome: CommitOutcome, seconds: number): void;
  /** A limit refused something (its error code names the limit). */
  limited(limit: ErrorCode): void;
  /** Count these sockets and nodes at each scrape. */
  watch(watched: Watched): void;
}

/**
 * Buckets from 0.1 ms to 1 s: a move on an idle node is a fraction of a
 * millisecond, so the default buckets (5 ms up) would put every move in the first.
 */
export const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

const SOCKET_KINDS: readonly SocketKind[] = ['phone', 'tv', 'spectator'];
const MOVERS: readonly MoveBy[] = ['seat', 'lead', 'host', 'bot', 'timer', 'away'];
const COMMIT_OUTCOMES: readonly CommitOutcome[] = ['stored', 'conflict', 'failed'];

function kindOf(membership: Membership): SocketKind {
  switch (membership.identity.role) {
    case 'seat':
    case 'next':
      return 'phone';
    case 'host':
    case 'waiting-screen':
      return 'tv';
    case 'spectator':
      return 'spectator';
  }
}

/** Who made a journalled move, or null for an entry that is not one. */
function moverOf(entry: JournalEntry): MoveBy | null {
  if (entry.kind !== 'action') return null;
  const by = entry.detail.by;
  return MOVERS.find((m) => m === by) ?? null;
}

/**
 * A fresh registry with the server's instruments. `nodeDefaults` adds Node's
 * default metrics, which start process-wide monitors (an event-loop delay
 * histogram, a GC observer) that live as long as the process: only for an
 * app that serves its metrics.
 */
export function createMetrics({ nodeDefaults }: { nodeDefaults: boolean }): Metrics {
  const registry = new Registry();
  if (nodeDefaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let watched: Watched = { memberships: () => [], liveNodes: () => 1, roomsHeld: () => 0 };

  new Gauge({
    name: 'rollcall_live_rooms',
    help: 'Rooms with at least one socket on this node.',
    registers,
    collect() {
      const codes = new Set<string>();
      for (const m of watched.memberships()) if (m !== null) codes.add(m.code);
      this.set(codes.size);
    },
  });
  new Gauge({
    name: 'rollcall_rooms_in_memory',
    help: 'Rooms this node keeps parsed in memory: the busy ones, up to 2048, each until it is purged or pushed out.',
    registers,
    collect() {
      this.set(watched.roomsHeld());
    },
  });
  new Gauge({
    name: 'rollcall_sockets',
    help: 'Sockets on this node in a room, by kind: phone, tv (host screens) or spectator.',
    labelNames: ['kind'],
    registers,
    collect() {
      const counts = new Map<SocketKind, number>(SOCKET_KINDS.map((k) => [k, 0]));
      for (const m of watched.memberships()) if (m !== null) counts.set(kindOf(m), (counts.get(kindOf(m)) ?? 0) + 1);
      for (const [kind, n] of counts) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: 'rollcall_roster_nodes',
    help: 'Server nodes alive in the roster, as this node counts them (1 without Redis).',
    registers,
    collect() {
      this.set(watched.liveNodes());
    },
  });
  const accepted = new Counter({
    name: 'rollcall_moves_accepted_total',
    help: 'Moves stored by this node, by who made them: seat, lead, host, bot, timer (turn timer default) or away (away default).',
    labelNames: ['by'],
    registers,
  });
  const refused = new Counter({
    name: 'rollcall_moves_refused_total',
    help: 'Moves refused by this node, by refusal code.',
    labelNames: ['code'],
    registers,
  });
  const moveSeconds = new Histogram({
    name: 'rollcall_move_seconds',
    help: "From a move's receipt to its answer, which is sent after its views: the last send.",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const commits = new Counter({
    name: 'rollcall_commits_total',
    help: 'Changes this node asked the store to commit, by outcome: stored, conflict (another writer was first) or failed.',
    labelNames: ['outcome'],
    registers,
  });
  const commitSeconds = new Histogram({
    name: 'rollcall_commit_seconds',
    help: 'How long the store took to answer a commit.',
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const limited = new Counter({
    name: 'rollcall_rate_limited_total',
    help: 'Requests and connections refused by a limit, by the limit (its error code).',
    labelNames: ['limit'],
    registers,
  });
  // Series that exist from the start, so a rate over them is 0 rather than absent until the first event.
  for (const by of MOVERS) accepted.labels({ by }).inc(0);
  for (const outcome of COMMIT_OUTCOMES) commits.labels({ outcome }).inc(0);

  return {
    registry,
    moveAnswered(reply, seconds) {
      if (reply.ok) moveSeconds.observe(seconds);
      else refused.inc({ code: reply.error.code });
    },
    committed(entry, outcome, seconds) {
      commits.inc({ outcome });
      commitSeconds.observe(seconds);
      const by = outcome === 'stored' ? moverOf(entry) : null;
      if (by !== null) accepted.inc({ by });
    },
    limited(limit) {
      limited.inc({ limit });
    },
    watch(w) {
      watched = w;
    },
  };
}

/** The repository with every commit timed and counted; everything else passes straight through. */
export function meteredRepository(store: RoomRepository, metrics: Metrics): RoomRepository {
  return {
    create: (room, entry) => store.create(room, entry),
    load: (code) => store.load(code),
    async commit(room, expected, entry) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const stored = await store.commit(room, expected, entry);
        metrics.committed(entry, stored ? 'stored' : 'conflict', seconds());
        return stored;
      } catch (err) {
        metrics.committed(entry, 'failed', seconds());
        throw err;
      }
    },
    timedRooms: (dueBy) => store.timedRooms(dueBy),
    journal: (code) => store.journal(code),
    purge: (cutoffs) => store.purge(cutoffs),
    held: () => store.held(),
    close: () => store.close(),
  };
}

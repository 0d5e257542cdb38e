/**
 * The load generator: opens every room of a workload over real Socket.IO
 * connections (a TV, the phones, the spectators), then lets each phone move
 * on its own metronome and times each move until the last socket of its room
 * holds a view of it. A phone puts its view together from the changes it
 * heard, as the web app does, reading them in full only when it is about to
 * choose a move; the TV and spectators only glance at each change's version.
 * The same code drives our server, the servers before changes (which sent a
 * whole public view, and seat parts apart: a whole view is a change from
 * nothing) and the floor.
 */
import { randomInt } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  assembledView,
  ClientEvent,
  hearChange,
  nothingHeard,
  ServerEvent,
  type ActionResult,
  type Heard,
  type Joined,
  type PublicRoomView,
  type Reply,
  type RoomChange,
  type SeatPart,
} from '@rollcall/protocol';
import { io, type Socket } from 'socket.io-client';
import { DeliveryTracker } from './delivery-tracker.js';
import { glanceParser, legacyEvent, type GlancedView } from './glance-decoder.js';
import type { Workload } from './point.js';
import type { ChooseMove } from './wfgts-moves.js';

/** What to run and how to judge time. */
export interface LoadSpec {
  /** One address per server process; each room's sockets are spread over them in turn. */
  urls: string[];
  workload: Workload;
  /** The game to configure, or null for the floor, which has none. */
  game: string | null;
  choose: ChooseMove;
  warmupMs: number;
  durationMs: number;
  timeoutMs: number;
  /** Spectators that crowd into one more room, as fast as they can, as the window opens (0 for none). */
  storm: number;
}

/** What an audience storm cost: how many joined, how long it took, and the views the storm room's sockets received. */
export interface StormOutcome {
  joined: number;
  joinSeconds: number;
  views: number;
}

/** What the generator saw; the orchestrator adds the server's side. */
export interface LoadOutcome {
  windowMs: number;
  /** Moves sent in the window and accepted. */
  accepted: number;
  latencies: number[];
  errors: Record<string, number>;
  timeouts: number;
  missedBeats: number;
  /** Views a phone received after a newer one (possible with several nodes). */
  olderViews: number;
  viewBytes: ViewBytes;
  generator: { cpuPercent: number; eventLoopDelayP99Ms: number };
  /** The audience storm, when there was one. */
  storm: StormOutcome | null;
}

/** What the views cost on the wire: mean packet sizes, and how many seat parts a move brings. */
export interface ViewBytes {
  /** Mean packet for the public view alone, the same for every socket of a room: a `room:change` (or a server before changes' `room:view`). */
  public: number;
  /** Mean packet with a seat's own part: a `room:change` carrying one (or the `room:seat` of a server before changes). */
  seatPart: number;
  /** Seat parts the phones received in the window per move accepted in it. */
  partsPerMove: number;
  /** View bytes (changes, views and parts) received in the window per move accepted in it, per socket of a room. */
  perSocketPerMove: number;
}

/** Called as the measured window opens and closes, to sample the servers at the same moments. */
export interface WindowHooks {
  opened(): void;
  closed(): void;
}

/** Rooms set up at once: enough to be quick, few enough not to look like a connection flood. */
const SETUP_CONCURRENCY = 16;
/** Spectators of one room connecting at once. */
const SPECTATOR_CONCURRENCY = 50;
const SWEEP_EVERY_MS = 250;
const CHANGE_PREFIX = `2["${ServerEvent.change}"`;
const VIEW_PREFIX = `2["${legacyEvent.view}"`;
const PART_PREFIX = `2["${legacyEvent.seat}"`;
/** A change's head, then its public part: what follows that object's end is the seat's part. */
const WITH_PART = /\},\{"code":/;

/** A change heard and not read yet, as text; or a whole public view from a server before changes, with the part that came before it. */
type Unread = { change: string } | { view: string; part: SeatPart | null };

interface Phone {
  socket: Socket;
  seat: number;
  token: string;
  /** The public view and seat part read so far, from which the phone's view is put together. */
  heard: Heard;
  /** What came since, in order, not read yet: read when the phone next chooses a move. */
  unread: Unread[];
  /** The newest version heard, read or not. */
  newest: number;
  /** From a server before changes: the seat part that came just before its view. */
  partAhead: SeatPart | null;
  /** A beat has come and its move is not sent yet. */
  due: boolean;
  inFlight: boolean;
  moves: number;
  timer: NodeJS.Timeout | null;
}

interface Room {
  code: string;
  hostToken: string;
  tv: Socket;
  phones: Phone[];
  spectators: Socket[];
  tracker: DeliveryTracker;
  /** Accepted moves not yet delivered to the whole room, by the version they made. */
  pending: Map<number, { sentAt: number; measured: boolean }>;
  restarting: boolean;
}

class Sizes {
  private bytes = 0;
  private count = 0;
  add(n: number): void {
    this.bytes += n;
    this.count += 1;
  }
  get mean(): number {
    return this.count === 0 ? 0 : Math.round(this.bytes / this.count);
  }
}

/** Run `task` over `items`, at most `limit` at a time; after a failure no new task starts. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A whole public view from a server before changes: a change from nothing. */
const wholeOf = (view: PublicRoomView): RoomChange => ({ code: view.code, version: view.version, status: view.status, tag: '', view });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One load run: `setup`, then `run`, then `close`. */
export class LoadGenerator {
  private readonly rooms: Room[] = [];
  private readonly sockets: Socket[] = [];
  private readonly errors = new Map<string, number>();
  private readonly latencies: number[] = [];
  private readonly sizes = { public: new Sizes(), seatPart: new Sizes() };
  private partsInWindow = 0;
  private viewBytesInWindow = 0;
  private accepted = 0;
  private timeouts = 0;
  private missedBeats = 0;
  private olderViews = 0;
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.POSITIVE_INFINITY;
  private beating = false;
  private closing = false;
  private socketCount = 0;

  constructor(private readonly spec: LoadSpec) {}

  /** Open every room and seat everyone; the first failure ends the setup. */
  async setup(): Promise<void> {
    const indices = Array.from({ length: this.spec.workload.rooms }, (_, i) => i);
    await pool(indices, SETUP_CONCURRENCY, async () => {
      this.rooms.push(await this.openRoom());
    });
  }

  /** Start every room's game and leave it there: nobody moves (for memory at rest). */
  async startGames(): Promise<void> {
    this.beating = true;
    await pool(this.rooms, SETUP_CONCURRENCY, (room) => this.control(room, ClientEvent.start));
    this.beating = false;
  }

  /** Errors seen so far, by code. */
  get errorTable(): Record<string, number> {
    return Object.fromEntries(this.errors);
  }

  /** Play for the warm-up and the window, then wait for the moves still under way. */
  async run(hooks: WindowHooks): Promise<LoadOutcome> {
    const { warmupMs, durationMs, timeoutMs, workload } = this.spec;
    const start = performance.now();
    this.windowStart = start + warmupMs;
    this.windowEnd = this.windowStart + durationMs;
    this.beating = true;
    const interval = 1000 / workload.rate;
    for (const room of this.rooms) {
      // Rooms start spread over the first half of the warm-up, so that their games do not all end together.
      setTimeout(() => void this.control(room, ClientEvent.start), randomInt(0, Math.max(1, Math.floor(warmupMs / 2))));
      for (const phone of room.phones) this.beat(room, phone, start + randomInt(0, 1_000_000) * (interval / 1e6), interval);
    }
    const sweeper = setInterval(() => this.sweep(false), SWEEP_EVERY_MS);

    await sleep(this.windowStart - performance.now());
    const cpuBefore = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    hooks.opened();
    const storm = this.spec.storm > 0 ? this.storm(this.spec.storm) : null;
    await sleep(this.windowEnd - performance.now());
    hooks.closed();
    lag.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const windowMs = performance.now() - this.windowStart;

    this.beating = false;
    for (const phone of this.rooms.flatMap((r) => r.phones)) if (phone.timer !== null) clearTimeout(phone.timer);
    const drainUntil = performance.now() + timeoutMs + 500;
    while (performance.now() < drainUntil && this.outstanding() > 0) await sleep(50);
    clearInterval(sweeper);
    this.sweep(true);
    // Before the errors are read: a storm that failed part-way counts its failure there.
    const stormed = storm === null ? null : await storm;

    return {
      windowMs,
      accepted: this.accepted,
      latencies: this.latencies,
      errors: Object.fromEntries(this.errors),
      timeouts: this.timeouts,
      missedBeats: this.missedBeats,
      olderViews: this.olderViews,
      viewBytes: {
        public: this.sizes.public.mean,
        seatPart: this.sizes.seatPart.mean,
        partsPerMove: this.accepted === 0 ? 0 : this.partsInWindow / this.accepted,
        perSocketPerMove: this.accepted === 0 ? 0 : this.viewBytesInWindow / this.accepted / (1 + workload.players + workload.spectators),
      },
      storm: stormed,
      generator: {
        cpuPercent: ((cpu.user + cpu.system) / 1000 / windowMs) * 100,
        eventLoopDelayP99Ms: lag.percentile(99) / 1e6,
      },
    };
  }

  /**
   * One TV opens a room and `size` spectators join it as fast as they can,
   * while the other rooms play on and are measured. Every view any socket of
   * the storm room receives until the window closes is counted.
   */
  private async storm(size: number): Promise<StormOutcome> {
    let views = 0;
    let joined = 0;
    const counting = (socket: Socket) => {
      for (const event of [ServerEvent.change, legacyEvent.view]) socket.on(event, () => void (performance.now() < this.windowEnd && views++));
    };
    const tv = await this.connect();
    counting(tv);
    const { code } = await this.request<Joined>(tv, ClientEvent.createRoom, { as: 'host' });
    const start = performance.now();
    await pool(
      Array.from({ length: size }, (_, i) => i),
      SPECTATOR_CONCURRENCY,
      async () => {
        const socket = await this.connect();
        counting(socket);
        await this.request(socket, ClientEvent.joinRoom, { code, as: 'spectator' });
        joined += 1;
      },
    ).catch((err: unknown) => this.count(`storm/${(err as Error).message}`));
    return { joined, joinSeconds: (performance.now() - start) / 1000, views };
  }

  /** Stop listening and close every connection. */
  close(): void {
    this.closing = true;
    this.beating = false;
    for (const socket of this.sockets) socket.close();
  }

  private count(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  private measured(sentAt: number): boolean {
    return sentAt >= this.windowStart && sentAt < this.windowEnd;
  }

  private async connect(): Promise<Socket> {
    const url = this.spec.urls[this.socketCount++ % this.spec.urls.length] ?? '';
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 10_000,
      // A view's version and status are read as it comes; the rest only by a phone about to move.
      parser: glanceParser,
    });
    this.sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`could not connect to ${url}: ${err.message}`)));
    });
    socket.io.engine.on('data', (data) => {
      if (typeof data !== 'string') return;
      const change = data.startsWith(CHANGE_PREFIX);
      const withPart = data.startsWith(PART_PREFIX) || (change && WITH_PART.test(data));
      if (!withPart && !change && !data.startsWith(VIEW_PREFIX)) return;
      (withPart ? this.sizes.seatPart : this.sizes.public).add(data.length);
      if (!this.measured(performance.now())) return;
      this.viewBytesInWindow += data.length;
      if (withPart) this.partsInWindow += 1;
    });
    socket.on('disconnect', (reason) => {
      if (!this.closing) this.count(`socket/${reason.replaceAll(' ', '-')}`);
    });
    return socket;
  }

  private async request<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
    const reply = (await socket.timeout(this.spec.timeoutMs).emitWithAck(event, payload)) as Reply<T>;
    if (!reply.ok) throw new Error(`${event} was refused: ${reply.error.code}`);
    return reply.value;
  }

  private async openRoom(): Promise<Room> {
    const { workload, game } = this.spec;
    const tv = await this.connect();
    let room: Room | null = null;
    const watched = (view: GlancedView) => {
      if (room === null) return;
      this.delivered(room, room.tracker.seen(0, view.version, performance.now()));
      if (view.status === 'finished' && !room.restarting && this.beating) void this.rematch(room);
    };
    tv.on(ServerEvent.change, watched);
    tv.on(legacyEvent.view, watched);
    const created = await this.request<Joined>(tv, ClientEvent.createRoom, { as: 'host' });
    if (created.hostToken === undefined) throw new Error('the TV got no host token');
    const opened: Room = {
      code: created.code,
      hostToken: created.hostToken,
      tv,
      phones: [],
      spectators: [],
      tracker: new DeliveryTracker(1 + workload.players + workload.spectators),
      pending: new Map(),
      restarting: false,
    };
    room = opened;
    // The family filter refuses some of the phones' made-up names ("Player 5"): load is what is measured here, not names.
    await this.request(tv, ClientEvent.setLock, { code: opened.code, token: opened.hostToken, locked: false, spectatorsAllowed: true, familyMode: false });
    const seen = (index: number, version: number) => this.delivered(opened, opened.tracker.seen(index, version, performance.now()));

    // Phones join one after another so that seat numbers follow names; spectators in parallel.
    for (let p = 0; p < workload.players; p++) {
      const socket = await this.connect();
      const phone: Phone = {
        socket,
        seat: -1,
        token: '',
        heard: nothingHeard,
        unread: [],
        newest: -1,
        partAhead: null,
        due: false,
        inFlight: false,
        moves: 0,
        timer: null,
      };
      const index = 1 + p;
      const heard = (view: GlancedView, unread: Unread) => {
        // With several nodes a view can overtake an older one.
        if (view.version < phone.newest) this.olderViews += 1;
        phone.newest = Math.max(phone.newest, view.version);
        phone.unread.push(unread);
        seen(index, view.version);
        if (phone.due && !phone.inFlight) this.move(opened, phone);
      };
      socket.on(ServerEvent.change, (view: GlancedView) => heard(view, { change: view.text }));
      // A server before changes sends a seat's part just before the view of its version; a whole view makes what came before it moot.
      socket.on(legacyEvent.seat, (part: SeatPart) => void (phone.partAhead = part));
      socket.on(legacyEvent.view, (view: GlancedView) => {
        const part = phone.partAhead ?? phone.unread.reduce<SeatPart | null>((p, u) => ('part' in u && u.part !== null ? u.part : p), null);
        phone.partAhead = null;
        phone.unread = [];
        heard(view, { view: view.text, part });
      });
      const joined = await this.request<Joined>(socket, ClientEvent.joinRoom, {
        code: opened.code,
        as: 'player',
        name: `Player ${p + 1}`,
      });
      if (joined.seat === undefined || joined.seatToken === undefined) throw new Error('a phone got no seat');
      phone.seat = joined.seat;
      phone.token = joined.seatToken;
      opened.phones.push(phone);
    }
    const spectators = Array.from({ length: workload.spectators }, (_, s) => 1 + workload.players + s);
    await pool(spectators, SPECTATOR_CONCURRENCY, async (index) => {
      const socket = await this.connect();
      for (const event of [ServerEvent.change, legacyEvent.view]) socket.on(event, (view: GlancedView) => seen(index, view.version));
      await this.request(socket, ClientEvent.joinRoom, { code: opened.code, as: 'spectator' });
      opened.spectators.push(socket);
    });
    if (game !== null) {
      await this.request(tv, ClientEvent.configure, { code: opened.code, token: opened.hostToken, game });
    }
    return opened;
  }

  /** A phone's metronome: one beat per interval from its own phase, never catching up on missed ones. */
  private beat(room: Room, phone: Phone, at: number, interval: number): void {
    phone.timer = setTimeout(
      () => {
        if (!this.beating) return;
        const now = performance.now();
        if (phone.due && this.measured(now)) this.missedBeats += 1;
        phone.due = true;
        if (!phone.inFlight) this.move(room, phone);
        this.beat(room, phone, at + interval, interval);
      },
      Math.max(0, at - performance.now()),
    );
  }

  /** Send the phone's move now if its view lets it move; otherwise the beat stays due. */
  private move(room: Room, phone: Phone): void {
    if (!this.beating) return;
    if (!this.read(room, phone)) return;
    const view = assembledView(phone.heard, { role: 'seat' });
    if (view === null) return;
    const action = this.spec.choose(view, phone.seat);
    if (action === null) return;
    phone.due = false;
    phone.inFlight = true;
    const sentAt = performance.now();
    const measured = this.measured(sentAt);
    const payload = {
      code: room.code,
      token: phone.token,
      id: `m${++phone.moves}`,
      version: view.version,
      action,
    };
    phone.socket.timeout(this.spec.timeoutMs).emit(ClientEvent.action, payload, (err: Error | null, reply: Reply<ActionResult>) => {
      phone.inFlight = false;
      if (this.closing) return;
      if (err !== null) {
        this.timeouts += 1;
      } else if (!reply.ok) {
        this.count(reply.error.code);
      } else {
        if (measured) this.accepted += 1;
        const done = room.tracker.completedAt(reply.value.version);
        if (done !== undefined) this.record(done - sentAt, measured);
        else room.pending.set(reply.value.version, { sentAt, measured });
      }
      if (phone.due) this.move(room, phone);
    });
  }

  /**
   * Read what the phone heard since it last chose, in order, with the
   * protocol's own code; false on a gap, after asking for the whole view,
   * which comes as one more change.
   */
  private read(room: Room, phone: Phone): boolean {
    for (const unread of phone.unread.splice(0)) {
      const [change, part] =
        'change' in unread
          ? (JSON.parse(`[${unread.change}]`) as [RoomChange, SeatPart?])
          : [wholeOf(JSON.parse(unread.view) as PublicRoomView), unread.part ?? undefined];
      const heard = hearChange(phone.heard, change, part);
      if (heard === null) {
        phone.unread = [];
        phone.socket.emit(ClientEvent.wholeView, { code: room.code });
        return false;
      }
      phone.heard = heard;
    }
    return true;
  }

  private delivered(room: Room, versions: number[]): void {
    for (const version of versions) {
      const pending = room.pending.get(version);
      if (pending === undefined) continue;
      room.pending.delete(version);
      this.record(performance.now() - pending.sentAt, pending.measured);
    }
  }

  private record(ms: number, measured: boolean): void {
    if (measured) this.latencies.push(ms);
  }

  /** The TV sends a room control; a refusal or silence is an error. */
  private async control(room: Room, event: string): Promise<void> {
    if (!this.beating) return;
    try {
      await this.request<ActionResult>(room.tv, event, { code: room.code, token: room.hostToken });
    } catch (err) {
      if (!this.closing) this.count(`control/${event}: ${(err as Error).message}`);
    }
  }

  /** A game ended: the TV starts another one at once, so the load stays steady. */
  private async rematch(room: Room): Promise<void> {
    room.restarting = true;
    await this.control(room, ClientEvent.rematch);
    await this.control(room, ClientEvent.start);
    room.restarting = false;
  }

  /** Moves accepted but not delivered everywhere in time are timeouts; at the end, all that remain. */
  private sweep(final: boolean): void {
    const now = performance.now();
    for (const room of this.rooms) {
      for (const [version, pending] of room.pending) {
        if (final || now - pending.sentAt > this.spec.timeoutMs) {
          room.pending.delete(version);
          this.timeouts += 1;
        }
      }
    }
  }

  private outstanding(): number {
    let n = 0;
    for (const room of this.rooms) {
      n += room.pending.size;
      for (const phone of room.phones) if (phone.inFlight) n += 1;
    }
    return n;
  }
}

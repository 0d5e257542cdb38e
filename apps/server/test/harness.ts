/**
 * A real Rollcall server for tests: in this process (`startServer`) or as a
 * child process (`spawnServer`), on an ephemeral port with a temporary data
 * directory, plus a Socket.IO client that records everything it receives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import {
  ClientEvent,
  ServerEvent,
  type ClientEventName,
  type Reply,
  type ReplyValues,
  type RoomView,
  type SeatLost,
  assembledView,
  CreateRoom,
  JoinRoom,
  lookerOf,
  hearChange,
  nothingHeard,
  type Heard,
  type Looker,
  type PublicRoomView,
  type RoomChange,
  type SeatPart,
} from '@rollcall/protocol';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { buildApp, openRepository } from '../src/app.js';
import type { Clock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import type { RandomIndex } from '../src/secrets.js';
import type { RoomRepository } from '../src/store/room-repository.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Settings every test server starts with; `env` overrides them. Every test
 * client comes from 127.0.0.1 and a test plays far faster than people do, so
 * the limits per address, per connection and per seat are raised (the tests of those limits
 * set their own), and bots move without a pause.
 */
const testEnv = {
  TEST_MODE: '1',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  CONNECTIONS_PER_ADDRESS: '10000',
  ROOMS_PER_ADDRESS_PER_MINUTE: '10000',
  WRONG_CODES_PER_CONNECTION: '10000',
  WRONG_CODES_PER_ADDRESS_PER_HOUR: '10000',
  SEAT_CHANGES_PER_SECOND: '10000',
  ACTION_BURST: '10000',
  ACTIONS_PER_SECOND: '10000',
  BOT_PAUSE_MS: '0',
};

/** A fresh temporary data directory. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rollcall-test-'));
}

/**
 * Close `thing` once the running test is over, passed or failed; returns it.
 * What a test opened last is closed first (vitest runs these hooks in reverse),
 * so a table's screens go before their server. Closing twice is harmless.
 */
export function closeAfterTest<T extends { close(): unknown }>(thing: T): T {
  onTestFinished(async () => {
    await thing.close();
  });
  return thing;
}

/** A temporary data directory removed once the running test is over, for a test that restarts servers on it. */
export function dataDirForTest(): string {
  const dir = tempDataDir();
  closeAfterTest({ close: () => rmSync(dir, { recursive: true, force: true }) });
  return dir;
}

/** A server running in this process. */
export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  app: FastifyInstance;
  /** The server's own store, to look at rooms as stored. */
  store: RoomRepository;
  /** Stop the server (once; later calls wait for the same stop); the data directory is removed unless it was handed in. */
  close(): Promise<void>;
}

/**
 * Start a server in this process. Pass `dataDir` to restart on the data of an
 * earlier one, or `STORE: 'redis'` and `REDIS_URL` in `env` for a node of a cluster.
 */
export async function startServer(
  options: { env?: Record<string, string>; clock?: Clock; dataDir?: string; randomIndex?: RandomIndex; logger?: Logger } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const config = loadConfig({ ...testEnv, DATA_DIR: dataDir, ...options.env });
  const store = await openRepository(config, options.logger ?? createLogger(config));
  const app = await buildApp(config, { store, clock: options.clock, randomIndex: options.randomIndex, logger: options.logger });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    dataDir,
    app,
    store,
    close() {
      closing ??= (async () => {
        await app.close();
        await store.close();
        if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

export { freePort } from './free-port.js';
export { startRedis, type TestRedis } from './redis-server.js';

/** A server running as a child process (`tsx src/main.ts`). */
export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Every line the server logged. */
  output: string[];
  /** Move the server's clock forward by its `clockStepMs` at once (only when spawned with one). */
  stepClock(): Promise<void>;
}

/** What the clock-step preload logs each time it moves the clock. */
const CLOCK_STEPPED = 'test clock stepped';

/**
 * Start `src/main.ts` under tsx with the test settings; resolves once it logs
 * that it listens (keep LOG_LEVEL at info or below). With `clockStepMs`, the
 * server's clock can later jump forward by that much (`test/clock-step.ts`).
 */
export async function spawnServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  clockStepMs?: number;
}): Promise<SpawnedServer> {
  const stepping = options.clockStepMs === undefined ? [] : ['--import', './test/clock-step.ts'];
  // tsx as a loader rather than its CLI: one process, so a SIGKILL really kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', ...stepping, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...testEnv,
      LOG_LEVEL: 'info',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ...(options.clockStepMs === undefined ? {} : { ROLLCALL_TEST_CLOCK_STEP_MS: String(options.clockStepMs) }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = `http://127.0.0.1:${options.port}`;
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        if (line.includes('Server listening')) resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const log = () => output.join('\n');
    void exited.then((end) => reject(new Error(`the server exited (${String(end)}) before listening:\n${log()}`)));
    // Generous: on a busy machine tsx alone can take most of twenty seconds to load the server.
    setTimeout(() => reject(new Error(`the server did not start in time:\n${log()}`)), 60_000).unref();
  });
  const steps = () => output.filter((line) => line.includes(CLOCK_STEPPED)).length;
  return {
    url,
    process: child,
    exited,
    output,
    async stepClock() {
      if (options.clockStepMs === undefined) throw new Error('this server was spawned without clockStepMs');
      const before = steps();
      child.kill('SIGUSR2');
      for (let waited = 0; steps() === before; waited += 20) {
        if (waited > 5_000) throw new Error('the server did not move its clock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** One message a client received: an event, or the reply to one of its requests. */
export interface Received {
  event: string;
  payload: unknown;
  /** A `room:change`'s second argument: the seat's own part, when it came with one. */
  part?: unknown;
}

/** The received `room:change`s, each with the part that came with it. */
export const changesIn = (received: readonly Received[]) =>
  received.filter((r) => r.event === ServerEvent.change).map((r) => ({ change: r.payload as RoomChange, part: r.part as SeatPart | undefined }));

/** The index of the first received message after which the public view held matches, or -1. */
export function firstHeldWhere(received: readonly Received[], match: (view: PublicRoomView) => boolean): number {
  let heard: Heard = nothingHeard;
  return received.findIndex((r) => {
    if (r.event !== ServerEvent.change) return false;
    heard = hearChange(heard, r.payload as RoomChange, r.part as SeatPart | undefined) ?? heard;
    return heard.room !== null && match(heard.room);
  });
}

/** The public view held after each received change that followed on from the view before it. */
export function publicViewsIn(received: readonly Received[]): PublicRoomView[] {
  const views: PublicRoomView[] = [];
  let heard: Heard = nothingHeard;
  for (const { change, part } of changesIn(received)) {
    heard = hearChange(heard, change, part) ?? heard;
    if (heard.room !== null && heard.tag === change.tag) views.push(heard.room);
  }
  return views;
}

/** A Socket.IO client that records every message it receives. */
export class TestClient {
  /** Every event and every reply, in order. */
  readonly received: Received[] = [];
  private readonly listeners = new Set<() => void>();

  /** What the client holds now, to notice a change that does not follow on from it. */
  private holding: Heard = nothingHeard;
  /** Changes still to be lost on the way, as if another server node's had overtaken them. */
  private toLose = 0;

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown, part?: unknown) => {
      if (event === ServerEvent.change && this.toLose > 0) {
        this.toLose -= 1;
        return;
      }
      this.record(part === undefined ? { event, payload } : { event, payload, part });
      if (event !== ServerEvent.change) return;
      const change = payload as RoomChange;
      const held = hearChange(this.holding, change, part as SeatPart | undefined);
      // As the web app does: a gap is filled by asking for the whole view.
      if (held === null) socket.emit(ClientEvent.wholeView, { code: change.code });
      else this.holding = held;
    });
  }

  /** Connect to a server (over WebSocket, reconnecting quickly after a drop). */
  static async connect(url: string): Promise<TestClient> {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 250,
      timeout: 5000,
    });
    const client = new TestClient(socket);
    try {
      await client.connected();
    } catch (err) {
      // A client that never connected is not kept trying in the background.
      socket.close();
      throw err;
    }
    return client;
  }

  /** Who this client asked to be, and from which received message on. */
  private readonly lookers: { from: number; looker: Looker }[] = [];

  /**
   * Every view received, oldest first, put together as the web app does: one
   * per change that follows on from the view held, with this client's viewer
   * and, for a seat, its own part.
   */
  get views(): RoomView[] {
    const views: RoomView[] = [];
    let heard: Heard = nothingHeard;
    for (const [i, r] of this.received.entries()) {
      if (r.event !== ServerEvent.change) continue;
      const held = hearChange(heard, r.payload as RoomChange, r.part as SeatPart | undefined);
      if (held === null) continue;
      heard = held;
      const looker = this.lookers.findLast((l) => l.from <= i)?.looker ?? { role: 'spectator' };
      const view = assembledView(heard, looker);
      if (view !== null) views.push(view);
    }
    return views;
  }

  /**
   * The newest view of the room last heard from: the highest version, the
   * latest among equals. Views sent by different server nodes can overtake
   * each other, so, like the web app, this never steps back in time.
   */
  get view(): RoomView {
    const views = this.views;
    const code = views.at(-1)?.code;
    let newest: RoomView | undefined;
    for (const view of views) if (view.code === code && view.version >= (newest?.version ?? -1)) newest = view;
    if (newest === undefined) throw new Error('no view received yet');
    return newest;
  }

  /** Send a client event and wait for its reply. */
  async request<E extends ClientEventName>(event: E, payload: unknown, timeoutMs = 5000): Promise<Reply<ReplyValues[E]>> {
    // Only a well-formed create or join lets a screen in; the looker says who it asked to be.
    const entering = event === ClientEvent.createRoom ? CreateRoom.safeParse(payload) : event === ClientEvent.joinRoom ? JoinRoom.safeParse(payload) : null;
    if (entering?.success === true) this.lookers.push({ from: this.received.length, looker: lookerOf(entering.data) });
    const reply = (await this.socket.timeout(timeoutMs).emitWithAck(event, payload)) as Reply<ReplyValues[E]>;
    this.record({ event: `reply:${event}`, payload: reply });
    return reply;
  }

  /** Lose the next `count` changes that come, unseen and unrecorded. */
  loseChanges(count = 1): void {
    this.toLose += count;
  }

  /** Like `request`, but a refusal fails the test. */
  async must<E extends ClientEventName>(event: E, payload: unknown): Promise<ReplyValues[E]> {
    const reply = await this.request(event, payload);
    if (!reply.ok) throw new Error(`${event} was refused: ${reply.error.code}`);
    return reply.value;
  }

  /** Wait for a view (already received or still to come) that matches. */
  waitForView(match: (view: RoomView) => boolean, timeoutMs = 5000): Promise<RoomView> {
    return this.waitFor(() => this.views.findLast(match), timeoutMs, 'a matching view');
  }

  /** Wait for an event by name, counting only those received after `after` messages. */
  waitForEvent(event: string, after = 0, timeoutMs = 5000): Promise<unknown> {
    return this.waitFor(
      () => this.received.slice(after).find((r) => r.event === event)?.payload,
      timeoutMs,
      `event ${event}`,
    );
  }

  /** Resolves once the socket has noticed that its connection is gone. */
  disconnected(timeoutMs = 5000): Promise<void> {
    if (!this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
      this.socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Resolves once the socket is connected (again). */
  connected(timeoutMs = 5000): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no connection')), timeoutMs);
      this.socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.connect();
    });
  }

  /**
   * From now on, answer none of the server's pings and never reconnect, as a
   * phone that died without closing its connection (battery out, out of
   * range): the connection stays open until the server's heartbeat gives up.
   */
  stopAnsweringPings(): void {
    this.socket.io.reconnection(false);
    const engine = this.socket.io.engine as unknown as { _sendPacket: (type: string, ...rest: unknown[]) => void };
    const send = engine._sendPacket.bind(engine);
    engine._sendPacket = (type, ...rest) => {
      if (type !== 'pong') send(type, ...rest);
    };
  }

  close(): void {
    this.socket.close();
  }

  private record(message: Received): void {
    this.received.push(message);
    for (const listener of [...this.listeners]) listener();
  }

  private waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = find();
        if (hit === undefined) return;
        this.listeners.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.listeners.add(check);
    });
  }
}

/** A player's phone at the table. */
export interface Player {
  client: TestClient;
  seat: number;
  token: string;
}

/**
 * A new tab on `url` takes `player`'s seat with its token; resolves with the
 * tab and the `room:seat-lost` notice the old tab received.
 */
export async function takeOverSeat(url: string, code: string, player: Player): Promise<{ tab: TestClient; lost: SeatLost }> {
  const tab = await TestClient.connect(url);
  const before = player.client.received.length;
  await tab.must(ClientEvent.joinRoom, { code, as: 'seat', seatToken: player.token });
  const lost = (await player.client.waitForEvent(ServerEvent.seatLost, before)) as SeatLost;
  return { tab, lost };
}

/** A room opened by a host screen, with players seated and, if asked, a spectator watching. */
export interface Table {
  code: string;
  host: TestClient;
  hostToken: string;
  players: Player[];
  spectator: TestClient | null;
  /** Close every client. */
  close(): void;
}

/** Open a room from a host screen and seat the named players, in order, each screen on one of the given servers. */
export async function openTable(
  url: string | readonly string[],
  options: { players: string[]; spectator?: boolean; testSeed?: string },
): Promise<Table> {
  // Several nodes: the host screen on the first, player i on node i (round the list), the spectator on the last.
  const urls = typeof url === 'string' ? [url] : url;
  const node = (i: number) => urls[i % urls.length] ?? '';
  const host = await TestClient.connect(node(0));
  const created = await host.must(ClientEvent.createRoom, { as: 'host', testSeed: options.testSeed });
  const { code } = created;
  const players: Player[] = [];
  for (const [i, name] of options.players.entries()) {
    const client = await TestClient.connect(node(i));
    const joined = await client.must(ClientEvent.joinRoom, { code, as: 'player', name });
    if (joined.seat === undefined || joined.seatToken === undefined) throw new Error('a player join gave no seat');
    players.push({ client, seat: joined.seat, token: joined.seatToken });
  }
  let spectator: TestClient | null = null;
  if (options.spectator === true) {
    spectator = await TestClient.connect(node(urls.length - 1));
    await spectator.must(ClientEvent.joinRoom, { code, as: 'spectator' });
  }
  if (created.hostToken === undefined) throw new Error('a host screen got no host token');
  const table: Table = {
    code,
    host,
    hostToken: created.hostToken,
    players,
    spectator,
    // The screens the table has now: a test may have put new ones in place of the first.
    close() {
      for (const c of [table.host, table.spectator, ...table.players.map((p) => p.client)]) c?.close();
    },
  };
  return table;
}

import {
  commands,
  ServerEvent,
  assembledView,
  hearChange,
  lookerOf,
  nothingHeard,
  type Heard,
  type Looker,
  type RoomChange,
  type SeatPart,
  type ActionResult,
  type AfterEnd,
  type BotStrength,
  type CommandName,
  type CommandPayload,
  type CommandReply,
  type Configure,
  type SetLock,
  type HandedOver,
  type Rematch,
  type HintReply,
  type CreateRoom,
  type JoinRoom,
  type Joined,
  type RoomView,
  type SeatLost,
  type WatchClosed,
  type ScreenAdmitted,
} from '@rollcall/protocol';
import { appText } from './i18n/messages.js';
import { isRefusalCode, refusalText } from './i18n/refusals.js';
import type { SeatStorage } from './seat-storage.js';

/**
 * The one link between a screen and its room. It keeps the newest view, takes
 * the seat (or host screen) back by itself after the socket drops, and resends
 * a game move with the same id until the server answers, so a move made in a
 * tunnel is applied exactly once when the phone is back.
 */

/** The part of a Socket.IO client the connection needs; tests pass a fake. */
export interface RoomSocket {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  /** Emit with an acknowledgement; `ack` gets an error when no answer came in time. */
  request(event: string, payload: unknown, timeoutMs: number, ack: (err: Error | null, reply?: unknown) => void): void;
}

/** Why something failed, in words for people and a code for the program. */
export interface Problem {
  code: string;
  message: string;
  /** For a refusal that lifts by itself: seconds until trying again can work. */
  retryAfterSeconds?: number;
}

/** The answer to anything sent: the server's reply, or a problem. */
export type Sent<T> = { ok: true; value: T } | { ok: false; error: Problem };

/**
 * Where the link stands, for the status badge. `unreachable`: the last try to
 * reach the server failed (it is down, or the Wi-Fi is); Socket.IO keeps trying.
 */
export type LinkStatus = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'unreachable';

// The app's own failures word themselves when read, so they speak the screen's language of that moment.

/** The failure when the server could not be reached after every retry. */
export const unreachable: Problem = {
  code: 'client/unreachable',
  get message() {
    return appText.problem_unreachable();
  },
};

/** The failure when the screen left the room before an answer came. */
export const leftRoom: Problem = {
  code: 'client/left',
  get message() {
    return appText.problem_left_room();
  },
};

const malformed: Problem = {
  code: 'client/bad-reply',
  get message() {
    return appText.problem_bad_reply();
  },
};

type Credentials =
  /** `seat` is null for someone waiting for the next game. */
  | { code: string; role: 'seat'; token: string; seat: number | null }
  | { code: string; role: 'host'; token: string | null }
  | { code: string; role: 'spectator' };

/** What a connection needs from the outside world. */
export interface RoomConnectionDeps {
  /** Opens the socket (not yet connected). */
  open: () => RoomSocket;
  storage: SeatStorage;
  /** How long to wait for an answer before resending. */
  ackTimeoutMs?: number;
  /** How many times a move is sent before giving up. */
  attempts?: number;
  /** Fills a buffer with random bytes (for move ids). */
  randomBytes?: (bytes: Uint8Array) => Uint8Array;
}

function asSent<T>(reply: unknown): Sent<T> {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) return { ok: false, error: malformed };
  if (reply.ok === true && 'value' in reply) return { ok: true, value: reply.value as T };
  if (reply.ok === false && 'error' in reply) {
    // The server sends a code and its parameters; the sentence is this screen's own.
    const error = reply.error as { code?: unknown; retryAfterSeconds?: unknown } | null;
    if (error && typeof error.code === 'string' && isRefusalCode(error.code)) {
      const { code, retryAfterSeconds: wait } = error;
      const timed = typeof wait === 'number' && Number.isFinite(wait) && wait > 0;
      if (!timed) return { ok: false, error: { code, message: refusalText(code) } };
      return { ok: false, error: { code, message: refusalText(code, { retryAfterSeconds: wait }), retryAfterSeconds: wait } };
    }
  }
  return { ok: false, error: malformed };
}

/** Commands sent with the screen's own room code and seat or host token. */
type TokenCommand = {
  [N in CommandName]: CommandPayload<N> extends { code: string; token: string } ? N : never;
}[CommandName];

/** Moves: sent with an id chosen here (and the version they were based on), and resent with them until answered. */
type MoveCommand = 'action' | 'playDefault' | 'endGame';

/** What a screen adds to a command sent with its credentials. */
type Body<N extends CommandName, Added extends string> = Omit<CommandPayload<N>, 'code' | 'token' | Added>;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** One screen's link to one room at a time. */
export class RoomConnection {
  /** Where the link stands. */
  status = $state<LinkStatus>('idle');
  /** The newest view of the room for this screen. */
  view = $state.raw<RoomView | null>(null);
  /** What the server said when this screen entered the room. */
  joined = $state.raw<Joined | null>(null);
  /** Why this screen no longer holds its seat (another screen took it, its player took it back elsewhere, or the lead removed it); null while it does. */
  seatLost = $state<SeatLost['reason'] | null>(null);
  /** The room stopped allowing spectators while this screen watched it without a seat or the host token. */
  watchClosed = $state(false);

  private socket: RoomSocket | null = null;
  private credentials: Credentials | null = null;
  /** The public view and seat part held, which `view` is put together from. */
  private heard: Heard = nothingHeard;
  /** Who this screen is in the room, known from the moment it asks to enter (views come before the answer). */
  private looker: Looker | null = null;
  private waiters = new Set<() => void>();
  /** The commitment this seat last sent a client seed for. */
  private seededFor: string | null = null;
  /** This seat's hint and the step it is for, once asked; `askedFor` is the step last asked about. */
  private hint: HintReply | null = null;
  private askedFor: number | null = null;
  private readonly ackTimeoutMs: number;
  private readonly attempts: number;
  private readonly randomBytes: (bytes: Uint8Array) => Uint8Array;

  constructor(private readonly deps: RoomConnectionDeps) {
    this.ackTimeoutMs = deps.ackTimeoutMs ?? 5000;
    this.attempts = deps.attempts ?? 6;
    this.randomBytes = deps.randomBytes ?? ((b) => crypto.getRandomValues(b));
  }

  /** The room this screen is in, if any. */
  get code(): string | null {
    return this.credentials?.code ?? null;
  }

  /** The name this browser last joined with, to fill the form. */
  get rememberedName(): string {
    return this.deps.storage.lastName();
  }

  /** Remember a name this player now goes by, to fill the form next time. */
  rememberName(name: string): void {
    this.deps.storage.keepName(name.trim());
  }

  /** True when this screen is already in `code` in the given role. */
  isIn(code: string, role: Credentials['role']): boolean {
    return this.credentials?.code === code && this.credentials.role === role && this.seatLost === null;
  }

  /** True for a phone that came during a game: it watches until the room seats it in the next game's lobby. */
  get waitingForNext(): boolean {
    return this.joined?.next === true && this.view?.viewer.role !== 'seat';
  }

  /** True when this screen may run the room (the lead's phone or a TV with its token). */
  get canLead(): boolean {
    const view = this.view;
    if (!view) return false;
    if (view.viewer.role === 'host') return view.viewer.controls;
    return view.viewer.role === 'seat' && view.lead === view.viewer.seat;
  }

  /** The code this host screen shows while it waits to be let in by the lead or a host screen; null once it runs the room. */
  get screenCode(): string | null {
    const joined = this.joined;
    return joined?.role === 'host' && !joined.hostToken ? (joined.screen ?? null) : null;
  }

  /** Open a new room; the browser remembers the token it is given. */
  async create(payload: CreateRoom): Promise<Sent<Joined>> {
    this.reset();
    this.looker = lookerOf(payload);
    const reply = await this.request('createRoom', payload, { afterJoin: false, retry: false });
    if (reply.ok) this.adopt(reply.value);
    return reply;
  }

  /**
   * Take a new seat in a room, or take back the seat of that name when no
   * phone holds it; during a game, a new name waits for the next game.
   */
  async joinAsPlayer(code: string, name: string): Promise<Sent<Joined>> {
    const reply = await this.join({ code, as: 'player', name });
    if (reply.ok) this.deps.storage.keepName(name.trim());
    // The server's words are the same for every name; the person typing knows whose seat it is.
    if (!reply.ok && reply.error.code === 'room/seat-in-use') {
      return { ok: false, error: { ...reply.error, message: appText.refusal_room_seat_in_use_named({ name: name.trim() }) } };
    }
    return reply;
  }

  /** Take back the seat this browser holds in `code`; null when it holds none. */
  async resumeSeat(code: string): Promise<Sent<Joined> | null> {
    const held = this.deps.storage.seat(code);
    if (!held) return null;
    const reply = await this.join({ code, as: 'seat', seatToken: held.token });
    if (!reply.ok && ['room/bad-token', 'room/seat-moved', 'room/not-found'].includes(reply.error.code)) {
      this.deps.storage.forgetSeat(code);
    }
    return reply;
  }

  /** Take the away seat the lead handed to this phone with a one-time code. */
  joinWithHandOver(code: string, handover: string): Promise<Sent<Joined>> {
    return this.join({ code, as: 'handover', handover });
  }

  /** Show `code` as its host screen, with controls when this browser opened it. */
  async host(code: string): Promise<Sent<Joined>> {
    const hostToken = this.deps.storage.hostToken(code);
    if (hostToken) {
      const reply = await this.join({ code, as: 'host', hostToken });
      if (reply.ok || reply.error.code !== 'room/bad-token') return reply;
      this.deps.storage.forgetHostToken(code);
    }
    return this.join({ code, as: 'host' });
  }

  /** Watch `code` as a spectator. */
  watch(code: string): Promise<Sent<Joined>> {
    return this.join({ code, as: 'spectator' });
  }

  /** Take the seat back after another screen took it over. */
  async reclaim(): Promise<Sent<Joined> | null> {
    const credentials = this.credentials;
    if (credentials?.role !== 'seat') return null;
    return this.resumeSeat(credentials.code);
  }

  /** Leave the room and close the socket. */
  leave(): void {
    this.reset();
    this.socket?.disconnect();
    this.socket = null;
    this.status = 'idle';
    this.wake();
  }

  /** Leave the room from this phone: its seat goes (in a game it is left vacant), then the socket closes. */
  async leaveSeat(): Promise<Sent<ActionResult>> {
    const code = this.credentials?.code;
    const reply = await this.command('leave', {});
    if (reply.ok && code) {
      this.deps.storage.forgetSeat(code);
      this.leave();
    }
    return reply;
  }

  /** Change this player's name in the lobby. */
  rename(name: string): Promise<Sent<ActionResult>> {
    return this.command('rename', { name });
  }

  /** Lead or host: a one-time code that hands an away seat to a new phone. */
  handOver(seat: number): Promise<Sent<HandedOver>> {
    return this.command('handOver', { seat });
  }

  /** Lead or host: let in the screen that shows `screen`; it becomes a host screen. */
  admitScreen(screen: string): Promise<Sent<ActionResult>> {
    return this.command('admitScreen', { screen: screen.trim().toUpperCase() });
  }

  /** Lead or host: choose the game, its options, the turn timer, what happens when a phone is away and whether phones hint. */
  configure(settings: Pick<Configure, 'game' | 'options' | 'timer'> & Partial<Pick<Configure, 'whenAway' | 'hints'>>): Promise<Sent<ActionResult>> {
    return this.command('configure', settings);
  }

  /** Lead or host: lock the room, allow or refuse spectators, and turn family mode or streamer mode on or off (left as they are when not given). */
  setLock(
    locked: boolean,
    spectatorsAllowed: boolean,
    modes: Pick<SetLock, 'familyMode' | 'streamerMode'> = {},
  ): Promise<Sent<ActionResult>> {
    return this.command('setLock', { locked, spectatorsAllowed, ...modes });
  }

  /** Lead or host: start the chosen game. */
  start(): Promise<Sent<ActionResult>> {
    return this.command('start', {});
  }

  /** Lead or host: seat a bot that plays at this strength in the lobby (it is removed like any seat). */
  addBot(strength: BotStrength): Promise<Sent<ActionResult>> {
    return this.command('addBot', { strength });
  }

  /** Lead or host: remove a seat. */
  removeSeat(seat: number): Promise<Sent<ActionResult>> {
    return this.command('removeSeat', { seat });
  }

  /** Lead or host: start tonight's standings over, in the lobby. */
  resetNight(): Promise<Sent<ActionResult>> {
    return this.command('resetNight', {});
  }

  /** A player takes the lead while the lead's phone is away. */
  takeLead(): Promise<Sent<ActionResult>> {
    return this.command('takeLead', {});
  }

  /** Lead or host: back to the lobby with the same seats, each seat whose phone is gone as `away` says. */
  rematch(away: Rematch['away'] = []): Promise<Sent<ActionResult>> {
    return this.command('rematch', { away });
  }

  /**
   * Lead or host: end the game in progress for everyone, back to the lobby or
   * straight into another game. Resent with the same id until the server
   * answers, so it ends one game, once.
   */
  endGame(then: AfterEnd): Promise<Sent<ActionResult>> {
    return this.move('endGame', { then });
  }

  /**
   * Send a move. It carries the version it was based on and an id chosen here;
   * if no answer comes it is resent with the same id, so it counts once.
   */
  act(action: unknown, options: { seat?: number } = {}): Promise<Sent<ActionResult>> {
    return this.move('action', { action, ...(options.seat === undefined ? {} : { seat: options.seat }) });
  }

  /** Lead or host: play the game's default move for a vacant or away seat it waits on; sent like a move. */
  playDefault(seat: number): Promise<Sent<ActionResult>> {
    return this.move('playDefault', { seat });
  }

  private move<N extends MoveCommand>(name: N, body: Body<N, 'id' | 'version'>): Promise<Sent<CommandReply<N>>> {
    const credentials = this.credentials;
    if (!credentials || credentials.role === 'spectator' || !credentials.token) {
      return Promise.resolve({ ok: false, error: leftRoom });
    }
    const envelope = {
      code: credentials.code,
      token: credentials.token,
      id: toHex(this.randomBytes(new Uint8Array(12))),
      version: this.view?.version,
      ...body,
    } as CommandPayload<N>;
    return this.request(name, envelope, { afterJoin: true, retry: true });
  }

  private command<N extends TokenCommand>(name: N, body: Body<N, never>): Promise<Sent<CommandReply<N>>> {
    const credentials = this.credentials;
    if (!credentials || credentials.role === 'spectator' || !credentials.token) {
      return Promise.resolve({ ok: false, error: leftRoom });
    }
    const payload = { code: credentials.code, token: credentials.token, ...body } as CommandPayload<N>;
    return this.request(name, payload, { afterJoin: true, retry: false });
  }

  private async join(payload: JoinRoom): Promise<Sent<Joined>> {
    if (this.credentials?.code !== payload.code) this.reset();
    this.looker = lookerOf(payload);
    const reply = await this.request('joinRoom', payload, { afterJoin: false, retry: false });
    if (reply.ok) this.adopt(reply.value);
    return reply;
  }

  private adopt(joined: Joined): void {
    const { code } = joined;
    if (joined.role === 'seat' && joined.seatToken !== undefined) {
      const seat = joined.seat ?? null;
      this.credentials = { code, role: 'seat', token: joined.seatToken, seat };
      this.deps.storage.keepSeat(code, { seat, token: joined.seatToken });
    } else if (joined.role === 'host') {
      this.credentials = { code, role: 'host', token: joined.hostToken ?? null };
      if (joined.hostToken) this.deps.storage.keepHostToken(code, joined.hostToken);
    } else {
      this.credentials = { code, role: 'spectator' };
    }
    this.joined = joined;
    this.seatLost = null;
    this.status = 'online';
    // Someone waiting for the next game has no seat part to wait for: the views already heard show now.
    this.show();
    this.wake();
  }

  private reset(): void {
    this.credentials = null;
    this.heard = nothingHeard;
    this.looker = null;
    this.view = null;
    this.joined = null;
    this.seatLost = null;
    this.watchClosed = false;
    this.hint = null;
    this.askedFor = null;
  }

  private ensureSocket(): RoomSocket {
    if (this.socket) return this.socket;
    const socket = this.deps.open();
    this.socket = socket;
    this.status = 'connecting';
    socket.on('connect', () => {
      if (socket !== this.socket) return;
      if (this.credentials && this.seatLost === null) void this.rejoin(socket);
      else {
        this.status = 'online';
        this.wake();
      }
    });
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket) return;
      this.status = this.credentials ? 'reconnecting' : 'connecting';
      // The server closed this socket on purpose; Socket.IO then waits for us to reconnect.
      if (reason === 'io server disconnect') socket.connect();
    });
    // Each failed try (refused, timed out) while not connected: say so rather than spin; the next try goes on.
    socket.on('connect_error', () => {
      if (socket !== this.socket || socket.connected) return;
      this.status = 'unreachable';
    });
    socket.on(ServerEvent.change, (change, part) => {
      if (socket !== this.socket || !this.forThisRoom(change)) return;
      const heard = hearChange(this.heard, change as RoomChange, part as SeatPart | undefined);
      // A change made from a view this screen does not hold: what it shows stays until the whole view comes.
      if (heard === null) void this.emit(socket, 'wholeView', { code: (change as RoomChange).code });
      else this.heard = heard;
      this.show();
    });
    socket.on(ServerEvent.seatLost, (lost) => {
      const { code, reason } = (lost ?? {}) as Partial<SeatLost>;
      if (socket !== this.socket || this.credentials?.role !== 'seat' || code !== this.credentials.code) return;
      this.seatLost = reason === 'removed' || reason === 'moved' ? reason : 'taken-over';
    });
    socket.on(ServerEvent.watchClosed, (closed) => {
      const code = (closed as Partial<WatchClosed> | null)?.code;
      const watching = this.credentials?.role === 'spectator' || (this.credentials?.role === 'host' && !this.credentials.token);
      if (socket !== this.socket || !watching || code !== this.credentials?.code) return;
      if (this.credentials?.role === 'host' && code !== undefined) {
        // A screen may still wait to be let in, seeing nothing meanwhile: it asks again for a code to show.
        this.heard = nothingHeard;
        this.view = null;
        void this.join({ code, as: 'host' });
        return;
      }
      // Nothing more comes, and coming back would be refused: leave the room and say why.
      this.reset();
      this.watchClosed = true;
    });
    socket.on(ServerEvent.screenAdmitted, (admitted) => {
      const { code, hostToken } = (admitted ?? {}) as Partial<ScreenAdmitted>;
      const credentials = this.credentials;
      if (socket !== this.socket || credentials?.role !== 'host' || credentials.token || code !== credentials.code) return;
      if (typeof hostToken !== 'string') return;
      // Let in: keep the token as if this screen had opened the room, and come back with it.
      this.deps.storage.keepHostToken(code, hostToken);
      void this.host(code);
    });
    socket.connect();
    return socket;
  }

  private forThisRoom(message: unknown): boolean {
    const code = (message as { code?: unknown } | null)?.code;
    return typeof code === 'string' && (!this.credentials || code === this.credentials.code);
  }

  /** Show the newest view that can be put together; until a seat's own part has come, the one before stays. */
  private show(): void {
    if (this.looker === null) return;
    // Until the room seats them, someone waiting for the next game watches like a spectator.
    const view =
      assembledView(this.heard, this.looker) ??
      (this.joined?.next === true ? assembledView(this.heard, { role: 'spectator' }) : null);
    if (view === null) return;
    this.view = this.withHint(view);
    this.contributeSeed(view);
    this.askForHint(view);
  }

  /**
   * A seat the game awaits asks for its hint once per step (the server works
   * it out only when asked, so a phone that is not in the room costs nothing),
   * and shows it laid over its own game view, as `play.hint`, while that step
   * lasts.
   */
  private askForHint(view: RoomView): void {
    const credentials = this.credentials;
    if (view.viewer.role !== 'seat' || !view.hints || view.status !== 'playing') return;
    if (!view.awaiting.includes(view.viewer.seat) || this.askedFor === view.step) return;
    if (credentials?.role !== 'seat' || !credentials.token) return;
    this.askedFor = view.step;
    const asked = { code: credentials.code, token: credentials.token };
    void this.request('askHint', asked, { afterJoin: true, retry: false }).then((reply) => {
      if (this.credentials !== credentials) return;
      // Asked again with the next view that awaits this seat: the answer was lost with a dropped link, say.
      if (!reply.ok) this.askedFor = null;
      else if (reply.value.step === this.view?.step) {
        this.hint = reply.value;
        this.show();
      }
    });
  }

  private withHint(view: RoomView): RoomView {
    const hint = this.hint;
    if (hint?.hint == null || hint.step !== view.step || view.viewer.role !== 'seat' || view.play === null) return view;
    if (!view.awaiting.includes(view.viewer.seat)) return view;
    return { ...view, play: { ...(view.play as Record<string, unknown>), hint: hint.hint } };
  }

  /**
   * A seat adds its own random client seed to the next game's sealed dice as
   * soon as it sees the commitment without one, so nobody (the server
   * included) can choose the rolls. Sent once per commitment.
   */
  private contributeSeed(view: RoomView): void {
    if (view.viewer.role !== 'seat' || view.status !== 'lobby' || !view.dice) return;
    if (view.dice.clientSeeds[view.viewer.seat] !== null || this.seededFor === view.dice.commitment) return;
    this.seededFor = view.dice.commitment;
    void this.command('contributeSeed', { clientSeed: toHex(this.randomBytes(new Uint8Array(16))) }).then(
      (sent) => {
        if (!sent.ok) this.seededFor = null;
      },
    );
  }

  private async rejoin(socket: RoomSocket): Promise<void> {
    const credentials = this.credentials;
    if (!credentials) return;
    this.status = 'reconnecting';
    const payload: JoinRoom =
      credentials.role === 'seat'
        ? { code: credentials.code, as: 'seat', seatToken: credentials.token }
        : credentials.role === 'host'
          ? { code: credentials.code, as: 'host', ...(credentials.token ? { hostToken: credentials.token } : {}) }
          : { code: credentials.code, as: 'spectator' };
    const reply = await this.emit(socket, 'joinRoom', payload);
    if (socket !== this.socket || this.credentials?.code !== credentials.code) return;
    if (reply === 'timeout') {
      // Still not through: drop this socket's link and let Socket.IO try again.
      socket.disconnect();
      socket.connect();
      return;
    }
    if (reply.ok) {
      this.adopt(reply.value);
      return;
    }
    if (credentials.role === 'seat') {
      this.deps.storage.forgetSeat(credentials.code);
      this.seatLost = 'removed';
    }
    this.status = 'online';
    this.wake();
  }

  private emit<N extends CommandName>(socket: RoomSocket, name: N, payload: CommandPayload<N>): Promise<Sent<CommandReply<N>> | 'timeout'> {
    return new Promise((resolve) => {
      socket.request(commands[name].event, payload, this.ackTimeoutMs, (err, reply) => {
        resolve(err ? 'timeout' : asSent<CommandReply<N>>(reply));
      });
    });
  }

  private async request<N extends CommandName>(
    name: N,
    payload: CommandPayload<N>,
    { afterJoin, retry }: { afterJoin: boolean; retry: boolean },
  ): Promise<Sent<CommandReply<N>>> {
    const room = this.credentials?.code;
    for (let attempt = 0; attempt < (retry ? this.attempts : 1); attempt++) {
      const socket = await this.ready(afterJoin);
      if (!socket || (afterJoin && this.credentials?.code !== room)) return { ok: false, error: leftRoom };
      const reply = await this.emit(socket, name, payload);
      if (reply !== 'timeout') return reply;
    }
    return { ok: false, error: unreachable };
  }

  /** The socket once it is connected (and, if asked, back in the room); null if the room was left. */
  private async ready(afterJoin: boolean): Promise<RoomSocket | null> {
    const socket = this.ensureSocket();
    for (;;) {
      if (this.socket !== socket) return null;
      if (socket.connected && (!afterJoin || this.status === 'online')) return socket;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }

  private wake(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const resolve of waiting) resolve();
  }
}

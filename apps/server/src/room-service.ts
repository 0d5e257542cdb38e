import {
  CODE_LENGTH,
  CODE_MAX_LENGTH,
  commands,
  parseCommand,
  roomError,
  type CommandInput,
  type CommandName,
  type CommandReply,
  type ErrorBody,
  type Joined,
  type Reply,
} from '@rollcall/protocol';
import type { bots } from '@rollcall/rules';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Delivery, Membership } from './delivery.js';
import { RoomPublisher } from './room-publisher.js';
import type { ChangeNote } from './room-changes.js';
import {
  decideCommand,
  notePresence,
  newDice,
  openRoom,
  reads,
  type Accepted,
  type Context,
  type Decision,
  type NewDice,
} from './room-commands.js';
import type { RoomRecord } from './room-record.js';
import { newId, newOneTimeCode, newRoomCode, newToken, type RandomIndex } from './secrets.js';
import type { RoomRepository } from './store/room-repository.js';
import { timedMoves } from './timed-moves.js';
import { TurnTimers } from './turn-timers.js';

/** Everything the room service works with; all of it injected. */
export interface RoomServiceDeps {
  store: RoomRepository;
  clock: Clock;
  log: Logger;
  delivery: Delivery;
  /** Where each game's server seed (hex) comes from (crypto in production). */
  serverSeed: () => string;
  /** Whether `room:create` may fix the dice seed. */
  testMode: boolean;
  /** Where room codes' letters come from (crypto by default). */
  randomIndex?: RandomIndex;
  /** How many spectators and shared screens a room takes; no cap when absent. */
  audiencePerRoom?: number;
  /** The shortest wait between two views sent because a room's audience changed (see `AudienceRefresh`). */
  audienceRefreshMs?: number;
  /** Whether a seat may move now, counted over all its connections; always when absent. */
  mayMove?: (code: string, seat: number) => Promise<boolean>;
  /** How long a bot waits before each move in rooms opened from now on; the rules' default when absent. */
  botPauseMs?: number;
  /** The bots that play bot seats, by game id, whatever their strength; the rules' own at each seat's strength when absent. */
  bots?: typeof bots;
}

/** The connection a command came on, and the room it is in, if any. */
export interface Connection {
  id: string;
  membership?: Membership | null;
}

/**
 * How many times a change is retried when another writer moved the room on
 * first. With several nodes, one node's queue for a room can win a few races
 * in a row against another's; each retry is a cheap reload.
 */
const COMMIT_ATTEMPTS = 10;
/**
 * How many fresh codes of one length to try before trying longer ones: four
 * taken in a row means most codes of that length are, so the next room gets a
 * longer code instead of a create that fails.
 */
const CODE_ATTEMPTS_PER_LENGTH = 4;

/** A decision on a room given its loaded record, whatever the command. */
type Deciding<T> = (room: RoomRecord) => Decision<T> | Promise<Decision<T>>;

const fail = <T>(error: ErrorBody): Reply<T> => ({ ok: false, error });

/**
 * The only place rooms change: each command is parsed and its sender checked
 * as the command table says, then its room is loaded, the command decided
 * on (`room-commands.ts`, pure), the changes committed with a compare-and-set
 * on the room version, and only then are views sent (`room-publisher.ts`).
 * Changes to one room run one at a time.
 */
export class RoomService {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers: TurnTimers;
  private readonly publisher: RoomPublisher;

  constructor(private readonly deps: RoomServiceDeps) {
    this.timers = new TurnTimers(deps.clock, (code, deadline) => void this.onDeadline(code, deadline));
    this.publisher = new RoomPublisher(deps, this.timers, (code) => this.resend(code, 'public'));
  }

  /** Run a client command: parse its payload, check its sender, decide on its room, commit, send views, answer. */
  run<N extends CommandName>(name: N, payload: unknown, from: Connection): Promise<Reply<CommandReply<N>>> {
    const parsed = parseCommand(name, payload);
    if (!parsed.ok) return Promise.resolve(parsed);
    if (name === 'createRoom') return this.create(from.id, parsed.value as CommandInput<'createRoom'>) as Promise<Reply<CommandReply<N>>>;
    const command = name as Exclude<N, 'createRoom'>;
    const input = parsed.value as CommandInput<typeof command>;
    const identity = from.membership?.code === input.code ? from.membership.identity : null;
    // A screen waiting to be let in sees nothing of the room; a connection not in it does not learn whether it exists.
    if (commands[command].sender === 'in-room' && (identity === null || identity.role === 'waiting-screen')) {
      return Promise.resolve(fail(roomError('room/not-in-room')));
    }
    const deciding: Deciding<CommandReply<N>> = (room) => decideCommand(command, room, input, identity, this.context(room.code));
    return reads.has(name) ? this.readCommitted(input.code, deciding) : this.decide(input.code, from.id, deciding);
  }

  /** What a decision may ask besides the room (see `Context`). */
  private context(code: string): Context {
    const { delivery, mayMove } = this.deps;
    return {
      now: this.deps.clock.now(),
      fresh: { token: newToken, id: newId, oneTimeCode: newOneTimeCode, serverSeed: this.deps.serverSeed },
      presence: (seatIds) => delivery.presence(code, seatIds),
      presenceMark: (room, also) => this.publisher.presenceMark(room, also),
      screenWaiting: (screen) => delivery.screenWaiting(code, screen),
      mayMove: (seat) => mayMove?.(code, seat) ?? Promise.resolve(true),
      audiencePerRoom: this.deps.audiencePerRoom,
    };
  }

  /** Open a room under a free code as its host screen or first player. */
  private async create(connectionId: string, p: CommandInput<'createRoom'>): Promise<Reply<Joined>> {
    const dice = newDice(p, this.deps.testMode, this.deps.serverSeed);
    if ('code' in dice) return fail(dice);
    for (let length = CODE_LENGTH; length <= CODE_MAX_LENGTH; length++) {
      for (let attempt = 0; attempt < CODE_ATTEMPTS_PER_LENGTH; attempt++) {
        const code = newRoomCode(length, this.deps.randomIndex);
        const opened = await this.serial(code, () => this.open(connectionId, code, p, dice));
        if (opened !== null) return opened;
      }
    }
    this.deps.log.error('no free room code found');
    return fail(roomError('room/internal'));
  }

  /** Store a new room under `code` with its creator in it; null when the code is already taken. */
  private async open(connectionId: string, code: string, p: CommandInput<'createRoom'>, dice: NewDice): Promise<Reply<Joined> | null> {
    const now = this.deps.clock.now();
    const fresh = this.context(code).fresh;
    const opened = openRoom(code, p, dice, { now, fresh, botPauseMs: this.deps.botPauseMs });
    if (!('room' in opened)) return fail(opened);
    if (!(await this.deps.store.create(opened.room, opened.entry))) return null;
    this.publisher.enter(connectionId, code, opened.identity);
    await this.publisher.publishNewest(opened.room);
    this.roomLog(code, opened.entry.seat).info({ as: p.as, fixedDice: p.testSeed !== undefined }, 'room created');
    return { ok: true, value: opened.value };
  }

  /**
   * Load, decide, commit with compare-and-set, then send views. A change that
   * lost the race to another writer is decided again on the room as it is now;
   * when one of several changes loses it, those before it stay, and the room as
   * now stored is sent.
   */
  private decide<T>(code: string, connectionId: string | null, deciding: Deciding<T>): Promise<Reply<T>> {
    return this.serial(code, async () => {
      for (let attempt = 0; attempt < COMMIT_ATTEMPTS; attempt++) {
        const room = await this.deps.store.load(code);
        if (room === null) return fail<T>(roomError('room/not-found'));
        const d = await deciding(room);
        if (d.kind === 'refuse') return fail<T>(d.error);
        if (d.kind === 'answer') {
          await this.publisher.carryOut(room, connectionId, d.then);
          return { ok: true as const, value: d.value };
        }
        const stored = await this.commitInTurn(room, d.changes);
        if (stored === room) continue;
        const whole = stored === d.changes[d.changes.length - 1]?.room;
        await this.publisher.carryOut(room, connectionId, d.then);
        // A connection that came in needs its own part, which no earlier version gave it.
        if (whole && d.then === undefined && d.parts === undefined) await this.publisher.publish(stored, room);
        else await this.publisher.publishNewest(stored, whole ? undefined : room);
        return { ok: true as const, value: d.value };
      }
      this.roomLog(code).warn('room kept changing under this change; gave up');
      return fail<T>(roomError('room/internal'));
    }).catch((err: unknown) => {
      this.roomLog(code).error({ err }, 'change failed');
      return fail<T>(roomError('room/internal'));
    });
  }

  /** Answer from the room as last committed, outside the room's queue: for a command that only reads (see `reads`). */
  private async readCommitted<T>(code: string, deciding: Deciding<T>): Promise<Reply<T>> {
    try {
      const room = await this.deps.store.load(code);
      if (room === null) return fail(roomError('room/not-found'));
      const d = await deciding(room);
      return d.kind === 'refuse' ? fail(d.error) : { ok: true, value: d.value };
    } catch (err) {
      this.roomLog(code).error({ err }, 'read failed');
      return fail(roomError('room/internal'));
    }
  }

  /** Commit changes in order, each against the version before it; the room as last stored by them (`loaded` when none was). */
  private async commitInTurn(loaded: RoomRecord, changes: readonly Accepted[]): Promise<RoomRecord> {
    let room = loaded;
    for (const { room: next, note } of changes) {
      const entry = { ...note, version: next.version, at: next.updatedAt };
      if (!(await this.deps.store.commit(next, room.version, entry))) break;
      this.afterCommit(room, next, note);
      room = next;
    }
    return room;
  }

  private afterCommit(before: RoomRecord, after: RoomRecord, note: ChangeNote): void {
    this.timers.set(after.code, after.status === 'playing' ? after.deadline : null);
    const finished = before.status === 'playing' && after.status === 'finished';
    const by = note.kind === 'action' ? note.detail.by : undefined;
    const timed = by === 'bot' || by === 'timer' || by === 'away';
    // Moves are the busiest path: no child logger for a line the level drops anyway.
    if (note.kind === 'action' && !finished && !timed && !this.deps.log.isLevelEnabled('debug')) return;
    const log = this.roomLog(after.code, note.seat);
    if (timed) log.info({ version: after.version, by }, by === 'bot' ? 'a bot moved' : 'played the default');
    else if (note.kind === 'action') log.debug({ version: after.version, by }, 'action accepted');
    else log.info({ version: after.version, change: note.kind }, 'room changed');
    if (finished) log.info('game finished');
  }

  /** A deadline came: the moves due by it (`timedMoves`) go through `decide` like any other change. */
  private onDeadline(code: string, deadline: number): void {
    void this.decide(code, null, async (room): Promise<Decision<null>> => {
      const [first, ...rest] = await timedMoves(room, deadline, {
        now: this.deps.clock.now(),
        presenceMark: (loaded) => this.publisher.presenceMark(loaded),
        bots: this.deps.bots,
        botSeed: this.deps.serverSeed,
        log: (seat) => this.roomLog(code, seat),
      });
      return first === undefined ? { kind: 'answer', value: null } : { kind: 'commit', changes: [first, ...rest], value: null };
    });
  }

  /** A connection left: see `RoomPublisher.presenceChanged`. */
  presenceChanged(membership: Membership): void {
    this.publisher.presenceChanged(membership);
  }

  /**
   * Send the room's current views again: who is there changed (`public`), or
   * some may have been lost on the way (`all`). Who has a phone is stored
   * first when the record says otherwise, a change like any other.
   */
  resend(code: string, what: 'public' | 'all' = 'all'): void {
    void this.decide(code, null, (room) => notePresence(room, this.publisher, what === 'public' ? 'changed' : 'all'));
  }

  /**
   * Set the turn timers of rooms that have one running: all of them after a
   * start, or (with `dueBy`) only those due by then, to take over deadlines
   * another node set and can no longer fire.
   */
  async restoreTimers(dueBy?: number): Promise<number> {
    const timed = await this.deps.store.timedRooms(dueBy);
    for (const { code, deadline } of timed) this.timers.set(code, deadline);
    return timed.length;
  }

  /** Stop recording presence: on shutdown every phone drops because the server goes, not because its player did. */
  freezePresence(): void {
    this.publisher.freezePresence();
  }

  /** Stop the timers and wait for changes under way; the store stays open. */
  async close(): Promise<void> {
    this.timers.stop();
    this.publisher.stop();
    await Promise.allSettled([...this.queues.values()]);
  }

  private roomLog(room: string, seat: number | null = null): Logger {
    return this.deps.log.child({ room, seat });
  }

  /** Run changes to one room one after another. */
  private serial<T>(code: string, run: () => Promise<T>): Promise<T> {
    const before = this.queues.get(code) ?? Promise.resolve();
    const result = before.then(run);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(code, settled);
    void settled.then(() => {
      if (this.queues.get(code) === settled) this.queues.delete(code);
    });
    return result;
  }
}


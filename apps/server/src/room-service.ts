import {
  ActionEnvelope,
  AddBot,
  AdmitScreen,
  AskHint,
  CODE_LENGTH,
  CODE_MAX_LENGTH,
  Configure,
  CreateRoom,
  EndGame,
  HandOver,
  JoinRoom,
  Leave,
  PlayDefault,
  Rematch,
  RemoveSeat,
  Rename,
  ResetNight,
  SetLock,
  Start,
  TakeLead,
  ContributeSeed,
  WholeView,
  roomError,
  type ActionResult,
  type ErrorBody,
  type HandedOver,
  type HintReply,
  type Joined,
  type Reply,
  type SeatPart,
} from '@rollcall/protocol';
import { bots, botsByStrength, diceSeed, findGame, fixedGenerator, seededRandom, seedGenerator, type AnyGame, type GeneratorState } from '@rollcall/rules';
import type { Logger } from 'pino';
import type { z } from 'zod/mini';
import type { Clock } from './clock.js';
import { AudienceRefresh } from './audience-refresh.js';
import { seatHint } from './seat-hints.js';
import type { Delivery, Membership } from './delivery.js';
import { seatIdOf, type Identity, type TokenIdentity } from './identity.js';
import {
  addBot,
  addPlayer,
  admitScreen,
  awaySeats,
  configure,
  endGame,
  joinNext,
  leave,
  leaveNext,
  markPresence,
  movesDue,
  offerHandOver,
  playAction,
  reclaimSeat,
  rematch,
  removeSeat,
  rename,
  resetNight,
  seatNamed,
  setLock,
  startGame,
  startWhenSeeded,
  takeLead,
  contributeSeed,
  type Change,
  type ChangeNote,
  type Move,
  type MoveBy,
} from './room-changes.js';
import {
  botStrengthOf,
  canLead,
  hintsOf,
  holderOf,
  isBot,
  newRoom,
  newSeal,
  nextPlayerOf,
  nextPlayersOf,
  tokenRefusal,
  turnDeadlineOf,
  type DiceSeal,
  type RoomRecord,
} from './room-record.js';
import {
  hashToken,
  newOneTimeCode,
  newId,
  newRoomCode,
  newToken,
  sameHash,
  type RandomIndex,
} from './secrets.js';
import type { RoomRepository } from './store/room-repository.js';
import { TurnTimers } from './turn-timers.js';
import { publicView, samePart, seatPart, type Presence } from './views.js';

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
/** How soon a game asks again who is connected after an answer that left a node out. */
const PRESENCE_RECHECK_MS = 5_000;

/** A change the room's rules accepted, ready to commit. */
type Accepted = Extract<Change, { ok: true }>;

/**
 * What to do with a loaded room: refuse, answer without a change, or commit
 * changes one after another (a message makes one; a deadline may play several
 * seats' moves, each its own version).
 */
type Decision<T> =
  | Refusal
  | { kind: 'answer'; value: T; effects?: () => void; joiner?: Joiner }
  | { kind: 'commit'; changes: readonly [Accepted, ...Accepted[]]; value: T; effects?: () => void };

type Refusal = { kind: 'refuse'; error: ErrorBody };

/** What a request that only reads decides: refuse, or answer with nothing to do besides. */
type Reading<T> = Refusal | { kind: 'answer'; value: T };

/** A connection coming into a room without changing it, and who it is there: `decide` puts it in and sends it its views. */
interface Joiner {
  connectionId: string;
  identity: Identity;
}

/** Whose move it is and who makes it: the seat itself, or the lead or host for a vacant (or away) seat. */
type Acting = Pick<Move, 'seat' | 'by'>;

/** Which seats the lead or host may play for: only vacant ones, or away ones too. */
type Reach = 'vacant' | 'away';

const fail = <T>(error: ErrorBody): Reply<T> => ({ ok: false, error });
const refuse = (error: ErrorBody): Refusal => ({ kind: 'refuse', error });
/** Commit a change that lets a connection in, then put it in the room (`effects`). */
const letIn = (change: Accepted, value: Joined, effects: () => void): Decision<Joined> => ({
  kind: 'commit',
  changes: [change],
  value,
  effects,
});
const committed = (change: Accepted): Decision<ActionResult> => ({
  kind: 'commit',
  changes: [change],
  value: { version: change.room.version },
});

function parse<S extends z.ZodMiniType>(schema: S, payload: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** Refuse a token that holds nothing here, saying so when its seat moved to another phone. */
const badToken = (room: RoomRecord, token: string): Refusal => refuse(roomError(tokenRefusal(room, hashToken(token))));

/**
 * A seat's own request: the payload parsed (null when it does not parse),
 * and a decision that refuses it (`notSeat` for a host's token) unless its
 * token holds a seat in the room, and otherwise is `answer`'s for that seat.
 */
function seatRequest<S extends z.ZodMiniType<{ code: string; token: string }>, D>(
  schema: S,
  payload: unknown,
  notSeat: 'room/no-seat' | 'room/unknown-seat',
  answer: (room: RoomRecord, seat: number, p: z.infer<S>) => D,
): { code: string; decision: (room: RoomRecord) => D | Refusal } | null {
  const p = parse(schema, payload);
  if (p === null) return null;
  return {
    code: p.code,
    decision: (room) => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      if (holder.role !== 'seat') return refuse(roomError(notSeat));
      return answer(room, holder.seat, p);
    },
  };
}

/** Every connection id a room's views may go to by seat: its seats', and those waiting for the next game. */
const audienceIds = (room: RoomRecord): string[] => [...room.seats.map((s) => s.id), ...nextPlayersOf(room).map((n) => n.id)];

/** Why a create or join payload was refused: a name out of bounds gets its own message. */
function joinRefusal(schema: z.ZodMiniType, payload: unknown): ErrorBody {
  const issues = schema.safeParse(payload).error?.issues ?? [];
  const nameOnly = issues.length > 0 && issues.every((issue) => issue.path.length === 1 && issue.path[0] === 'name');
  return roomError(nameOnly ? 'room/bad-name' : 'room/bad-request');
}

/**
 * The only place rooms change. Every message goes parse → authorise → load →
 * version check → apply → commit → send views; changes to one room run one
 * at a time, and views go out only after the store has the change.
 */
export class RoomService {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers: TurnTimers;
  private readonly audience: AudienceRefresh;
  private presenceFrozen = false;
  private readonly presenceRechecks = new Set<string>();

  constructor(private readonly deps: RoomServiceDeps) {
    this.timers = new TurnTimers(deps.clock, (code, deadline) => void this.onDeadline(code, deadline));
    this.audience = new AudienceRefresh(
      deps.clock,
      deps.audienceRefreshMs ?? 50,
      (code) => deps.delivery.audienceSize(code),
      (code) => this.resend(code, 'public'),
    );
  }

  /** Open a room as its host screen or first player. */
  async create(connectionId: string, payload: unknown): Promise<Reply<Joined>> {
    const p = parse(CreateRoom, payload);
    if (p === null) return fail(joinRefusal(CreateRoom, payload));
    if (p.testSeed !== undefined && !this.deps.testMode) return fail(roomError('room/test-only'));
    // Fixed test dice play from the given state; any other room seals its dice,
    // and its generator is seeded from the seal when the game starts.
    const seal = p.testSeed === undefined ? newSeal(this.deps.serverSeed()) : null;
    const generator =
      seal === null ? fixedGenerator(Buffer.from(p.testSeed ?? '', 'hex')) : seedGenerator(diceSeed(seal.serverSeed, []));
    for (let length = CODE_LENGTH; length <= CODE_MAX_LENGTH; length++) {
      for (let attempt = 0; attempt < CODE_ATTEMPTS_PER_LENGTH; attempt++) {
        const code = newRoomCode(length, this.deps.randomIndex);
        const opened = await this.serial(code, () => this.open(connectionId, code, p, generator, seal));
        if (opened !== null) return opened;
      }
    }
    this.deps.log.error('no free room code found');
    return fail(roomError('room/internal'));
  }

  /** Enter a room as a new player, as a seat coming back, as a spectator or as a host screen. */
  async join(connectionId: string, payload: unknown): Promise<Reply<Joined>> {
    const p = parse(JoinRoom, payload);
    if (p === null) return fail(joinRefusal(JoinRoom, payload));
    const { code } = p;
    return this.decide(code, async (room): Promise<Decision<Joined>> => {
      switch (p.as) {
        case 'player': {
          // A seat's own name takes it back on this phone while no phone holds it, in the lobby as in a game.
          const seat = seatNamed(room, p.name);
          if (seat !== -1) return this.takeBack(connectionId, room, seat);
          return room.status === 'lobby'
            ? this.joinLobby(connectionId, room, p.name)
            : this.joinDuringGame(connectionId, room, p.name);
        }
        case 'handover':
          return this.joinByHandOver(connectionId, room, p.handover);
        case 'seat': {
          const holder = holderOf(room, hashToken(p.seatToken));
          if (holder === null) return this.resumeNextPlayer(connectionId, room, p.seatToken);
          if (holder.role !== 'seat') return refuse(roomError('room/bad-token'));
          return {
            kind: 'answer',
            value: { code, role: 'seat', seat: holder.seat, seatToken: p.seatToken },
            joiner: { connectionId, identity: holder },
            effects: () => {
              this.deps.delivery.evictSeat(code, holder.seatId, 'taken-over', connectionId);
              this.roomLog(code, holder.seat).debug('seat reconnected');
            },
          };
        }
        case 'spectator': {
          const refusal = await this.watcherRefusal(room);
          if (refusal !== null) return refuse(refusal);
          return this.watch(connectionId, { code, role: 'spectator' }, { role: 'spectator' });
        }
        case 'host': {
          if (p.hostToken === undefined) return this.waitAsScreen(connectionId, room);
          if (holderOf(room, hashToken(p.hostToken))?.role !== 'host') return refuse(roomError('room/bad-token'));
          return this.watch(connectionId, { code, role: 'host', hostToken: p.hostToken }, { role: 'host', controls: true });
        }
      }
    });
  }

  /** A connection that watches the room without changing it: it gets its snapshot, and the room a refresh. */
  private watch(connectionId: string, value: Joined, identity: Identity): Decision<Joined> {
    return { kind: 'answer', value, joiner: { connectionId, identity } };
  }

  /**
   * A host screen without the host token waits to be let in by the lead or a
   * host screen, under a code it shows. Meanwhile it is one more watcher where
   * the room takes one, and sees nothing where it does not: no uncounted watcher.
   */
  private async waitAsScreen(connectionId: string, room: RoomRecord): Promise<Decision<Joined>> {
    const screen = newOneTimeCode();
    const value: Joined = { code: room.code, role: 'host', screen };
    if ((await this.watcherRefusal(room)) === null) return this.watch(connectionId, value, { role: 'host', controls: false, screen });
    return { kind: 'answer', value, effects: () => this.enter(connectionId, room.code, { role: 'waiting-screen', screen }) };
  }

  /**
   * The lead or a host screen lets in the screen showing `screen`: it gets a
   * host token of its own, sent to it alone, and joins again with it. A code
   * no screen waits under is refused and changes nothing.
   */
  admitScreen(payload: unknown): Promise<Reply<ActionResult>> {
    const hostToken = newToken();
    return this.control(
      AdmitScreen,
      payload,
      async (room, p, now) =>
        (await this.deps.delivery.screenWaiting(room.code, p.screen))
          ? admitScreen(room, { tokenHash: hashToken(hostToken), now })
          : { ok: false, error: roomError('room/no-such-screen') },
      (room, p) => {
        this.deps.delivery.admitScreen(room.code, p.screen, { code: room.code, hostToken });
        this.roomLog(room.code).info('screen let in');
      },
    );
  }

  /** A new seat in the lobby; the first player to join leads. */
  private joinLobby(connectionId: string, room: RoomRecord, name: string): Decision<Joined> {
    const seatToken = newToken();
    const seatId = newId();
    const now = this.deps.clock.now();
    const change = addPlayer(room, { name, seatId, tokenHash: hashToken(seatToken), now });
    if (!change.ok) return refuse(change.error);
    const seat = change.room.seats.length - 1;
    return letIn(change, { code: room.code, role: 'seat', seat, seatToken }, () => {
      this.enter(connectionId, room.code, { role: 'seat', seat, seatId });
      this.roomLog(room.code, seat).info('player joined');
    });
  }

  /** A tokenless join with a new name once a game has started: it watches and waits for the next game. */
  private joinDuringGame(connectionId: string, room: RoomRecord, name: string): Decision<Joined> {
    const seatToken = newToken();
    const id = newId();
    const change = joinNext(room, { name, id, tokenHash: hashToken(seatToken), now: this.deps.clock.now() });
    if (!change.ok) return refuse(change.error);
    return letIn(change, { code: room.code, role: 'seat', seatToken, next: true }, () => {
      this.enter(connectionId, room.code, { role: 'next', seatId: id });
      this.roomLog(room.code).info('player joined for the next game');
    });
  }

  /** A new phone with the one-time code the lead made takes that seat. */
  private joinByHandOver(connectionId: string, room: RoomRecord, code: string): Promise<Decision<Joined>> | Decision<Joined> {
    const hash = hashToken(code);
    const seat = room.seats.findIndex((s) => s.handOverHash != null && sameHash(s.handOverHash, hash));
    if (seat === -1) return refuse(roomError('room/bad-handover'));
    return this.takeBack(connectionId, room, seat);
  }

  /**
   * A seat goes to a new phone, by its name or by a hand-over code, while no
   * phone holds it: the new phone gets a new token and the old phones lose it.
   * A removed seat is nobody's to take back.
   */
  private async takeBack(connectionId: string, room: RoomRecord, seat: number): Promise<Decision<Joined>> {
    const held = room.seats[seat];
    if (held === undefined) return refuse(roomError('room/unknown-seat'));
    if (isBot(held)) return refuse(roomError('room/bot-seat'));
    if (held.tokenHash === null) return refuse(roomError('room/seat-removed'));
    // Who is connected is not stored: ask the sockets, on every node. Without every node's word, the seat may be in use.
    const presence = await this.deps.delivery.presence(room.code, [held.id]);
    if (presence.connectedSeats.has(held.id) || presence.partial === true) return refuse(roomError('room/seat-in-use'));
    const seatToken = newToken();
    const change = reclaimSeat(room, { seat, tokenHash: hashToken(seatToken), now: this.deps.clock.now() });
    if (!change.ok) return refuse(change.error);
    return letIn(change, { code: room.code, role: 'seat', seat, seatToken }, () => {
      this.deps.delivery.evictSeat(room.code, held.id, 'moved', connectionId);
      this.enter(connectionId, room.code, { role: 'seat', seat, seatId: held.id });
      this.roomLog(room.code, seat).info('seat taken back on a new phone');
    });
  }

  /** A token that holds no seat may hold a place for the next game: that phone watches again. */
  private resumeNextPlayer(connectionId: string, room: RoomRecord, seatToken: string): Decision<Joined> {
    const waiting = nextPlayerOf(room, hashToken(seatToken));
    if (waiting === null) return badToken(room, seatToken);
    return {
      kind: 'answer',
      value: { code: room.code, role: 'seat', seatToken, next: true },
      joiner: { connectionId, identity: { role: 'next', seatId: waiting.id } },
      effects: () => this.deps.delivery.evictSeat(room.code, waiting.id, 'taken-over', connectionId),
    };
  }

  /** Lead or host: choose the game, its options, the turn timer, what happens when a phone is away and whether phones hint. */
  configure(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(Configure, payload, (room, p, now) =>
      configure(room, { game: p.game, options: p.options, timer: p.timer, whenAway: p.whenAway, hints: p.hints, now }),
    );
  }

  /** Lead or host: seat a bot at a strength in the lobby; the server makes its moves once the game starts (see `onDeadline`). */
  addBot(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(AddBot, payload, (room, p, now) => addBot(room, { seatId: newId(), strength: p.strength, now }));
  }

  /**
   * A player leaves from their phone: in the lobby the seat goes, in a game it
   * becomes vacant as if removed; someone waiting for the next game gives up
   * their place. The room's other phones on that seat are told; this one
   * simply goes.
   */
  leave(connectionId: string, payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(Leave, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.decide(p.code, (room) => {
      const hash = hashToken(p.token);
      const holder = holderOf(room, hash);
      const now = this.deps.clock.now();
      const waiting = holder === null ? nextPlayerOf(room, hash) : null;
      if (holder?.role === 'host') return refuse(roomError('room/unknown-seat'));
      const seatId = holder?.seatId ?? waiting?.id;
      if (seatId === undefined) return badToken(room, p.token);
      const change = holder !== null ? leave(room, { seat: holder.seat, now }) : leaveNext(room, { id: seatId, now });
      if (!change.ok) return refuse(change.error);
      return { ...committed(change), effects: () => this.deps.delivery.evictSeat(room.code, seatId, 'removed', connectionId) };
    });
  }

  /** A player changes their name in the lobby; the same checks as joining. */
  rename(payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(Rename, payload);
    if (p === null) return Promise.resolve(fail(joinRefusal(Rename, payload)));
    return this.decide(p.code, (room) => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      if (holder.role !== 'seat') return refuse(roomError('room/unknown-seat'));
      const change = rename(room, { seat: holder.seat, name: p.name, now: this.deps.clock.now() });
      return change.ok ? committed(change) : refuse(change.error);
    });
  }

  /** Lead or host: a one-time code that gives an away seat to a new phone (shown as text and a QR code), in the lobby or a game. */
  handOver(payload: unknown): Promise<Reply<HandedOver>> {
    const p = parse(HandOver, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.decide(p.code, async (room): Promise<Decision<HandedOver>> => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      if (!canLead(room, holder)) return refuse(roomError('room/not-lead'));
      const seat = room.seats[p.seat];
      if (seat === undefined) return refuse(roomError('room/unknown-seat'));
      if (seat.tokenHash === null) return refuse(roomError('room/seat-removed'));
      const presence = await this.deps.delivery.presence(room.code, [seat.id]);
      if (presence.connectedSeats.has(seat.id)) return refuse(roomError('room/seat-not-away'));
      const handover = newOneTimeCode();
      const change = offerHandOver(room, { seat: p.seat, codeHash: hashToken(handover), now: this.deps.clock.now() });
      if (!change.ok) return refuse(change.error);
      return { kind: 'commit', changes: [change], value: { handover } };
    });
  }

  /** Lead or host: lock the room, allow or refuse spectators, turn family mode and streamer mode on or off. */
  setLock(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(
      SetLock,
      payload,
      (room, p, now) =>
        setLock(room, {
          locked: p.locked,
          spectatorsAllowed: p.spectatorsAllowed,
          familyMode: p.familyMode,
          streamerMode: p.streamerMode,
          now,
        }),
      // Refusing spectators sends away those already watching, not only those still to come.
      (before, p) => {
        if (!p.spectatorsAllowed) this.deps.delivery.closeToWatchers(before.code);
      },
    );
  }

  /** Lead or host: start tonight's standings over, in the lobby. */
  resetNight(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(ResetNight, payload, (room, _p, now) => resetNight(room, now));
  }

  /** Lead or host: start the chosen game. */
  start(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(Start, payload, (room, _p, now) => startGame(room, now));
  }

  /** Lead or host: remove a seat; its connections are told they lost it. */
  removeSeat(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(
      RemoveSeat,
      payload,
      (room, p, now) => removeSeat(room, { seat: p.seat, now }),
      (before, p) => {
        const seat = before.seats[p.seat];
        if (seat !== undefined) this.deps.delivery.evictSeat(before.code, seat.id, 'removed');
      },
    );
  }

  /**
   * A player takes the lead while the lead's phone is away, so a room with no
   * host screen is never left with nobody who can start, remove a seat, play
   * a removed seat's default or ask for a rematch. Taking it again is answered
   * without a change.
   */
  takeLead(payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(TakeLead, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.decide(p.code, async (room) => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      if (holder.role !== 'seat') return refuse(roomError('room/unknown-seat'));
      if (room.lead === holder.seat) return { kind: 'answer', value: { version: room.version } };
      const lead = room.lead === null ? undefined : room.seats[room.lead];
      // Who is connected is not stored: ask the sockets, on every node.
      const presence = await this.deps.delivery.presence(room.code, lead === undefined ? [] : [lead.id]);
      if (lead !== undefined && presence.connectedSeats.has(lead.id)) return refuse(roomError('room/lead-here'));
      const change = takeLead(room, { seat: holder.seat, now: this.deps.clock.now() });
      return change.ok ? committed(change) : refuse(change.error);
    });
  }

  /** Lead or host: back to the lobby with the same seats, each seat whose phone is gone as the lead chose. */
  rematch(payload: unknown): Promise<Reply<ActionResult>> {
    return this.control(Rematch, payload, async (room, p, now) => {
      // Who is connected is not stored: ask the sockets, on every node; a partial answer leaves only the stored marks.
      const presence = await this.deps.delivery.presence(room.code, room.seats.map((s) => s.id));
      const away = awaySeats(room, presence.partial === true ? null : presence.connectedSeats);
      return rematch(room, now, this.deps.serverSeed(), { away, choices: p.away ?? [] });
    });
  }

  /**
   * Lead or host: end the game in progress for everyone, back to the lobby or
   * straight into another game (`endGame`), which starts here at once when no
   * phone has a client seed to give. A retry with the same id, from the same
   * sender, gets the first answer.
   */
  endGame(payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(EndGame, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.decide(p.code, (room): Decision<ActionResult> => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      const key = `${holder.role === 'host' ? 'host' : holder.seatId}:end-game:${p.id}`;
      const earlier = room.recentActions.find((a) => a.key === key);
      if (earlier !== undefined) return { kind: 'answer', value: { version: earlier.version } };
      if (!canLead(room, holder)) return refuse(roomError('room/not-lead'));
      const now = this.deps.clock.now();
      const ender = holder.role === 'host' ? { by: 'host' as const, seat: null } : { by: 'lead' as const, seat: holder.seat };
      const ended = endGame(room, { ...ender, then: p.then, key, now, serverSeed: this.deps.serverSeed() });
      if (!ended.ok) return refuse(ended.error);
      const started = startWhenSeeded(ended.room, now);
      return {
        kind: 'commit',
        changes: started?.ok === true ? [ended, started] : [ended],
        value: { version: ended.room.version },
        effects: () => this.roomLog(room.code, ender.seat).info({ by: ender.by, then: p.then.to }, 'game ended early'),
      };
    });
  }

  /**
   * A seat gives its client seed for the next game's dice; giving it again is
   * answered without a change. When a game was ended straight into another,
   * the last seed that game waits for starts it (`startWhenSeeded`).
   */
  contributeSeed(payload: unknown): Promise<Reply<ActionResult>> {
    const request = seatRequest(ContributeSeed, payload, 'room/unknown-seat', (room, seat, p): Decision<ActionResult> => {
      const now = this.deps.clock.now();
      const change = contributeSeed(room, { seat, clientSeed: p.clientSeed, now });
      if (change === null) return { kind: 'answer', value: { version: room.version } };
      if (!change.ok) return refuse(change.error);
      const started = startWhenSeeded(change.room, now);
      return started?.ok === true ? { kind: 'commit', changes: [change, started], value: { version: change.room.version } } : committed(change);
    });
    return request === null ? Promise.resolve(fail(roomError('room/bad-request'))) : this.decide(request.code, request.decision);
  }

  /**
   * A seat's phone asks for its own suggested move. It only reads, so it is
   * answered from the room as last committed, without waiting behind the
   * moves in the room's queue: a move being stored meanwhile is not seen yet,
   * and the phone gets the hint for the step it was asked in (`step` says
   * which), as if it had asked a moment earlier.
   */
  askHint(payload: unknown): Promise<Reply<HintReply>> {
    const request = seatRequest(AskHint, payload, 'room/no-seat', (room, seat): Reading<HintReply> => {
      if (!hintsOf(room)) return refuse(roomError('room/hints-off'));
      if (room.status !== 'playing') return refuse(roomError('room/not-playing'));
      return { kind: 'answer', value: { step: room.stepVersion, hint: seatHint(room, seat) } };
    });
    return request === null ? Promise.resolve(fail(roomError('room/bad-request'))) : this.readCommitted(request.code, request.decision);
  }

  /**
   * A screen in the room whose changes stopped following on from the view it
   * holds gets the whole view again, as stored now, after any change on its way.
   */
  wholeView(connectionId: string, membership: Membership | null, payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(WholeView, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    // A screen waiting to be let in sees nothing of the room.
    if (membership?.code !== p.code || membership.identity.role === 'waiting-screen') {
      return Promise.resolve(fail(roomError('room/not-in-room')));
    }
    const { identity } = membership;
    return this.serial(p.code, async () => {
      const room = await this.deps.store.load(p.code);
      if (room === null) return fail<ActionResult>(roomError('room/not-found'));
      const sent = await this.sendWhole(room, connectionId, identity);
      return { ok: true, value: { version: sent.version } };
    });
  }

  /** A seat's move, or the lead's or host's move for a vacant seat. */
  act(payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(ActionEnvelope, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.move(p, 'vacant', () => ({ action: p.action }));
  }

  /** The lead or host plays a vacant or away seat's default ("Play for Ann now"): the move the turn timer would make for it. */
  playDefault(payload: unknown): Promise<Reply<ActionResult>> {
    const p = parse(PlayDefault, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.move(p, 'away', (room, acting) => {
      if (acting.by === 'seat') return roomError('room/seat-occupied');
      if (room.status !== 'playing' || room.game === null) return roomError('room/not-playing');
      const awaited = findGame(room.game.id)
        ?.awaiting(room.play)
        .find((a) => a.seat === acting.seat);
      return awaited === undefined ? roomError('room/not-awaited') : { action: awaited.fallback };
    });
  }

  /**
   * A move for a seat: who may make it, a retry answered with its first
   * result, a stale version refused, then `what` says what is played.
   */
  private move(
    p: { code: string; token: string; id: string; version?: number | undefined; seat?: number | undefined },
    reach: Reach,
    what: (room: RoomRecord, acting: Acting) => { action: unknown } | ErrorBody,
  ): Promise<Reply<ActionResult>> {
    return this.decide(p.code, async (room): Promise<Decision<ActionResult>> => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      const acting = this.actingSeat(room, holder, p.seat, reach);
      if ('error' in acting) return refuse(acting.error);
      const key = `${holder.role === 'host' ? 'host' : holder.seatId}:${acting.seat}:${p.id}`;
      const earlier = room.recentActions.find((a) => a.key === key);
      if (earlier !== undefined) return { kind: 'answer', value: { version: earlier.version } };
      if (this.deps.mayMove !== undefined && !(await this.deps.mayMove(room.code, acting.seat))) {
        return refuse(roomError('room/too-many-changes'));
      }
      if (p.version !== undefined && (p.version < room.stepVersion || p.version > room.version)) {
        return refuse(roomError('room/stale-version'));
      }
      const played = what(room, acting);
      if ('code' in played) return refuse(played);
      const now = this.deps.clock.now();
      const change = playAction(room, { seat: acting.seat, action: played.action, by: acting.by, now, key });
      if (!change.ok) return refuse(change.error);
      return committed(change);
    });
  }

  /**
   * A connection left: the room's public view shows who is still there, and a
   * seat left with no phone during a game is marked away (see `publish`); no
   * seat's own part changed.
   */
  presenceChanged(membership: Membership): void {
    // Neither a host screen nor a screen waiting unseen is counted in the audience.
    const { identity } = membership;
    if (identity.role === 'waiting-screen' || (identity.role === 'host' && identity.controls)) return;
    this.audience.changed(membership.code);
  }

  /** Send the room's current views again: who is there changed (`public`), or some may have been lost on the way (`all`). */
  resend(code: string, what: 'public' | 'all' = 'all'): void {
    void this.serial(code, async () => {
      const room = await this.deps.store.load(code);
      if (room !== null) await this.publish(room, what === 'public' ? room : undefined);
    }).catch((err: unknown) => this.roomLog(code).error({ err }, 'could not send views'));
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

  /** Stop the timers and wait for changes under way; the store stays open. */
  async close(): Promise<void> {
    this.timers.stop();
    this.audience.stop();
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Store a new room under `code` with its creator in it; null when the code is already taken. */
  private async open(
    connectionId: string,
    code: string,
    p: CreateRoom,
    generator: GeneratorState,
    seal: DiceSeal | null,
  ): Promise<Reply<Joined> | null> {
    const now = this.deps.clock.now();
    const hostToken = newToken();
    const seatToken = newToken();
    const seatId = newId();
    const hostTokenHash = p.as === 'host' ? hashToken(hostToken) : null;
    const empty = newRoom({ code, now, generator, seal, hostTokenHash, botPauseMs: this.deps.botPauseMs });
    const seated =
      p.as === 'player' ? addPlayer(empty, { name: p.name, seatId, tokenHash: hashToken(seatToken), now }) : null;
    if (seated?.ok === false) return fail(seated.error);
    const room = seated?.room ?? empty;
    const seat = seated === null ? null : 0;
    const entry = { kind: 'create' as const, seat, detail: { as: p.as }, version: room.version, at: now };
    if (!(await this.deps.store.create(room, entry))) return null;
    this.enter(connectionId, code, seat === null ? { role: 'host', controls: true } : { role: 'seat', seat, seatId });
    await this.publishNewest(room);
    this.roomLog(code, seat).info({ as: p.as, fixedDice: p.testSeed !== undefined }, 'room created');
    return {
      ok: true,
      value: seat === null ? { code, role: 'host', hostToken } : { code, role: 'seat', seat, seatToken },
    };
  }

  private actingSeat(room: RoomRecord, holder: TokenIdentity, named: number | undefined, reach: Reach): Acting | { error: ErrorBody } {
    if (holder.role === 'seat' && (named === undefined || named === holder.seat)) {
      return { seat: holder.seat, by: 'seat' };
    }
    if (named === undefined) return { error: roomError('room/unknown-seat') };
    if (!canLead(room, holder)) return { error: roomError('room/not-lead') };
    const target = room.seats[named];
    if (target === undefined) return { error: roomError('room/unknown-seat') };
    if (isBot(target)) return { error: roomError('room/bot-seat') };
    // The stored mark, not a fresh look at the sockets: it is what the away default goes by too.
    const away = reach === 'away' && target.awaySince != null;
    if (target.tokenHash !== null && !away) return { error: roomError('room/seat-occupied') };
    return { seat: named, by: holder.role === 'host' ? 'host' : 'lead' };
  }

  private control<S extends z.ZodMiniType<{ code: string; token: string }>>(
    schema: S,
    payload: unknown,
    change: (room: RoomRecord, p: z.infer<S>, now: number) => Change | Promise<Change>,
    effects?: (before: RoomRecord, p: z.infer<S>) => void,
  ): Promise<Reply<ActionResult>> {
    const p = parse(schema, payload);
    if (p === null) return Promise.resolve(fail(roomError('room/bad-request')));
    return this.decide(p.code, async (room) => {
      const holder = holderOf(room, hashToken(p.token));
      if (holder === null) return badToken(room, p.token);
      if (!canLead(room, holder)) return refuse(roomError('room/not-lead'));
      const result = await change(room, p, this.deps.clock.now());
      if (!result.ok) return refuse(result.error);
      return { ...committed(result), effects: effects && (() => effects(room, p)) };
    });
  }

  /**
   * Load, decide, commit with compare-and-set, then send views. A change that
   * lost the race to another writer is decided again on the room as it is now;
   * when one of several changes loses it, those before it stay, and the room as
   * now stored is sent.
   */
  private decide<T>(
    code: string,
    decision: (room: RoomRecord) => Decision<T> | Promise<Decision<T>>,
  ): Promise<Reply<T>> {
    return this.serial(code, async () => {
      for (let attempt = 0; attempt < COMMIT_ATTEMPTS; attempt++) {
        const room = await this.deps.store.load(code);
        if (room === null) return fail<T>(roomError('room/not-found'));
        const d = await decision(room);
        if (d.kind === 'refuse') return fail<T>(d.error);
        if (d.kind === 'answer') {
          d.effects?.();
          if (d.joiner !== undefined) {
            this.enter(d.joiner.connectionId, room.code, d.joiner.identity);
            await this.welcome(room, d.joiner);
          }
          return { ok: true as const, value: d.value };
        }
        const stored = await this.commitInTurn(room, d.changes);
        if (stored === room) continue;
        const whole = stored === d.changes[d.changes.length - 1]?.room;
        d.effects?.();
        if (whole && d.effects === undefined) await this.publish(stored, room);
        else await this.publishNewest(stored, whole ? undefined : room);
        return { ok: true as const, value: d.value };
      }
      this.roomLog(code).warn('room kept changing under this change; gave up');
      return fail<T>(roomError('room/internal'));
    }).catch((err: unknown) => {
      this.roomLog(code).error({ err }, 'change failed');
      return fail<T>(roomError('room/internal'));
    });
  }

  /**
   * Answer from the room as last committed, outside the room's queue: for a
   * request that only reads. The room it gets is one the store holds, the
   * same for every check the request makes, so what it answers (and whom it
   * refuses) is what it would have been just before the change in flight.
   */
  private async readCommitted<T>(code: string, decision: (room: RoomRecord) => Reading<T>): Promise<Reply<T>> {
    try {
      const room = await this.deps.store.load(code);
      if (room === null) return fail(roomError('room/not-found'));
      const d = decision(room);
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

  /** A deadline came: the moves due by it go through `decide` like any other change (see `timedMoves`). */
  private onDeadline(code: string, deadline: number): void {
    void this.decide(code, async (room): Promise<Decision<null>> => {
      const [first, ...rest] = await this.timedMoves(room, deadline);
      return first === undefined ? { kind: 'answer', value: null } : { kind: 'commit', changes: [first, ...rest], value: null };
    });
  }

  /**
   * The changes a deadline brings: the room moves by itself for the seats the
   * game awaits whose time is up. A bot seat, or an away seat handed to a bot,
   * gets its bot's move; when the turn timer ran out every other awaited seat
   * gets the game's default, and otherwise the away seats whose grace is over
   * do. A seat marked away whose phone is back is marked back first, and is
   * its player's again. None when the room's deadline is no longer this one:
   * when two nodes (or a node before and after a restart) fire the same
   * deadline, the compare-and-set in `decide` lets one store the moves, and the
   * other finds the room moved on. These moves skip the per-seat move limit on
   * purpose: it guards against phones, and the pause and the deadline pace a bot.
   */
  private async timedMoves(loaded: RoomRecord, deadline: number): Promise<Accepted[]> {
    if (loaded.status !== 'playing' || loaded.deadline !== deadline || loaded.game === null) return [];
    const game = findGame(loaded.game.id);
    if (game === undefined) return [];
    const turnOver = (turnDeadlineOf(loaded) ?? Number.POSITIVE_INFINITY) <= deadline;
    const marked = turnOver
      ? null
      : this.presenceChange(loaded, await this.deps.delivery.presence(loaded.code, audienceIds(loaded)));
    const changes: Accepted[] = marked === null ? [] : [marked];
    let room = marked?.room ?? loaded;
    const awaited = game.awaiting(room.play);
    const due = movesDue(room, awaited.map((a) => a.seat));
    const step = room.stepVersion;
    for (const { seat, fallback } of awaited) {
      if (room.status !== 'playing' || room.stepVersion !== step) break;
      if (!game.awaiting(room.play).some((a) => a.seat === seat)) continue;
      const planned = due.get(seat);
      const dueNow = planned !== undefined && planned.at <= deadline ? planned.by : null;
      // When the turn timer ran out, it is what played every seat but a bot's.
      const by: MoveBy | null = turnOver && dueNow !== 'bot' ? (isBot(room.seats[seat]) ? 'bot' : 'timer') : dueNow;
      if (by === null) continue;
      const action = by === 'bot' ? (this.botMove(game, room, seat) ?? fallback) : fallback;
      let change = playAction(room, { seat, action, by, now: this.deps.clock.now(), key: null });
      if (!change.ok && action !== fallback) {
        this.roomLog(room.code, seat).error({ error: change.error }, 'the game refused a bot move; playing the default');
        change = playAction(room, { seat, action: fallback, by, now: this.deps.clock.now(), key: null });
      }
      if (!change.ok) {
        this.roomLog(room.code, seat).error({ error: change.error, by }, 'the game refused its own move for a seat');
        continue;
      }
      changes.push(change);
      room = change.room;
    }
    return changes;
  }

  /**
   * The bot's move for a seat, with numbers from a generator of the bot's own
   * (never the room's dice generator, whose state stays hidden and whose
   * sequence a bot must not shift); null when the bot fails, so the game's
   * default is played instead and the room never stalls.
   */
  private botMove(game: AnyGame, room: RoomRecord, seat: number): unknown {
    const bot = this.deps.bots?.[game.id] ?? botsByStrength[game.id]?.[botStrengthOf(room.seats[seat])];
    try {
      return bot === undefined ? null : (bot(room.play, seat, seededRandom(Buffer.from(this.deps.serverSeed(), 'hex'))) as unknown);
    } catch (err) {
      this.roomLog(room.code, seat).error({ err }, 'the bot failed; playing the default');
      return null;
    }
  }

  private enter(connectionId: string, code: string, identity: Identity): void {
    const left = this.deps.delivery.enter(connectionId, code, identity);
    if (left !== null && left.code !== code) this.presenceChanged(left);
  }

  /** Why one more watcher may not come in: spectators refused, or the audience full. */
  private async watcherRefusal(room: RoomRecord): Promise<ErrorBody | null> {
    if (!room.spectatorsAllowed) return roomError('room/no-spectators');
    const cap = this.deps.audiencePerRoom;
    if (cap === undefined) return null;
    const presence = await this.deps.delivery.presence(room.code, []);
    return presence.spectators >= cap ? roomError('room/audience-full') : null;
  }

  /**
   * A connection came into a room without changing it: it gets the room's
   * newest views itself, at once, and everyone else learns who is there with
   * the next coalesced refresh, so K joins cost O(K) messages, not K²/2. A
   * seat whose phone is back is first marked back, so the phone never sees
   * itself away.
   */
  private async welcome(room: RoomRecord, { connectionId, identity }: Joiner): Promise<void> {
    try {
      const loaded = (await this.deps.store.load(room.code)) ?? room;
      const sent = await this.sendWhole(loaded, connectionId, identity);
      this.audience.changed(sent.code);
    } catch (err) {
      this.roomLog(room.code).error({ err }, 'could not send a joiner its views');
    }
  }

  /** Send one connection the room's whole view and its seat's part, a seat first marked back; returns the version sent. */
  private async sendWhole(room: RoomRecord, connectionId: string, identity: Identity): Promise<RoomRecord> {
    const seatId = seatIdOf(identity);
    const { delivery } = this.deps;
    const presence = await delivery.presence(room.code, audienceIds(room));
    const newest = seatId === null ? room : await this.notePresence(room, presence);
    delivery.sendTo(connectionId, publicView(newest, presence), seatId === null ? null : seatPart(newest, seatId));
    return newest;
  }

  /**
   * After a connection came in, or another writer got in between changes:
   * send the room as now stored, which another node may have changed since
   * `room` was loaded. That node's views may have skipped this connection,
   * which it did not know of yet (see `cluster/cluster-delivery.ts`).
   */
  private async publishNewest(room: RoomRecord, known?: RoomRecord): Promise<void> {
    const newest = await this.deps.store.load(room.code).catch((err: unknown) => {
      this.roomLog(room.code).warn({ err }, 'could not reload the room; sending the version at hand');
      return null;
    });
    // Another writer's version: its deadline may be one this node has no timer for.
    if (newest !== null && newest !== room) this.timers.set(newest.code, newest.status === 'playing' ? newest.deadline : null);
    await this.publish(newest ?? room, known);
  }

  /**
   * Send this version of the room to everyone in it: the public view, as a
   * change encoded once for all, and with it each connected seat's own part
   * when that differs from what the seat has (`known`, the version it last
   * got; without it, every part). The change is already stored, so a failure
   * here is logged and never turned into a refusal.
   */
  private async publish(stored: RoomRecord, known?: RoomRecord): Promise<void> {
    let room = stored;
    try {
      const { delivery } = this.deps;
      const presence = await delivery.presence(room.code, audienceIds(room));
      room = await this.notePresence(room, presence);
      const parts = new Map<string, SeatPart>();
      for (const s of room.seats) {
        if (!presence.connectedSeats.has(s.id) || (known !== undefined && samePart(known, room, s.id))) continue;
        const part = seatPart(room, s.id);
        if (part !== null) parts.set(s.id, part);
      }
      delivery.send(room.code, publicView(room, presence), parts);
    } catch (err) {
      this.roomLog(room.code).error({ err, version: room.version }, 'could not send views');
    }
  }

  /**
   * Store who has a phone during a game, when the record says otherwise: a
   * seat's away time must be the same on every node and after a restart for
   * its default to be played once. A partial answer (a node did not reply)
   * proves nothing, and another writer getting in first leaves it to them.
   */
  private async notePresence(room: RoomRecord, presence: Presence): Promise<RoomRecord> {
    const change = this.presenceChange(room, presence);
    return change === null ? room : this.commitInTurn(room, [change]);
  }

  /** The change that stores who has a phone, when the record says otherwise and the answer proves it (see `notePresence`). */
  private presenceChange(room: RoomRecord, presence: Presence): Accepted | null {
    if (this.presenceFrozen) return null;
    if (presence.partial === true) {
      this.recheckPresence(room);
      return null;
    }
    const change = markPresence(room, { connected: presence.connectedSeats, now: this.deps.clock.now() });
    return change?.ok === true ? change : null;
  }

  /**
   * Look again later at who is connected in a game when an answer was
   * partial: a phone that dropped meanwhile must still be marked away, or its
   * default would wait for the next move, which may be its own.
   */
  private recheckPresence(room: RoomRecord): void {
    if (room.status !== 'playing' || this.presenceRechecks.has(room.code)) return;
    this.presenceRechecks.add(room.code);
    this.deps.clock.schedule(PRESENCE_RECHECK_MS, () => {
      this.presenceRechecks.delete(room.code);
      this.audience.changed(room.code);
    });
  }

  /** Stop recording presence: on shutdown every phone drops because the server goes, not because its player did. */
  freezePresence(): void {
    this.presenceFrozen = true;
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

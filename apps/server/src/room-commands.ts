/**
 * What each client command decides, given the room as loaded, the command's
 * parsed payload and who sent it (see `commands` in the protocol package):
 * a refusal, an answer, or changes to commit, with what to do once they are
 * committed (`Effect`s, as data). Nothing here touches a store or a socket:
 * what a decision must know about connections it asks through `Context`.
 */
import {
  roomError,
  type CommandInput,
  type CommandName,
  type CommandReply,
  type ErrorBody,
  type Joined,
  type SeatLost,
  commands,
  type Sender,
} from '@rollcall/protocol';
import { diceSeed, findGame, fixedGenerator, seedGenerator, type GeneratorState } from '@rollcall/rules';
import type { Identity, TokenIdentity } from './identity.js';
import {
  addBot,
  addPlayer,
  admitScreen,
  awaySeats,
  configure,
  contributeSeed,
  endGame,
  joinNext,
  leave,
  leaveNext,
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
  type Change,
  type ChangeNote,
  type Move,
} from './room-changes.js';
import {
  canLead,
  hintsOf,
  holderOf,
  isBot,
  newRoom,
  newSeal,
  nextPlayerOf,
  tokenRefusal,
  type DiceSeal,
  type RoomRecord,
} from './room-record.js';
import { seatHint } from './seat-hints.js';
import { hashToken, sameHash } from './secrets.js';
import type { Presence } from './views.js';

/** A change the room's rules accepted, ready to commit. */
export type Accepted = Extract<Change, { ok: true }>;

/**
 * What the sender's connection, or the room's others, get once a decision is
 * committed (or answered): the room service carries them out, in order
 * (`RoomPublisher.carryOut`).
 */
export type Effect =
  /** The sender's connection is in the room as `identity` from now on. */
  | { do: 'enter'; identity: Identity }
  /** The sender's connection comes in without a change to the room: it gets the room's views at once. */
  | { do: 'welcome'; identity: Identity }
  /** The sender's connection, already in the room, gets its whole view again. */
  | { do: 'send-whole'; identity: Identity }
  /** A seat's other connections (all of them, or all but the sender's) are told it is no longer theirs. */
  | { do: 'evict'; seatId: string; reason: SeatLost['reason']; keepSender: boolean }
  /** Every spectator and shared screen stops getting views. */
  | { do: 'close-to-watchers' }
  /** The screens waiting under `screen` get their host token. */
  | { do: 'admit-screen'; screen: string; hostToken: string }
  /** Everyone in the room gets the room as loaded again: its public view, and every seat's part (`all`) or none. */
  | { do: 'publish'; parts: 'all' | 'none' }
  | { do: 'log'; seat: number | null; msg: string; fields?: Record<string, unknown>; level?: 'debug' };

/** Refuse; answer without a change; or commit changes one after another, then answer. */
export type Decision<T> =
  | { kind: 'refuse'; error: ErrorBody }
  | { kind: 'answer'; value: T; then?: Effect[] }
  | { kind: 'commit'; changes: readonly [Accepted, ...Accepted[]]; value: T; then?: Effect[]; parts?: 'all' };

/** What a decision may ask besides the room: the time, fresh secrets, and the connections (on every node). */
export interface Context {
  now: number;
  fresh: { token(): string; id(): string; oneTimeCode(): string; serverSeed(): string };
  /** Which of these seats have a connection now, and how many watch. */
  presence(seatIds: readonly string[]): Promise<Presence> | Presence;
  /** The change that stores who has a phone in a game, when the record says otherwise (`also`: a seat whose phone is coming in); null when it is right. */
  presenceMark(room: RoomRecord, also?: string): Promise<Accepted | null>;
  /** Whether a screen waits to be let in under this code. */
  screenWaiting(screen: string): Promise<boolean>;
  /** Whether this seat may move now, counted over all its connections. */
  mayMove(seat: number): Promise<boolean>;
  /** How many spectators and shared screens the room takes; no cap when absent. */
  audiencePerRoom?: number;
}

/** Who sent a command, as its token (or its connection's membership) proved. */
export type ActorOf<W extends Sender> = W extends 'anyone'
  ? null
  : W extends 'in-room'
    ? Identity
    : W extends 'seat'
      ? SeatHolder
      : W extends 'player'
        ? SeatHolder | { role: 'next'; seatId: string }
        : TokenIdentity;

type SeatHolder = Extract<TokenIdentity, { role: 'seat' }>;

type SenderOf<N extends CommandName> = (typeof commands)[N]['sender'];

/** The decision for one command. */
export type Decide<N extends CommandName> = (
  room: RoomRecord,
  input: CommandInput<N>,
  actor: ActorOf<SenderOf<N>>,
  ctx: Context,
) => Decision<CommandReply<N>> | Promise<Decision<CommandReply<N>>>;

const refuse = (error: ErrorBody): { kind: 'refuse'; error: ErrorBody } => ({ kind: 'refuse', error });

/** Commit an accepted change and answer with its version, or refuse what the rules refused. */
function committed(change: Change, then?: Effect[]): Decision<{ version: number }> {
  if (!change.ok) return refuse(change.error);
  return { kind: 'commit', changes: [change], value: { version: change.room.version }, ...(then === undefined ? {} : { then }) };
}

/**
 * Whether a token-carrying command's sender may send it to this room: the
 * token holds what the command's `sender` asks for, or a typed refusal.
 */
export function authorise(room: RoomRecord, sender: Exclude<Sender, 'anyone' | 'in-room'>, token: string): TokenIdentity | { role: 'next'; seatId: string } | ErrorBody {
  const hash = hashToken(token);
  const holder = holderOf(room, hash);
  if (holder === null) {
    const waiting = sender === 'player' ? nextPlayerOf(room, hash) : null;
    return waiting === null ? roomError(tokenRefusal(room, hash)) : { role: 'next', seatId: waiting.id };
  }
  if ((sender === 'seat' || sender === 'player') && holder.role !== 'seat') return roomError('room/unknown-seat');
  if (sender === 'lead' && !canLead(room, holder)) return roomError('room/not-lead');
  return holder;
}

/** Why one more watcher may not come in: spectators refused, or the audience full. */
async function watcherRefusal(room: RoomRecord, ctx: Context): Promise<ErrorBody | null> {
  if (!room.spectatorsAllowed) return roomError('room/no-spectators');
  if (ctx.audiencePerRoom === undefined) return null;
  const presence = await ctx.presence([]);
  return presence.spectators >= ctx.audiencePerRoom ? roomError('room/audience-full') : null;
}

/**
 * A host screen without the host token waits to be let in by the lead or a
 * host screen, under a code it shows. Meanwhile it is one more watcher where
 * the room takes one, and sees nothing where it does not: no uncounted watcher.
 */
async function waitAsScreen(room: RoomRecord, ctx: Context): Promise<Decision<Joined>> {
  const screen = ctx.fresh.oneTimeCode();
  const value: Joined = { code: room.code, role: 'host', screen };
  const watches = (await watcherRefusal(room, ctx)) === null;
  const identity: Identity = watches ? { role: 'host', controls: false, screen } : { role: 'waiting-screen', screen };
  return { kind: 'answer', value, then: [{ do: watches ? 'welcome' : 'enter', identity }] };
}

/** A new seat in the lobby; the first player to join leads. */
function joinLobby(room: RoomRecord, name: string, ctx: Context): Decision<Joined> {
  const seatToken = ctx.fresh.token();
  const seatId = ctx.fresh.id();
  const change = addPlayer(room, { name, seatId, tokenHash: hashToken(seatToken), now: ctx.now });
  if (!change.ok) return refuse(change.error);
  const seat = change.room.seats.length - 1;
  return {
    kind: 'commit',
    changes: [change],
    value: { code: room.code, role: 'seat', seat, seatToken },
    then: [
      { do: 'enter', identity: { role: 'seat', seat, seatId } },
      { do: 'log', seat, msg: 'player joined' },
    ],
  };
}

/** A tokenless join with a new name once a game has started: it watches and waits for the next game. */
function joinDuringGame(room: RoomRecord, name: string, ctx: Context): Decision<Joined> {
  const seatToken = ctx.fresh.token();
  const id = ctx.fresh.id();
  const change = joinNext(room, { name, id, tokenHash: hashToken(seatToken), now: ctx.now });
  if (!change.ok) return refuse(change.error);
  return {
    kind: 'commit',
    changes: [change],
    value: { code: room.code, role: 'seat', seatToken, next: true },
    then: [
      { do: 'enter', identity: { role: 'next', seatId: id } },
      { do: 'log', seat: null, msg: 'player joined for the next game' },
    ],
  };
}

/**
 * A seat goes to a new phone, by its name or by a hand-over code, while no
 * phone holds it: the new phone gets a new token and the old phones lose it.
 * A removed seat is nobody's to take back.
 */
async function takeBack(room: RoomRecord, seat: number, ctx: Context): Promise<Decision<Joined>> {
  const held = room.seats[seat];
  if (held === undefined) return refuse(roomError('room/unknown-seat'));
  if (isBot(held)) return refuse(roomError('room/bot-seat'));
  if (held.tokenHash === null) return refuse(roomError('room/seat-removed'));
  // Who is connected is not stored: ask the sockets, on every node. Without every node's word, the seat may be in use.
  const presence = await ctx.presence([held.id]);
  if (presence.connectedSeats.has(held.id) || presence.partial === true) return refuse(roomError('room/seat-in-use'));
  const seatToken = ctx.fresh.token();
  const change = reclaimSeat(room, { seat, tokenHash: hashToken(seatToken), now: ctx.now });
  if (!change.ok) return refuse(change.error);
  return {
    kind: 'commit',
    changes: [change],
    value: { code: room.code, role: 'seat', seat, seatToken },
    then: [
      { do: 'evict', seatId: held.id, reason: 'moved', keepSender: true },
      { do: 'enter', identity: { role: 'seat', seat, seatId: held.id } },
      { do: 'log', seat, msg: 'seat taken back on a new phone' },
    ],
  };
}

/**
 * A seat's token coming back: its seat (marked back first during a game, so
 * the phone never sees itself away), or a place for the next game (that
 * phone watches again).
 */
async function comeBack(room: RoomRecord, seatToken: string, ctx: Context): Promise<Decision<Joined>> {
  const hash = hashToken(seatToken);
  const holder = holderOf(room, hash);
  if (holder?.role === 'host') return refuse(roomError('room/bad-token'));
  if (holder !== null) {
    const value: Joined = { code: room.code, role: 'seat', seat: holder.seat, seatToken };
    const evict: Effect = { do: 'evict', seatId: holder.seatId, reason: 'taken-over', keepSender: true };
    const log: Effect = { do: 'log', seat: holder.seat, msg: 'seat reconnected', level: 'debug' };
    const mark = await ctx.presenceMark(room, holder.seatId);
    if (mark !== null) return { kind: 'commit', changes: [mark], value, then: [evict, log, { do: 'enter', identity: holder }] };
    return { kind: 'answer', value, then: [evict, log, { do: 'welcome', identity: holder }] };
  }
  const waiting = nextPlayerOf(room, hash);
  if (waiting === null) return refuse(roomError(tokenRefusal(room, hash)));
  return {
    kind: 'answer',
    value: { code: room.code, role: 'seat', seatToken, next: true },
    then: [
      { do: 'evict', seatId: waiting.id, reason: 'taken-over', keepSender: true },
      { do: 'welcome', identity: { role: 'next', seatId: waiting.id } },
    ],
  };
}

/** Which seat a move is for and who makes it: the seat itself, or the lead or host for a vacant (or away) seat. */
type Acting = Pick<Move, 'seat' | 'by'>;

/** Which seats the lead or host may play for: only vacant ones, or away ones too. */
type Reach = 'vacant' | 'away';

function actingSeat(room: RoomRecord, holder: TokenIdentity, named: number | undefined, reach: Reach): Acting | ErrorBody {
  if (holder.role === 'seat' && (named === undefined || named === holder.seat)) return { seat: holder.seat, by: 'seat' };
  if (named === undefined) return roomError('room/unknown-seat');
  if (!canLead(room, holder)) return roomError('room/not-lead');
  const target = room.seats[named];
  if (target === undefined) return roomError('room/unknown-seat');
  if (isBot(target)) return roomError('room/bot-seat');
  // The stored mark, not a fresh look at the sockets: it is what the away default goes by too.
  const away = reach === 'away' && target.awaySince != null;
  if (target.tokenHash !== null && !away) return roomError('room/seat-occupied');
  return { seat: named, by: holder.role === 'host' ? 'host' : 'lead' };
}

/** A retried command's first answer: the version its key was committed at, if the room still remembers it. */
function firstAnswer(room: RoomRecord, key: string): Decision<{ version: number }> | null {
  const earlier = room.recentActions.find((a) => a.key === key);
  return earlier === undefined ? null : { kind: 'answer', value: { version: earlier.version } };
}

/**
 * A move for a seat: who may make it, a retry answered with its first
 * result, a stale version refused, then `what` says what is played.
 */
async function move(
  room: RoomRecord,
  p: { id: string; version?: number | undefined; seat?: number | undefined },
  holder: TokenIdentity,
  ctx: Context,
  reach: Reach,
  what: (acting: Acting) => { action: unknown } | ErrorBody,
): Promise<Decision<{ version: number }>> {
  const acting = actingSeat(room, holder, p.seat, reach);
  if ('code' in acting) return refuse(acting);
  const key = `${holder.role === 'host' ? 'host' : holder.seatId}:${acting.seat}:${p.id}`;
  const earlier = firstAnswer(room, key);
  if (earlier !== null) return earlier;
  if (!(await ctx.mayMove(acting.seat))) return refuse(roomError('room/too-many-changes'));
  if (p.version !== undefined && (p.version < room.stepVersion || p.version > room.version)) {
    return refuse(roomError('room/stale-version'));
  }
  const played = what(acting);
  if ('code' in played) return refuse(played);
  return committed(playAction(room, { seat: acting.seat, action: played.action, by: acting.by, now: ctx.now, key }));
}

/** The decisions of the commands that are made on a loaded room (opening one is `openRoom`). */
export const decisions: { [N in Exclude<CommandName, 'createRoom'>]: Decide<N> } = {
  /** Enter a room as a new player, as a seat coming back, as a spectator or as a host screen. */
  async joinRoom(room, p, _actor, ctx) {
    switch (p.as) {
      case 'player': {
        // A seat's own name takes it back on this phone while no phone holds it, in the lobby as in a game.
        const seat = seatNamed(room, p.name);
        if (seat !== -1) return takeBack(room, seat, ctx);
        return room.status === 'lobby' ? joinLobby(room, p.name, ctx) : joinDuringGame(room, p.name, ctx);
      }
      case 'handover': {
        const hash = hashToken(p.handover);
        const seat = room.seats.findIndex((s) => s.handOverHash != null && sameHash(s.handOverHash, hash));
        return seat === -1 ? refuse(roomError('room/bad-handover')) : takeBack(room, seat, ctx);
      }
      case 'seat':
        return comeBack(room, p.seatToken, ctx);
      case 'spectator': {
        const refusal = await watcherRefusal(room, ctx);
        if (refusal !== null) return refuse(refusal);
        return { kind: 'answer', value: { code: room.code, role: 'spectator' }, then: [{ do: 'welcome', identity: { role: 'spectator' } }] };
      }
      case 'host': {
        if (p.hostToken === undefined) return waitAsScreen(room, ctx);
        if (holderOf(room, hashToken(p.hostToken))?.role !== 'host') return refuse(roomError('room/bad-token'));
        const value: Joined = { code: room.code, role: 'host', hostToken: p.hostToken };
        return { kind: 'answer', value, then: [{ do: 'welcome', identity: { role: 'host', controls: true } }] };
      }
    }
  },

  configure: (room, p, _actor, { now }) =>
    committed(configure(room, { game: p.game, options: p.options, timer: p.timer, whenAway: p.whenAway, hints: p.hints, now })),

  setLock: (room, p, _actor, { now }) =>
    committed(
      setLock(room, { locked: p.locked, spectatorsAllowed: p.spectatorsAllowed, familyMode: p.familyMode, streamerMode: p.streamerMode, now }),
      // Refusing spectators sends away those already watching, not only those still to come.
      p.spectatorsAllowed ? undefined : [{ do: 'close-to-watchers' }],
    ),

  start: (room, _p, _actor, { now }) => committed(startGame(room, now)),

  /** A removed seat's connections are told they lost it. */
  removeSeat(room, p, _actor, { now }) {
    const seat = room.seats[p.seat];
    return committed(removeSeat(room, { seat: p.seat, now }), seat === undefined ? [] : [{ do: 'evict', seatId: seat.id, reason: 'removed', keepSender: false }]);
  },

  /** The server makes a bot's moves once the game starts (see `timedMoves`). */
  addBot: (room, p, _actor, ctx) => committed(addBot(room, { seatId: ctx.fresh.id(), strength: p.strength, now: ctx.now })),

  /**
   * A player takes the lead while the lead's phone is away, so a room with no
   * host screen is never left with nobody who can start, remove a seat, play
   * a removed seat's default or ask for a rematch. Taking it again is answered
   * without a change.
   */
  async takeLead(room, _p, holder, ctx) {
    if (room.lead === holder.seat) return { kind: 'answer', value: { version: room.version } };
    const lead = room.lead === null ? undefined : room.seats[room.lead];
    // Who is connected is not stored: ask the sockets, on every node.
    const presence = await ctx.presence(lead === undefined ? [] : [lead.id]);
    if (lead !== undefined && presence.connectedSeats.has(lead.id)) return refuse(roomError('room/lead-here'));
    return committed(takeLead(room, { seat: holder.seat, now: ctx.now }));
  },

  /** Back to the lobby with the same seats, each seat whose phone is gone as the lead chose. */
  async rematch(room, p, _actor, ctx) {
    // Who is connected is not stored: ask the sockets, on every node; a partial answer leaves only the stored marks.
    const presence = await ctx.presence(room.seats.map((s) => s.id));
    const away = awaySeats(room, presence.partial === true ? null : presence.connectedSeats);
    return committed(rematch(room, ctx.now, ctx.fresh.serverSeed(), { away, choices: p.away ?? [] }));
  },

  /**
   * End the game in progress for everyone, back to the lobby or straight into
   * another game (`endGame`), which starts here at once when no phone has a
   * client seed to give. A retry with the same id, from the same sender, gets
   * the first answer.
   */
  endGame(room, p, holder, ctx) {
    const key = `${holder.role === 'host' ? 'host' : holder.seatId}:end-game:${p.id}`;
    const earlier = firstAnswer(room, key);
    if (earlier !== null) return earlier;
    if (!canLead(room, holder)) return refuse(roomError('room/not-lead'));
    const ender = holder.role === 'host' ? { by: 'host' as const, seat: null } : { by: 'lead' as const, seat: holder.seat };
    const ended = endGame(room, { ...ender, then: p.then, key, now: ctx.now, serverSeed: ctx.fresh.serverSeed() });
    if (!ended.ok) return refuse(ended.error);
    const started = startWhenSeeded(ended.room, ctx.now);
    return {
      kind: 'commit',
      changes: started?.ok === true ? [ended, started] : [ended],
      value: { version: ended.room.version },
      then: [{ do: 'log', seat: ender.seat, msg: 'game ended early', fields: { by: ender.by, then: p.then.to } }],
    };
  },

  /**
   * A player leaves from their phone: in the lobby the seat goes, in a game it
   * becomes vacant as if removed; someone waiting for the next game gives up
   * their place. The room's other phones on that seat are told; this one
   * simply goes.
   */
  leave(room, _p, player, { now }) {
    const change = player.role === 'seat' ? leave(room, { seat: player.seat, now }) : leaveNext(room, { id: player.seatId, now });
    return committed(change, [{ do: 'evict', seatId: player.seatId, reason: 'removed', keepSender: true }]);
  },

  /** A player changes their name in the lobby; the same checks as joining. */
  rename: (room, p, holder, { now }) => committed(rename(room, { seat: holder.seat, name: p.name, now })),

  /** A one-time code that gives an away seat to a new phone (shown as text and a QR code), in the lobby or a game. */
  async handOver(room, p, _actor, ctx) {
    const seat = room.seats[p.seat];
    if (seat === undefined) return refuse(roomError('room/unknown-seat'));
    if (seat.tokenHash === null) return refuse(roomError('room/seat-removed'));
    const presence = await ctx.presence([seat.id]);
    if (presence.connectedSeats.has(seat.id)) return refuse(roomError('room/seat-not-away'));
    const handover = ctx.fresh.oneTimeCode();
    const change = offerHandOver(room, { seat: p.seat, codeHash: hashToken(handover), now: ctx.now });
    if (!change.ok) return refuse(change.error);
    return { kind: 'commit', changes: [change], value: { handover } };
  },

  /**
   * Let in the screen showing `screen`: it gets a host token of its own, sent
   * to it alone, and joins again with it. A code no screen waits under is
   * refused and changes nothing.
   */
  async admitScreen(room, p, _actor, ctx) {
    if (!(await ctx.screenWaiting(p.screen))) return refuse(roomError('room/no-such-screen'));
    const hostToken = ctx.fresh.token();
    return committed(admitScreen(room, { tokenHash: hashToken(hostToken), now: ctx.now }), [
      { do: 'admit-screen', screen: p.screen, hostToken },
      { do: 'log', seat: null, msg: 'screen let in' },
    ]);
  },

  resetNight: (room, _p, _actor, { now }) => committed(resetNight(room, now)),

  /**
   * A seat gives its client seed for the next game's dice; giving it again is
   * answered without a change. When a game was ended straight into another,
   * the last seed that game waits for starts it (`startWhenSeeded`).
   */
  contributeSeed(room, p, holder, { now }) {
    const change = contributeSeed(room, { seat: holder.seat, clientSeed: p.clientSeed, now });
    if (change === null) return { kind: 'answer', value: { version: room.version } };
    if (!change.ok) return refuse(change.error);
    const started = startWhenSeeded(change.room, now);
    return started?.ok === true ? { kind: 'commit', changes: [change, started], value: { version: change.room.version } } : committed(change);
  },

  /** A seat's move, or the lead's or host's move for a vacant seat. */
  action: (room, p, holder, ctx) => move(room, p, holder, ctx, 'vacant', () => ({ action: p.action })),

  /** The lead or host plays a vacant or away seat's default ("Play for Ann now"): the move the turn timer would make for it. */
  playDefault: (room, p, holder, ctx) =>
    move(room, p, holder, ctx, 'away', (acting) => {
      if (acting.by === 'seat') return roomError('room/seat-occupied');
      if (room.status !== 'playing' || room.game === null) return roomError('room/not-playing');
      const awaited = findGame(room.game.id)
        ?.awaiting(room.play)
        .find((a) => a.seat === acting.seat);
      return awaited === undefined ? roomError('room/not-awaited') : { action: awaited.fallback };
    }),

  /** A seat's phone asks for its own suggested move (only read: see `reads`). */
  askHint(room, _p, holder) {
    if (holder.role !== 'seat') return refuse(roomError('room/no-seat'));
    if (!hintsOf(room)) return refuse(roomError('room/hints-off'));
    if (room.status !== 'playing') return refuse(roomError('room/not-playing'));
    return { kind: 'answer', value: { step: room.stepVersion, hint: seatHint(room, holder.seat) } };
  },

  /**
   * A screen in the room whose changes stopped following on from the view it
   * holds gets the whole view again, as stored now, after any change on its way.
   */
  wholeView: (room, _p, identity) => ({ kind: 'answer', value: { version: room.version }, then: [{ do: 'send-whole', identity }] }),
};

/**
 * Who has a phone, stored when the record says otherwise, a change like any
 * other; then the room's views go out again: the public view, and every
 * seat's part (`all`, when some may have been lost) or only those that changed.
 */
export async function notePresence(room: RoomRecord, ctx: Pick<Context, 'presenceMark'>, parts: 'all' | 'changed'): Promise<Decision<null>> {
  const mark = await ctx.presenceMark(room);
  if (mark === null) return { kind: 'answer', value: null, then: [{ do: 'publish', parts: parts === 'all' ? 'all' : 'none' }] };
  return { kind: 'commit', changes: [mark], value: null, ...(parts === 'all' ? { parts } : {}) };
}

/**
 * Decide a command on its loaded room, its sender checked first as the
 * command table says: `identity` is what the sending connection is in this
 * room, if it is in it.
 */
export function decideCommand<N extends Exclude<CommandName, 'createRoom'>>(
  name: N,
  room: RoomRecord,
  input: CommandInput<N>,
  identity: Identity | null,
  ctx: Context,
): Decision<CommandReply<N>> | Promise<Decision<CommandReply<N>>> {
  const { sender } = commands[name];
  const token = (input as { token?: string }).token ?? '';
  const actor =
    sender === 'anyone' ? null : sender === 'in-room' ? (identity ?? roomError('room/not-in-room')) : authorise(room, sender, token);
  if (actor !== null && 'code' in actor) return refuse(actor);
  const decide = decisions[name] as (room: RoomRecord, input: unknown, actor: unknown, ctx: Context) => Decision<CommandReply<N>> | Promise<Decision<CommandReply<N>>>;
  return decide(room, input, actor, ctx);
}

/**
 * Commands that only read: answered from the room as last committed, outside
 * the room's queue. A hint asked while a move is being stored is for the step
 * it was asked in (`step` says which), as if asked a moment earlier, and a
 * phone that is not looking costs nothing.
 */
export const reads: ReadonlySet<CommandName> = new Set(['askHint']);

/** The dice a new room plays with: fixed test dice, or sealed ones seeded when the game starts. */
export interface NewDice {
  generator: GeneratorState;
  seal: DiceSeal | null;
}

/**
 * The dice for a room about to be opened: fixed test dice play from the given
 * state (test mode only); any other room seals its dice, and its generator is
 * seeded from the seal when the game starts.
 */
export function newDice(p: CommandInput<'createRoom'>, testMode: boolean, serverSeed: () => string): NewDice | ErrorBody {
  if (p.testSeed !== undefined && !testMode) return roomError('room/test-only');
  const seal = p.testSeed === undefined ? newSeal(serverSeed()) : null;
  const generator = seal === null ? fixedGenerator(Buffer.from(p.testSeed ?? '', 'hex')) : seedGenerator(diceSeed(seal.serverSeed, []));
  return { generator, seal };
}

/** A new room under `code` with its creator in it: the record and its first log entry, the answer, and who the creator is there. */
export function openRoom(
  code: string,
  p: CommandInput<'createRoom'>,
  dice: NewDice,
  ctx: Pick<Context, 'now' | 'fresh'> & { botPauseMs?: number },
): { room: RoomRecord; entry: ChangeNote & { version: number; at: number }; value: Joined; identity: Identity } | ErrorBody {
  const { now } = ctx;
  const hostToken = ctx.fresh.token();
  const seatToken = ctx.fresh.token();
  const seatId = ctx.fresh.id();
  const hostTokenHash = p.as === 'host' ? hashToken(hostToken) : null;
  const empty = newRoom({ code, now, ...dice, hostTokenHash, botPauseMs: ctx.botPauseMs });
  if (p.as === 'host') {
    const entry = { kind: 'create' as const, seat: null, detail: { as: p.as }, version: empty.version, at: now };
    return { room: empty, entry, value: { code, role: 'host', hostToken }, identity: { role: 'host', controls: true } };
  }
  const seated = addPlayer(empty, { name: p.name, seatId, tokenHash: hashToken(seatToken), now });
  if (!seated.ok) return seated.error;
  const entry = { kind: 'create' as const, seat: 0, detail: { as: p.as }, version: seated.room.version, at: now };
  return { room: seated.room, entry, value: { code, role: 'seat', seat: 0, seatToken }, identity: { role: 'seat', seat: 0, seatId } };
}

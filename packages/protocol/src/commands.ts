/**
 * Every command a client sends, declared once: its event, the schema its
 * payload is parsed with, who may send it and what its acknowledgement
 * carries when it succeeds. The server registers its socket handlers from
 * this table and the web app's sends are typed from it.
 */
import type { z } from 'zod/mini';
import { roomError } from './errors.js';
import {
  ActionEnvelope,
  AddBot,
  AdmitScreen,
  AskHint,
  Configure,
  ContributeSeed,
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
  WholeView,
  type ActionResult,
  type HandedOver,
  type HintReply,
  type Joined,
  type Reply,
} from './messages.js';

/**
 * Who may send a command, checked before it is decided on:
 * - `anyone`: no token (opening or entering a room);
 * - `in-room`: a connection in the room the payload names, by what it joined as;
 * - `seat`: the token of a seat;
 * - `player`: the token of a seat, or of someone waiting for the next game;
 * - `member`: the token of a seat or of a host screen;
 * - `lead`: the token of the lead seat or of a host screen.
 */
export type Sender = 'anyone' | 'in-room' | 'seat' | 'player' | 'member' | 'lead';

/** One command: its event, its payload's schema, who may send it, and (as a type only) what it answers with. */
export interface Command<S extends z.ZodMiniType = z.ZodMiniType, R = unknown, W extends Sender = Sender> {
  event: string;
  schema: S;
  sender: W;
  /** Never set: the type of the value a successful acknowledgement carries. */
  readonly reply?: R;
}

/** Declare a command answering with `R`. */
const answers =
  <R>() =>
  <const E extends string, S extends z.ZodMiniType, W extends Sender>(event: E, schema: S, sender: W) =>
    ({ event, schema, sender }) as Command<S, R, W> & { event: E };

/** The command table. */
export const commands = {
  /** Open a new room, as its host screen or as its first player. */
  createRoom: answers<Joined>()('room:create', CreateRoom, 'anyone'),
  /** Enter a room as a player, a spectator or a host screen; or take a seat back with its token. */
  joinRoom: answers<Joined>()('room:join', JoinRoom, 'anyone'),
  /** Choose the game, its options and the turn timer. */
  configure: answers<ActionResult>()('room:configure', Configure, 'lead'),
  /** Close the room to new players, and allow or refuse spectators. */
  setLock: answers<ActionResult>()('room:lock', SetLock, 'lead'),
  /** Start the chosen game with the seats present. */
  start: answers<ActionResult>()('room:start', Start, 'lead'),
  /** Remove a seat (in the lobby it leaves; in a game it becomes vacant). */
  removeSeat: answers<ActionResult>()('room:remove-seat', RemoveSeat, 'lead'),
  /** Seat a bot in the lobby; it counts as a player and the server makes its moves. */
  addBot: answers<ActionResult>()('room:add-bot', AddBot, 'lead'),
  /** A player takes the lead while the lead's phone is away. */
  takeLead: answers<ActionResult>()('room:take-lead', TakeLead, 'seat'),
  /** Back to the lobby with the same seats, to play again (any game). */
  rematch: answers<ActionResult>()('room:rematch', Rematch, 'lead'),
  /**
   * End the game in progress for everyone, back to the lobby or straight into
   * another game. Only the lead or a host screen ends it; a retry is answered
   * with the first answer even when its sender no longer leads, so any member may send it.
   */
  endGame: answers<ActionResult>()('room:end-game', EndGame, 'member'),
  /** A player leaves the room from their phone (in a game the seat becomes vacant). */
  leave: answers<ActionResult>()('room:leave', Leave, 'player'),
  /** A player changes their name in the lobby. */
  rename: answers<ActionResult>()('room:rename', Rename, 'seat'),
  /** A one-time code that hands an away seat to a new phone. */
  handOver: answers<HandedOver>()('room:hand-over', HandOver, 'lead'),
  /** Let in a screen waiting with the code it shows; it becomes a host screen. */
  admitScreen: answers<ActionResult>()('room:admit-screen', AdmitScreen, 'lead'),
  /** Start tonight's standings over, in the lobby. */
  resetNight: answers<ActionResult>()('room:reset-night', ResetNight, 'lead'),
  /** A seat gives its random client seed for the next game's dice (see `DiceView`). */
  contributeSeed: answers<ActionResult>()('dice:contribute', ContributeSeed, 'seat'),
  /** A seat's move in the game, or the lead's or host's move for a vacant seat. */
  action: answers<ActionResult>()('game:action', ActionEnvelope, 'member'),
  /** A seat's phone asks for its own suggested move while the game waits on it; a host screen is told it has none. */
  askHint: answers<HintReply>()('game:hint', AskHint, 'member'),
  /** A screen whose views stopped following on from each other asks for the whole view again. */
  wholeView: answers<ActionResult>()('room:whole-view', WholeView, 'in-room'),
  /** The lead or host plays the game's default move for a vacant or away seat it waits on. */
  playDefault: answers<ActionResult>()('game:default', PlayDefault, 'member'),
} as const;

/** A command's name in the table. */
export type CommandName = keyof typeof commands;

/** Events a client sends, by command name; each is acknowledged with a `Reply`. */
export const ClientEvent = Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, c.event])) as {
  readonly [N in CommandName]: (typeof commands)[N]['event'];
};

/** Any client event name. */
export type ClientEventName = (typeof commands)[CommandName]['event'];

/** The command name of each event. */
export type CommandOf<E extends ClientEventName> = { [N in CommandName]: (typeof commands)[N]['event'] extends E ? N : never }[CommandName];

/** A command's payload as the server has it once parsed (defaults filled in). */
export type CommandInput<N extends CommandName> = z.output<(typeof commands)[N]['schema']>;

/** A command's payload as a client may send it (fields with defaults may be left out). */
export type CommandPayload<N extends CommandName> = z.input<(typeof commands)[N]['schema']>;

/** What a command's acknowledgement carries when it succeeds. */
export type CommandReply<N extends CommandName> = NonNullable<(typeof commands)[N]['reply']>;

/** What each client event's acknowledgement carries when it succeeds. */
export type ReplyValues = { [E in ClientEventName]: CommandReply<CommandOf<E>> };

/**
 * A command's payload parsed with its schema, or why it was refused: a
 * payload wrong only in its name gets the name's own code.
 */
export function parseCommand<N extends CommandName>(name: N, payload: unknown): Reply<CommandInput<N>> {
  const parsed = (commands[name].schema as z.ZodMiniType).safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data as CommandInput<N> };
  const { issues } = parsed.error;
  const nameOnly = issues.length > 0 && issues.every((issue) => issue.path.length === 1 && issue.path[0] === 'name');
  return { ok: false, error: roomError(nameOnly ? 'room/bad-name' : 'room/bad-request') };
}

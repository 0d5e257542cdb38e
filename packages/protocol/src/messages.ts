import { z } from 'zod/mini';
import { BOT_STRENGTHS, type Outcome, type Viewer } from '@rollcall/rules/catalogue';
import type { ErrorBody } from './errors.js';
import { PlayerName } from './names.js';
import type { ViewEdit } from './view-changes.js';

/** Room codes: letters from an alphabet without look-alikes (no I, L, O, U, 0, 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ';
/** How many letters a room code has while short codes are free. */
export const CODE_LENGTH = 4;
/** The most letters a room code has: codes grow when the shorter ones are nearly all taken. */
export const CODE_MAX_LENGTH = 8;

/** A room code as typed by people: case and surrounding space are forgiven. */
export const RoomCode = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH},${CODE_MAX_LENGTH}}$`)));

/** A seat or host token: opaque, URL-safe, at least 128 bits of randomness. */
export const Token = z.string().check(z.minLength(16), z.maxLength(128));

/** Turn timer choices, in seconds (0 = off). */
export const TimerSeconds = z.union([z.literal(0), z.literal(30), z.literal(60), z.literal(120)]);

/** What the room does when the game waits on a seat whose phones are all away: wait, play its default, or let a bot play it until a phone is back. */
export const AwayPlay = z.enum(['wait', 'default', 'bot']);

/** How long an away seat the game waits on is given before its default is played. */
export const AwaySeconds = z.union([z.literal(15), z.literal(30), z.literal(60), z.literal(120)]);

/** The room option "When a phone is away". */
export const WhenAway = z.object({ play: AwayPlay, seconds: AwaySeconds });

/** A room's "When a phone is away" until the lead picks another: the default after 30 s. */
export const DEFAULT_WHEN_AWAY: WhenAway = { play: 'default', seconds: 30 };

/** A code the lead shows to hand an away seat to a new phone: 6 letters from the room code alphabet. */
export const HandOverCode = z.string().check(z.trim(), z.toUpperCase(), z.regex(new RegExp(`^[${CODE_ALPHABET}]{6}$`)));

/** A code a host screen without the host token shows, for the lead or a host screen to let it in: like a hand-over code. */
export const ScreenCode = HandOverCode;

/**
 * Test-only: fixed dice, the generator's starting state as 16 bytes of
 * lowercase hex (not all zero); refused unless the server runs in test mode.
 * A state rather than a seed, so a pinned game stays the same game however
 * seeds are turned into states.
 */
export const TestSeed = z
  .string()
  .check(
    z.regex(/^[0-9a-f]{32}$/),
    z.refine((hex) => /[^0]/.test(hex), 'the all-zero state is not a state the generator can start from'),
  );

/** The most players a room seats, whatever the game allows. */
export const ROOM_SEAT_LIMIT = 16;

/** `room:create` */
export const CreateRoom = z.discriminatedUnion('as', [
  z.object({ as: z.literal('host'), testSeed: z.optional(TestSeed) }),
  z.object({ as: z.literal('player'), name: PlayerName, testSeed: z.optional(TestSeed) }),
]);

/** `room:join` */
export const JoinRoom = z.discriminatedUnion('as', [
  z.object({ code: RoomCode, as: z.literal('player'), name: PlayerName }),
  z.object({ code: RoomCode, as: z.literal('seat'), seatToken: Token }),
  z.object({ code: RoomCode, as: z.literal('spectator') }),
  z.object({ code: RoomCode, as: z.literal('host'), hostToken: z.optional(Token) }),
  z.object({ code: RoomCode, as: z.literal('handover'), handover: HandOverCode }),
]);

/** Who sends a room-level message: the room and the sender's seat or host token. */
const Credentials = { code: RoomCode, token: Token };

/** `room:configure` */
export const Configure = z.object({
  ...Credentials,
  game: z.string().check(z.minLength(1), z.maxLength(40)),
  options: z._default(z.record(z.string(), z.unknown()), {}),
  timer: z._default(TimerSeconds, 0),
  whenAway: z._default(WhenAway, DEFAULT_WHEN_AWAY),
  /** Whether phones show their own seat's suggested move; off for competitive tables. */
  hints: z._default(z.boolean(), true),
});

/** `room:lock` */
export const SetLock = z.object({
  ...Credentials,
  locked: z.boolean(),
  spectatorsAllowed: z.boolean(),
  /** Whether players' names are checked for swearing; left as it is when absent. */
  familyMode: z.optional(z.boolean()),
  /** Whether host screens hide the room code and its QR code (for a TV shown on a stream); left as it is when absent. */
  streamerMode: z.optional(z.boolean()),
});

/** `room:start` */
export const Start = z.object({ ...Credentials });

/** `room:remove-seat` */
export const RemoveSeat = z.object({ ...Credentials, seat: z.int().check(z.minimum(0), z.maximum(255)) });

/** How well a bot plays: `easy` for a child to beat, `strong` the game's best bot. */
export const BotStrength = z.enum(BOT_STRENGTHS);

/**
 * The strength a bot is added at when none is given: strong, as every bot
 * played before strengths could be chosen, so a client that names none gets
 * the bot it always got.
 */
export const DEFAULT_BOT_STRENGTH: BotStrength = 'strong';

/** `room:add-bot`: the lead or host seats a bot at a strength in the lobby (removed like any seat, with `room:remove-seat`). */
export const AddBot = z.object({ ...Credentials, strength: z._default(BotStrength, DEFAULT_BOT_STRENGTH) });

/** `room:take-lead` */
export const TakeLead = z.object({ ...Credentials });

/** What becomes of a seat whose phone is gone at a rematch: kept for its player, removed, or played by a bot. */
export const AwaySeatChoice = z.enum(['keep', 'remove', 'bot']);

/**
 * `room:rematch`: back to the lobby with the same seats. Every seat whose
 * phone is gone needs a choice in `away` (one per seat), or the rematch is
 * refused with `room/away-undecided`; a choice for a seat whose phone is
 * back is ignored, and the seat kept.
 */
export const Rematch = z.object({
  ...Credentials,
  away: z.optional(
    z
      .array(z.object({ seat: z.int().check(z.minimum(0), z.maximum(255)), choice: AwaySeatChoice }))
      .check(
        z.maxLength(ROOM_SEAT_LIMIT),
        z.refine((choices) => new Set(choices.map((c) => c.seat)).size === choices.length, 'one choice per seat'),
      ),
  ),
});

/** What follows a game ended early: the lobby, or another game (options parsed with defaults) with the same seats. */
export const AfterEnd = z.discriminatedUnion('to', [
  z.object({ to: z.literal('lobby') }),
  z.object({ to: z.literal('game'), game: z.string().check(z.minLength(1), z.maxLength(40)), options: z._default(z.record(z.string(), z.unknown()), {}) }),
]);

/**
 * `room:end-game`: the lead or host ends the game in progress for everyone.
 * Its dice are revealed and its record kept; `then` says where the room goes.
 * The id is the sender's, so a retry gets the first answer.
 */
export const EndGame = z.object({ ...Credentials, id: z.string().check(z.minLength(1), z.maxLength(64)), then: AfterEnd });

/** `room:leave`: the sender's own seat, or its place in the queue for the next game. */
export const Leave = z.object({ ...Credentials });

/** `room:rename`: the sender's new name, in the lobby. */
export const Rename = z.object({ ...Credentials, name: PlayerName });

/** `room:hand-over`: the lead or host asks for a code that gives an away seat to a new phone. */
export const HandOver = z.object({ ...Credentials, seat: z.int().check(z.minimum(0), z.maximum(255)) });

/** `room:reset-night`: the lead or host starts tonight's standings over, in the lobby. */
export const ResetNight = z.object({ ...Credentials });

/** A phone's random client seed: 8 to 64 bytes as lowercase hex. */
export const ClientSeed = z.string().check(z.regex(/^(?:[0-9a-f]{2}){8,64}$/));

/** `dice:contribute`: a seat's client seed for the room's next game. */
export const ContributeSeed = z.object({ ...Credentials, clientSeed: ClientSeed });

/** `room:admit-screen`: the lead or a host screen lets in the screen showing this code; it gets a host token of its own. */
export const AdmitScreen = z.object({ ...Credentials, screen: ScreenCode });

/** `game:hint`: a seat's phone asks for its suggested move; see `HintReply`. */
export const AskHint = z.object({ ...Credentials });

/** `game:action`: a seat's move, with a client-chosen id so a retry is applied once. */
export const ActionEnvelope = z.object({
  ...Credentials,
  /** Client-chosen id; the same id again returns the first result. */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The room version the move was based on; an older one is refused. */
  version: z.optional(z.int().check(z.minimum(0))),
  /** The lead may act for a vacant seat. */
  seat: z.optional(z.int().check(z.minimum(0), z.maximum(255))),
  /** The game's own action, parsed by the game's schema. */
  action: z.unknown(),
});

/**
 * `game:default`: the lead or host plays the move the turn timer would for a
 * vacant seat the game waits on. The default comes from the game, so whoever
 * sends it needs to see nothing of that seat's own sheet. Retries and stale
 * versions are handled as for a move.
 */
export const PlayDefault = z.object({
  ...Credentials,
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  version: z.optional(z.int().check(z.minimum(0))),
  seat: z.int().check(z.minimum(0), z.maximum(255)),
});

/** Parsed payload types. */
export type TimerSeconds = z.infer<typeof TimerSeconds>;
export type WhenAway = z.infer<typeof WhenAway>;
export type Leave = z.infer<typeof Leave>;
export type Rename = z.infer<typeof Rename>;
export type HandOver = z.infer<typeof HandOver>;
export type AdmitScreen = z.infer<typeof AdmitScreen>;
export type ResetNight = z.infer<typeof ResetNight>;
export type AskHint = z.infer<typeof AskHint>;
export type CreateRoom = z.infer<typeof CreateRoom>;
export type JoinRoom = z.infer<typeof JoinRoom>;
export type Configure = z.infer<typeof Configure>;
export type SetLock = z.infer<typeof SetLock>;
export type Start = z.infer<typeof Start>;
export type RemoveSeat = z.infer<typeof RemoveSeat>;
export type AddBot = z.infer<typeof AddBot>;
export type BotStrength = z.infer<typeof BotStrength>;
export type TakeLead = z.infer<typeof TakeLead>;
export type Rematch = z.infer<typeof Rematch>;
export type AwaySeatChoice = z.infer<typeof AwaySeatChoice>;
export type AfterEnd = z.infer<typeof AfterEnd>;
export type EndGame = z.infer<typeof EndGame>;
export type ContributeSeed = z.infer<typeof ContributeSeed>;
export type ActionEnvelope = z.infer<typeof ActionEnvelope>;
export type PlayDefault = z.infer<typeof PlayDefault>;

/** Every acknowledgement: a result or a typed error. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ErrorBody };

/**
 * The answer to `game:hint`: the asking seat's suggested move for the step
 * `step` (see `RoomView.step`), or null when the game does not wait on the
 * seat or has no hint to give. Worked out on request, and only for the seat
 * whose token asked, so a phone that is not looking costs nothing.
 */
export interface HintReply {
  step: number;
  hint: Record<string, unknown> | null;
}

/** What a successful create or join returns to that socket only. */
export interface Joined {
  code: string;
  role: 'seat' | 'host' | 'spectator';
  /** The seat taken, for players. */
  seat?: number;
  /** Keep this secret: it is the seat. Only ever sent to the seat's own socket. */
  seatToken?: string;
  /** Present when this host screen may run the room. */
  hostToken?: string;
  /**
   * For a host screen without the host token: the code it shows, for the lead
   * or a host screen to let it in (`room:admit-screen`). It watches meanwhile
   * only where spectators may.
   */
  screen?: string;
  /** True for a player who came during a game: they watch, and get a seat when the room goes back to its lobby. */
  next?: boolean;
}

/** What a successful `room:hand-over` returns to the lead or host. */
export interface HandedOver {
  /** The one-time code a new phone joins with (`as: 'handover'`). */
  handover: string;
}

/** What a successful action or lead/host control returns. */
export interface ActionResult {
  /** The room version after the change. */
  version: number;
}

/** `room:seat-lost`: why this socket no longer holds its seat. */
export interface SeatLost {
  code: string;
  /** `moved`: its player took the seat back on a new phone. */
  reason: 'taken-over' | 'removed' | 'moved';
}

/** `room:watch-closed`: why this spectator or shared screen stopped getting the room's views. */
export interface WatchClosed {
  code: string;
  reason: 'no-spectators';
}

/** `room:screen-admitted`: sent to a waiting screen alone when it was let in; it joins again with this token. */
export interface ScreenAdmitted {
  code: string;
  hostToken: string;
}

/** Where the server's public facts are served over HTTP. */
export const SERVER_INFO_PATH = '/api/info';

/** `GET /api/info`: what a host screen needs to tell phones where to go. */
export interface ServerInfo {
  /** The address phones should open (configured, or guessed from the local network); null if unknown. */
  publicUrl: string | null;
}

/** A seat as everyone sees it. */
export interface SeatInfo {
  seat: number;
  name: string;
  connected: boolean;
  /** Removed by the lead during a game: the seat plays on by timer or by the lead. */
  vacant: boolean;
  /** A seat the server's bot plays: it has no phone, and is never away. */
  bot: boolean;
  /** How well the bot plays, on a bot's seat only. */
  botStrength?: BotStrength;
  /** During a game, since when (epoch ms) the seat has had no phone; null while it has one. */
  awaySince: number | null;
  /**
   * During a game, from when (epoch ms) the room plays this seat's moves for it
   * while it has no phone: an away seat's grace ends then (a vacant seat's at
   * its removal), and from then on its default, or a bot under "When a phone is
   * away", moves it as soon as the game waits on it, until its phone is back.
   * Null while it has a phone, for a bot's seat, when the room waits for it,
   * and while no player's phone is at the table.
   */
  playedFrom: number | null;
  /** When (epoch ms) its player last took it back on a new phone; null if never. */
  newPhoneAt: number | null;
}

/** Whose view this is: the rules' `Viewer`, where a host screen also says whether it has the host's controls. */
export type ViewerInfo = Exclude<Viewer, { role: 'host' }> | (Extract<Viewer, { role: 'host' }> & { controls: boolean });

/**
 * The room as one viewer sees it. It is put together on the screen: the
 * `PublicRoomView` everyone gets, the viewer, and for a seat its `SeatPart`
 * (see `view-assembly.ts`).
 */
export interface RoomView<GameView = unknown> {
  code: string;
  /** Goes up on every accepted change. */
  version: number;
  status: 'lobby' | 'playing' | 'finished';
  viewer: ViewerInfo;
  seats: SeatInfo[];
  /** The lead seat, or null when no player has joined. */
  lead: number | null;
  locked: boolean;
  spectatorsAllowed: boolean;
  spectators: number;
  /** The chosen game and its options (parsed, with defaults). */
  game: { id: string; options: Record<string, unknown> } | null;
  /** Turn timer: its setting and, while it runs, when it fires (epoch ms). */
  timer: { seconds: 0 | 30 | 60 | 120; deadline: number | null };
  /** What happens when the game waits on a seat whose phones are all away. */
  whenAway: WhenAway;
  /** Whether phones show their own seat's suggested move. */
  hints: boolean;
  /** Whether names with swearing in them are refused (on unless the lead turns it off). */
  familyMode?: boolean;
  /** Whether host screens hide the room code and QR code; the lead's phone still shows them. */
  streamerMode?: boolean;
  /** Names of those who came during a game, in the order they came: they get seats when the room is back in its lobby. */
  nextPlayers: string[];
  /** Seats the game is waiting for (who, never what they chose). */
  awaiting: number[];
  /**
   * The version at which the game began waiting on its current choices: a
   * move based on an older version is refused, and a seat's hint stays right
   * until this changes.
   */
  step: number;
  /** The game's view for this viewer, while a game is on or finished. */
  play: GameView | null;
  outcome: Outcome | null;
  /** Commit, then reveal, for the game on or about to be; null when the room plays fixed test dice. */
  dice?: DiceView | null;
  /** The last game, when the lead or host ended it before it was over; null once another game was started or played to its end. */
  ended?: EndedEarly | null;
  /** Tonight's standings across the room's games; null before the first game played to its end (see docs/party-night.md). */
  night?: NightView | null;
}

/** Tonight's standings: every game played to its end since the room opened or the lead reset them. */
export interface NightView {
  /** The night's id, which each of its games' records names. */
  id: string;
  /** How many games tonight were played to their end and counted. */
  games: number;
  /** The newest counted games, oldest first, that the lines' `trail`s run over: each one's number in the night and its game id. */
  chart: { number: number; game: string }[];
  /** Best first. */
  lines: NightStanding[];
}

/** One player's line tonight: names and points only. */
export interface NightStanding {
  name: string;
  /** The seat the player holds now; null for someone who is no longer seated. */
  seat: number | null;
  bot: boolean;
  /** Points so far tonight (one decimal at most): a game is worth up to 10 to each player. */
  points: number;
  /** Games won tonight, a shared win included. */
  wins: number;
  /** Games played tonight. */
  games: number;
  /** 1 for the best; equal points and wins share a place. */
  place: number;
  /** The running total after each of the chart's games. */
  trail: number[];
}

/** A game the lead or a host screen ended for everyone before it was over. */
export interface EndedEarly {
  /** Who ended it: the lead's phone or a host screen. */
  by: 'lead' | 'host';
  /** The lead's name when the lead ended it; null for a host screen. */
  name: string | null;
  /** The id of the game that was ended. */
  game: string;
  /** The game the room goes straight into with the same seats; null when it went back to the lobby. */
  next: string | null;
  /** When it was ended (epoch ms). */
  at: number;
}

/** What everyone sees of the room's sealed dice. */
export interface DiceView {
  /** SHA-256 of the server seed (hex), shown from before the first roll. */
  commitment: string;
  /** Each seat's client seed (hex) in seat order; null until its phone gives one. */
  clientSeeds: (string | null)[];
  /** The server seed (hex), revealed once the game has ended; null before. */
  serverSeed: string | null;
  /** The id of this game's record (`/api/games/<id>/record`), once its seed is revealed; null before. */
  record: string | null;
  /** The game before this one, revealed when it ended or a rematch abandoned it, with its record's id. */
  previous: { commitment: string; serverSeed: string; record: string } | null;
}

/** The room as everyone in it may see it, sent as `room:change`s: the host screen's and spectators' view, and every phone's shared part. */
export type PublicRoomView<GameView = unknown> = Omit<RoomView<GameView>, 'viewer'>;

/**
 * What only one seat may see, sent to that seat alone with the `room:change`
 * of its version, when it changed: its seat number and the fields its game
 * view adds to the public one (its own sheet, say).
 */
export interface SeatPart {
  code: string;
  /** The room version this part came with; it stays right for later versions until a newer part comes. */
  version: number;
  seat: number;
  /** Added over the public game view; null while no game is on. */
  play: Record<string, unknown> | null;
}

/**
 * `room:change`: the next public view, as the edits from the view tagged
 * `from`, or whole (`view`) to a screen that has none yet or holds another;
 * a phone gets its seat's new `SeatPart` as the event's second argument when
 * that changed too. Code, version and status come first, so a screen that
 * only needs to know how far the room is can read them alone.
 */
export interface RoomChange {
  code: string;
  version: number;
  status: RoomView['status'];
  /** Names this view: the next change is made from the view with this tag. */
  tag: string;
  /** The tag of the view the edits apply to; absent with a whole view. */
  from?: string;
  edits?: ViewEdit[];
  view?: PublicRoomView;
}

/** `room:whole-view`: a screen whose change did not follow on from the view it holds asks for the whole view again. */
export const WholeView = z.object({ code: RoomCode });
/** The parsed `room:whole-view` payload. */
export type WholeView = z.infer<typeof WholeView>;

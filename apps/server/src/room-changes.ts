/**
 * Every change a room can go through, as pure functions from one record to the
 * next. No I/O and no clock: the service passes `now` in, then commits what
 * comes out. Each accepted change bumps the version by one.
 */
import { roomError, ROOM_SEAT_LIMIT, type AfterEnd, type AwaySeatChoice, type BotStrength, type ErrorBody, type TimerSeconds, type WhenAway } from '@rollcall/protocol';
import { nameSkeleton } from '@rollcall/protocol/name-skeleton';
import {
  applyAction,
  diceSeed,
  findGame,
  generatorDice,
  ruleError,
  seedGenerator,
  type AnyGame,
  type Outcome,
} from '@rollcall/rules';
import { z } from 'zod';
import { familyFriendlyName } from './family-names.js';
import { countGame, newNight } from './night.js';
import {
  botPauseOf,
  familyModeOf,
  isBot,
  newSeal,
  nextPlayersOf,
  nightOf,
  nightSeats,
  RECENT_ACTIONS,
  turnDeadlineOf,
  whenAwayOf,
  type RoomRecord,
  type SeatRecord,
} from './room-record.js';

/** What the action log keeps about a change (never a token). */
export interface ChangeNote {
  kind:
    | 'create'
    | 'join'
    | 'add-bot'
    | 'configure'
    | 'lock'
    | 'start'
    | 'remove-seat'
    | 'take-lead'
    | 'rematch'
    | 'end-game'
    | 'action'
    | 'presence'
    | 'reclaim'
    | 'join-next'
    | 'leave'
    | 'rename'
    | 'hand-over'
    | 'admit-screen'
    | 'client-seed'
    | 'reset-night';
  seat: number | null;
  detail: Record<string, unknown>;
}

/** An accepted change, or why it was refused. */
export type Change = { ok: true; room: RoomRecord; note: ChangeNote } | { ok: false; error: ErrorBody };

const refuse = (error: ErrorBody): Change => ({ ok: false, error });

export function bump(room: RoomRecord, now: number): RoomRecord {
  return { ...room, version: room.version + 1, updatedAt: now };
}

/** The game a room has chosen; a stored id we no longer host is a broken room. */
function chosenGame(room: RoomRecord): AnyGame {
  const game = room.game === null ? undefined : findGame(room.game.id);
  if (game === undefined) throw new Error(`room ${room.code} has no playable game`);
  return game;
}

/** Two names that would look the same on the TV (see `nameSkeleton`). */
const sameName = (a: string, b: string) => nameSkeleton(a) === nameSkeleton(b);

/** The seat whose name matches `name` as the duplicate check matches names, or -1. */
export function seatNamed(room: RoomRecord, name: string): number {
  return room.seats.findIndex((s) => sameName(s.name, name));
}

/** Whether someone waiting for the next game goes by `name`, matched as the duplicate check matches names. */
export function nextPlayerNamed(room: RoomRecord, name: string): boolean {
  return nextPlayersOf(room).some((n) => sameName(n.name, name));
}

/** Whether a name a person typed may be shown in this room: in family mode, only one without swearing. */
export function nameAllowed(room: RoomRecord, name: string): boolean {
  return !familyModeOf(room) || familyFriendlyName(name);
}

/** The most seats the room takes now: its chosen game's maximum, within the room limit. */
export function seatCap(room: RoomRecord): number {
  return Math.min(ROOM_SEAT_LIMIT, room.game === null ? ROOM_SEAT_LIMIT : chosenGame(room).players.max);
}

/** A new player takes the next seat; the first one becomes the lead. */
export function addPlayer(
  room: RoomRecord,
  p: { name: string; seatId: string; tokenHash: string; now: number },
): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  // A locked room still lets its first player in: otherwise a host screen could lock a room nobody can lead.
  if (room.locked && room.seats.length > 0) return refuse(roomError('room/locked'));
  if (room.seats.some((s) => sameName(s.name, p.name))) return refuse(roomError('room/name-taken'));
  if (!nameAllowed(room, p.name)) return refuse(roomError('room/name-not-allowed'));
  if (room.seats.length >= seatCap(room)) return refuse(roomError('room/full'));
  const seat = room.seats.length;
  return {
    ok: true,
    room: {
      ...bump(room, p.now),
      seats: [...room.seats, { id: p.seatId, name: p.name, tokenHash: p.tokenHash }],
      lead: room.lead ?? seat,
    },
    note: { kind: 'join', seat, detail: { name: p.name } },
  };
}

/** How many bot names there are to pick from before they take numbers. */
const BOT_NAMES = ['Ada', 'Bix', 'Cog', 'Dot', 'Eko', 'Fen', 'Gus', 'Hex'];

/** The first bot name nobody in the room goes by, as the duplicate check matches names. */
function freeBotName(room: RoomRecord): string {
  for (let n = 0; ; n++) {
    const name = `Bot ${BOT_NAMES[n] ?? n + 1}`;
    if (seatNamed(room, name) === -1 && !nextPlayerNamed(room, name)) return name;
  }
}

/** The lead or host seats a bot in the lobby: it takes the next seat and counts toward the game's limit. */
export function addBot(room: RoomRecord, p: { seatId: string; strength: BotStrength; now: number }): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  if (room.seats.length >= seatCap(room)) return refuse(roomError('room/full'));
  const name = freeBotName(room);
  const seat = room.seats.length;
  const bot: SeatRecord = { id: p.seatId, name, tokenHash: null, bot: true, botStrength: p.strength };
  return {
    ok: true,
    room: { ...bump(room, p.now), seats: [...room.seats, bot] },
    note: { kind: 'add-bot', seat, detail: { name, strength: p.strength } },
  };
}

/** Choose the game, its options (parsed, with defaults), the turn timer, what an away seat gets and whether phones hint. */
export function configure(
  room: RoomRecord,
  p: {
    game: string;
    options: Record<string, unknown>;
    timer: TimerSeconds;
    whenAway?: WhenAway;
    hints?: boolean;
    now: number;
  },
): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  const game = findGame(p.game);
  if (game === undefined) return refuse(roomError('room/unknown-game'));
  const options = game.options.safeParse(p.options);
  if (!options.success) return refuse(ruleError('rule/bad-options'));
  return {
    ok: true,
    room: seatNextPlayers({
      ...bump(room, p.now),
      game: { id: game.id, options: options.data as Record<string, unknown> },
      timerSeconds: p.timer,
      ...(p.whenAway === undefined ? {} : { whenAway: p.whenAway }),
      ...(p.hints === undefined ? {} : { hints: p.hints }),
    }),
    note: {
      kind: 'configure',
      seat: null,
      detail: { game: game.id, options: options.data, timer: p.timer, whenAway: p.whenAway, hints: p.hints },
    },
  };
}

/**
 * Close the room to new players, allow or refuse spectators, and turn family
 * mode (names checked for swearing) and streamer mode (host screens hide the
 * code) on or off; a mode left out stays as it is. Names already taken stay:
 * turning family mode on checks the names that come after.
 */
export function setLock(
  room: RoomRecord,
  p: { locked: boolean; spectatorsAllowed: boolean; familyMode?: boolean; streamerMode?: boolean; now: number },
): Change {
  const modes = {
    ...(p.familyMode === undefined ? {} : { familyMode: p.familyMode }),
    ...(p.streamerMode === undefined ? {} : { streamerMode: p.streamerMode }),
  };
  return {
    ok: true,
    room: { ...bump(room, p.now), locked: p.locked, spectatorsAllowed: p.spectatorsAllowed, ...modes },
    note: { kind: 'lock', seat: null, detail: { locked: p.locked, spectatorsAllowed: p.spectatorsAllowed, ...modes } },
  };
}

/**
 * After the game state changed: finish the room when the game is over, and
 * work out whether a new step began (someone newly awaited, or the actor still
 * awaited), which restarts the turn timer and makes older versions stale.
 */
function settle(before: RoomRecord, after: RoomRecord, game: AnyGame, actor: number | null, now: number): RoomRecord {
  const outcome = game.outcome(after.play);
  if (outcome !== null) {
    // Played to its end: the game counts tonight. Worked out from the record alone, so a replayed move counts it the same.
    const night = nightOf(after);
    const counted = countGame(night, { number: night.started, game: game.id, seats: nightSeats(after), outcome });
    return { ...after, status: 'finished', finishedAt: now, deadline: null, turnDeadline: null, stepVersion: after.version, night: counted };
  }
  const waited = before.status === 'playing' ? game.awaiting(before.play).map((a) => a.seat) : [];
  const stillWaited = new Set(waited.filter((seat) => seat !== actor));
  const awaited = game.awaiting(after.play).map((a) => a.seat);
  const newStep = before.status !== 'playing' || awaited.some((seat) => !stillWaited.has(seat));
  const timed = after.timerSeconds > 0 && awaited.length > 0;
  const freshDeadline = now + after.timerSeconds * 1000;
  const settled: RoomRecord = {
    ...after,
    status: 'playing',
    stepVersion: newStep ? after.version : before.stepVersion,
    stepAt: newStep ? now : (before.stepAt ?? now),
    turnDeadline: !timed ? null : newStep ? freshDeadline : (turnDeadlineOf(before) ?? freshDeadline),
  };
  return { ...settled, deadline: nextDeadline(settled, awaited) };
}

/** A move the room makes by itself for a seat the game waits on: when, and whether the bot or the game's default makes it. */
export interface DueMove {
  at: number;
  by: 'bot' | 'away';
}

/** A player's seat that a phone holds now, as last noted. */
const hasPhone = (seat: SeatRecord): boolean => seat.tokenHash !== null && !isBot(seat) && seat.awaySince == null;

/**
 * From when (epoch ms) the room plays a seat's moves for it while no phone
 * holds it, under "When a phone is away": an away seat once its grace is
 * over, counted from when it went away, so one absence costs the table the
 * grace once; a vacant (removed) seat from its removal, with no grace, as
 * nobody will come back to it, whatever the room says about away phones.
 * Null while a phone holds the seat, for a bot's seat (it plays itself), for
 * an away seat in a room that waits, and while no player's phone is at the
 * table. Public: every screen counts down to it.
 */
export function playedFrom(room: RoomRecord, seat: SeatRecord | undefined): number | null {
  const since = seat?.awaySince;
  if (seat === undefined || isBot(seat) || since == null) return null;
  // With no player's phone at the table (a dropped network, a restart before the phones are back), the table has no
  // pace to keep: played at once, the game would run itself to its end. It waits until a phone is back.
  if (!room.seats.some(hasPhone)) return null;
  if (seat.tokenHash === null) return since;
  const rule = whenAwayOf(room);
  return rule.play === 'wait' ? null : since + rule.seconds * 1000;
}

/**
 * The moves the room makes by itself for the awaited seats, and when. A bot
 * seat moves a pause after the game began waiting on it. A seat with no phone
 * is played for from `playedFrom` on: by a bot at the bot's pace when the
 * room hands away seats to one, and otherwise with the game's default as
 * soon as the game waits on it, until its phone is back.
 */
export function movesDue(room: RoomRecord, awaited: readonly number[]): Map<number, DueMove> {
  const due = new Map<number, DueMove>();
  const stepAt = room.stepAt ?? room.updatedAt;
  const botTurn = stepAt + botPauseOf(room);
  const byBot = whenAwayOf(room).play === 'bot';
  for (const seat of awaited) {
    const record = room.seats[seat];
    if (isBot(record)) {
      due.set(seat, { at: botTurn, by: 'bot' });
      continue;
    }
    const from = playedFrom(room, record);
    if (from === null) continue;
    due.set(seat, byBot ? { at: Math.max(from, botTurn), by: 'bot' } : { at: Math.max(from, stepAt), by: 'away' });
  }
  return due;
}

/** The next move the room makes by itself: the turn timer's defaults, a bot's move or an away seat's. */
function nextDeadline(room: RoomRecord, awaited: readonly number[]): number | null {
  const times = [...movesDue(room, awaited).values()].map((d) => d.at);
  const turn = turnDeadlineOf(room);
  if (turn !== null) times.push(turn);
  return times.length === 0 ? null : Math.min(...times);
}

/** The seats the game waits on now. */
export function awaitedSeats(room: RoomRecord): number[] {
  return room.status === 'playing' ? chosenGame(room).awaiting(room.play).map((a) => a.seat) : [];
}

/** The room with its next deadline worked out again after its seats changed. */
function redated(room: RoomRecord): RoomRecord {
  return room.status === 'playing' ? { ...room, deadline: nextDeadline(room, awaitedSeats(room)) } : room;
}

/** Start the chosen game with the seats present. */
export function startGame(room: RoomRecord, now: number): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  if (room.game === null) return refuse(roomError('room/no-game'));
  const game = chosenGame(room);
  const seats = room.seats.length;
  if (seats < game.players.min || seats > game.players.max) return refuse(ruleError('rule/seat-count'));
  // Sealed dice: the generator starts from the server seed and the seats' client seeds, frozen from here on.
  const seal = room.seal ?? null;
  const clientSeeds = seal === null ? null : room.seats.map((s) => seal.clientSeeds[s.id] ?? null);
  const generator = seal === null || clientSeeds === null ? room.generator : seedGenerator(diceSeed(seal.serverSeed, clientSeeds));
  const dice = generatorDice(generator);
  const play = game.setup({ seats, options: room.game.options, dice });
  const tonight = nightOf(room);
  const night = { ...tonight, started: tonight.started + 1 };
  const next = { ...withoutEndedNote(bump(room, now)), play, generator: dice.state(), finishedAt: null, night };
  const sealed = seal === null ? {} : { commitment: seal.commitment, clientSeeds };
  // The options and names go into the log too, so the game's record can be written after a rematch changed them.
  const names = room.seats.map((s) => s.name);
  const numbered = { night: { id: night.id, game: night.started } };
  return {
    ok: true,
    room: settle(room, next, game, null, now),
    note: { kind: 'start', seat: null, detail: { game: game.id, seats, options: room.game.options, names, ...sealed, ...numbered } },
  };
}

/** The first seat still held by a player (a bot seat holds no token), to pass the lead on to. */
function firstHeld(seats: readonly SeatRecord[]): number | null {
  const seat = seats.findIndex((s) => s.tokenHash !== null);
  return seat === -1 ? null : seat;
}

/** In the lobby the seat leaves (later seats move up); once a game has started it becomes vacant. */
export function removeSeat(room: RoomRecord, p: { seat: number; now: number }): Change {
  return withoutSeat(room, { ...p, kind: 'remove-seat' });
}

/** A player leaves from their phone: as if the lead had removed their seat. */
export function leave(room: RoomRecord, p: { seat: number; now: number }): Change {
  return withoutSeat(room, { ...p, kind: 'leave' });
}

function withoutSeat(room: RoomRecord, p: { seat: number; now: number; kind: 'remove-seat' | 'leave' }): Change {
  if (room.seats[p.seat] === undefined) return refuse(roomError('room/unknown-seat'));
  const note: ChangeNote = { kind: p.kind, seat: p.seat, detail: {} };
  if (room.status === 'lobby') {
    const seats = room.seats.filter((_, i) => i !== p.seat);
    // The lead keeps leading from its new place; if the lead itself left, the first player's seat takes over.
    const lead =
      room.lead === null || room.lead === p.seat ? firstHeld(seats) : room.lead - (room.lead > p.seat ? 1 : 0);
    return { ok: true, room: seatNextPlayers({ ...bump(room, p.now), seats, lead }), note };
  }
  // A vacant seat is away for good, and played for from its removal on (see `playedFrom`), a removed bot's too.
  const vacate = (s: SeatRecord) => ({ ...s, tokenHash: null, bot: false, awaySince: s.awaySince ?? p.now, handOverHash: null });
  const next = { ...room, seats: room.seats.map((s, i) => (i === p.seat ? vacate(s) : s)) };
  const lead = room.lead === p.seat ? firstHeld(next.seats) : room.lead;
  return { ok: true, room: redated({ ...bump(next, p.now), lead }), note };
}

/** In the lobby, those waiting for the next game take the free seats, in the order they came. */
function seatNextPlayers(room: RoomRecord): RoomRecord {
  const waiting = nextPlayersOf(room);
  const free = Math.max(0, seatCap(room) - room.seats.length);
  if (room.status !== 'lobby' || waiting.length === 0 || free === 0) return room;
  const seated = waiting.slice(0, free).map((n) => ({ id: n.id, name: n.name, tokenHash: n.tokenHash }));
  const seats = [...room.seats, ...seated];
  return { ...room, seats, next: waiting.slice(free), lead: room.lead ?? firstHeld(seats) };
}

/**
 * Record who has a phone in the game: a seat with none is away from now (or
 * since it went), one with a phone is back. Null when the record already
 * says so, which is nearly always: only a change of presence costs a commit.
 */
export function markPresence(room: RoomRecord, p: { connected: ReadonlySet<string>; now: number }): Change | null {
  if (room.status !== 'playing') return null;
  const away: number[] = [];
  const back: number[] = [];
  const seats = room.seats.map((s, seat) => {
    // A bot seat and a vacant one have no phone to come back.
    if (s.tokenHash === null) return s;
    const here = p.connected.has(s.id);
    if (here && s.awaySince != null) back.push(seat);
    else if (!here && s.awaySince == null) away.push(seat);
    else return s;
    return { ...s, awaySince: here ? null : p.now };
  });
  if (away.length === 0 && back.length === 0) return null;
  return {
    ok: true,
    room: redated({ ...bump(room, p.now), seats }),
    note: { kind: 'presence', seat: null, detail: { away, back } },
  };
}

/**
 * A player takes their seat back on a new phone by name (the service checks
 * that no phone holds it): the seat gets the new token, and the old one now
 * only tells its holder that the seat moved.
 */
export function reclaimSeat(room: RoomRecord, p: { seat: number; tokenHash: string; now: number }): Change {
  const held = room.seats[p.seat];
  if (held === undefined) return refuse(roomError('room/unknown-seat'));
  if (held.tokenHash === null) return refuse(roomError('room/seat-removed'));
  const seats = room.seats.map((s, i) =>
    i === p.seat
      ? { ...s, tokenHash: p.tokenHash, formerTokenHash: held.tokenHash, awaySince: null, newPhoneAt: p.now, handOverHash: null }
      : s,
  );
  return {
    ok: true,
    room: redated({ ...bump(room, p.now), seats }),
    note: { kind: 'reclaim', seat: p.seat, detail: {} },
  };
}

/** How many people may wait for the next game: as many as a room seats. */
const NEXT_PLAYER_LIMIT = ROOM_SEAT_LIMIT;

/** Someone new comes during or after a game: they watch, and get a seat when the room is back in its lobby. */
export function joinNext(room: RoomRecord, p: { name: string; id: string; tokenHash: string; now: number }): Change {
  if (room.status === 'lobby') return refuse(roomError('room/not-playing'));
  if (room.locked) return refuse(roomError('room/locked'));
  if (seatNamed(room, p.name) !== -1 || nextPlayerNamed(room, p.name)) return refuse(roomError('room/name-taken'));
  if (!nameAllowed(room, p.name)) return refuse(roomError('room/name-not-allowed'));
  const waiting = nextPlayersOf(room);
  if (waiting.length >= NEXT_PLAYER_LIMIT) return refuse(roomError('room/full'));
  return {
    ok: true,
    room: { ...bump(room, p.now), next: [...waiting, { id: p.id, name: p.name, tokenHash: p.tokenHash }] },
    note: { kind: 'join-next', seat: null, detail: { name: p.name, place: waiting.length } },
  };
}

/** Someone waiting for the next game leaves the queue. */
export function leaveNext(room: RoomRecord, p: { id: string; now: number }): Change {
  const waiting = nextPlayersOf(room);
  const place = waiting.findIndex((n) => n.id === p.id);
  if (place === -1) return refuse(roomError('room/bad-token'));
  return {
    ok: true,
    room: { ...bump(room, p.now), next: waiting.filter((n) => n.id !== p.id) },
    note: { kind: 'leave', seat: null, detail: { place } },
  };
}

/** A player fixes their name in the lobby, checked as a joining name is. */
export function rename(room: RoomRecord, p: { seat: number; name: string; now: number }): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  if (room.seats[p.seat] === undefined) return refuse(roomError('room/unknown-seat'));
  const named = seatNamed(room, p.name);
  if ((named !== -1 && named !== p.seat) || nextPlayerNamed(room, p.name)) return refuse(roomError('room/name-taken'));
  if (!nameAllowed(room, p.name)) return refuse(roomError('room/name-not-allowed'));
  return {
    ok: true,
    room: { ...bump(room, p.now), seats: room.seats.map((s, i) => (i === p.seat ? { ...s, name: p.name } : s)) },
    note: { kind: 'rename', seat: p.seat, detail: { name: p.name } },
  };
}

/** The lead makes a one-time code for an away seat, in the lobby or a game (the service checks it is away); a newer code replaces an older one. */
export function offerHandOver(room: RoomRecord, p: { seat: number; codeHash: string; now: number }): Change {
  const seat = room.seats[p.seat];
  if (seat === undefined) return refuse(roomError('room/unknown-seat'));
  const seats = room.seats.map((s, i) => (i === p.seat ? { ...s, handOverHash: p.codeHash } : s));
  return { ok: true, room: { ...bump(room, p.now), seats }, note: { kind: 'hand-over', seat: p.seat, detail: {} } };
}

/**
 * How many let-in screens keep their tokens. A token is made before it is
 * known whether its screen is still there to get it, so the list is bounded,
 * the oldest giving way; the creating screen's token is kept apart.
 */
export const SCREEN_TOKENS = 8;

/** A waiting screen is let in (the service checks that it waits): a host token of its own is added. */
export function admitScreen(room: RoomRecord, p: { tokenHash: string; now: number }): Change {
  const screenTokenHashes = [...(room.screenTokenHashes ?? []), p.tokenHash].slice(-SCREEN_TOKENS);
  return { ok: true, room: { ...bump(room, p.now), screenTokenHashes }, note: { kind: 'admit-screen', seat: null, detail: {} } };
}

/** A player takes the lead from the seat that had it (the service checks that its phone is away). */
export function takeLead(room: RoomRecord, p: { seat: number; now: number }): Change {
  if (room.seats[p.seat]?.tokenHash == null) return refuse(roomError('room/unknown-seat'));
  return {
    ok: true,
    room: { ...bump(room, p.now), lead: p.seat },
    note: { kind: 'take-lead', seat: p.seat, detail: { from: room.lead } },
  };
}

/** The chosen game with the options its rules pick for a rematch (e.g. the winner starts). */
function rematchGame(room: RoomRecord, keptSeats: number[]): RoomRecord['game'] {
  const game = room.game === null ? undefined : findGame(room.game.id);
  const outcome = room.play === null || game === undefined ? null : game.outcome(room.play);
  if (room.game === null || game?.rematchOptions === undefined || outcome === null) return room.game;
  // Standings name seats as they were; the rematch drops vacant seats and renumbers the rest.
  const renumber = (seat: number) => keptSeats.indexOf(seat);
  const seated: Outcome = {
    standings: outcome.standings.flatMap((s) => (renumber(s.seat) === -1 ? [] : [{ ...s, seat: renumber(s.seat) }])),
    winners: outcome.winners.map(renumber).filter((seat) => seat !== -1),
  };
  return { ...room.game, options: game.rematchOptions(room.game.options, seated) };
}

/**
 * A seat's client seed for the next game's dice. The first one given stands:
 * a later one, or one for a room with fixed dice, changes nothing (null).
 */
export function contributeSeed(room: RoomRecord, p: { seat: number; clientSeed: string; now: number }): Change | null {
  const seat = room.seats[p.seat];
  if (seat === undefined) return refuse(roomError('room/unknown-seat'));
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  const seal = room.seal ?? null;
  if (seal === null || seal.clientSeeds[seat.id] !== undefined) return null;
  return {
    ok: true,
    room: { ...bump(room, p.now), seal: { ...seal, clientSeeds: { ...seal.clientSeeds, [seat.id]: p.clientSeed } } },
    note: { kind: 'client-seed', seat: p.seat, detail: { clientSeed: p.clientSeed } },
  };
}

/**
 * The seats whose phones are gone: held by a player (not a bot, not vacant),
 * and marked away or, when the sockets' answer is whole (`connected`), with
 * no phone connected now.
 */
export function awaySeats(room: RoomRecord, connected: ReadonlySet<string> | null): number[] {
  return room.seats.flatMap((s, seat) =>
    s.tokenHash !== null && !isBot(s) && (s.awaySince != null || (connected !== null && !connected.has(s.id))) ? [seat] : [],
  );
}

/** What the lead chose for each seat whose phone is gone (`away`, see `awaySeats`), for a rematch. */
export interface AwayPlan {
  away: readonly number[];
  choices: readonly { seat: number; choice: AwaySeatChoice }[];
}

const nobodyAway: AwayPlan = { away: [], choices: [] };

/**
 * Back to the lobby with the same players (vacant seats are dropped), ready
 * for any game; those who came during the game take seats after them. Every
 * seat whose phone is gone goes as the lead chose: kept for its player (who
 * takes it back by name), removed, or given to a bot under a bot's name; a
 * rematch that leaves one of them undecided is refused. The game's seal is
 * revealed and the next game gets a fresh one (`serverSeed`), whose client
 * seeds the phones give again.
 */
export function rematch(room: RoomRecord, now: number, serverSeed: string, plan: AwayPlan = nobodyAway): Change {
  if (room.status === 'lobby') return refuse(roomError('room/not-playing'));
  if (plan.choices.some((c) => room.seats[c.seat] === undefined)) return refuse(roomError('room/unknown-seat'));
  const chosen = new Map(plan.choices.map((c) => [c.seat, c.choice]));
  if (plan.away.some((seat) => !chosen.has(seat))) return refuse(roomError('room/away-undecided'));
  // A choice for a seat whose phone came back meanwhile is ignored: its player is here and keeps it.
  const choiceOf = (seat: number): AwaySeatChoice => (plan.away.includes(seat) ? (chosen.get(seat) ?? 'keep') : 'keep');
  let named: RoomRecord = room;
  const kept = room.seats.flatMap((s, i) => {
    if ((s.tokenHash === null && !isBot(s)) || choiceOf(i) === 'remove') return [];
    if (choiceOf(i) !== 'bot') return [{ seat: s, was: i }];
    const bot: SeatRecord = { id: s.id, name: freeBotName(named), tokenHash: null, bot: true };
    named = { ...named, seats: named.seats.map((other, j) => (j === i ? bot : other)) };
    return [{ seat: bot, was: i }];
  });
  const leadKept = kept.findIndex((k) => k.was === room.lead);
  const lead = leadKept !== -1 && kept[leadKept]?.seat.tokenHash != null ? leadKept : firstHeld(kept.map((k) => k.seat));
  const lobby = seatNextPlayers({
    ...bump(room, now),
    game: rematchGame(room, kept.map((k) => k.was)),
    status: 'lobby',
    seats: kept.map((k) => ({ ...k.seat, awaySince: null, handOverHash: null })),
    lead,
    play: null,
    finishedAt: null,
    deadline: null,
    turnDeadline: null,
    ...(room.seal == null ? {} : { seal: newSeal(serverSeed), previousSeal: room.seal }),
    ...(room.endedEarly == null ? {} : { endedEarly: null }),
  });
  const away = Object.fromEntries(plan.away.map((seat) => [seat, choiceOf(seat)]));
  return {
    ok: true,
    room: lobby,
    note: { kind: 'rematch', seat: null, detail: { seats: kept.length, joined: lobby.seats.length - kept.length, away } },
  };
}

/**
 * The lead or a host screen starts tonight's standings over: a new night,
 * with its own id, and no games yet. Only in the lobby: a game on would
 * belong to both nights, and one just finished is still on every screen
 * with the night it counted in.
 */
export function resetNight(room: RoomRecord, now: number): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  const bumped = bump(room, now);
  const night = newNight(room.code, now, bumped.version);
  return { ok: true, room: { ...bumped, night }, note: { kind: 'reset-night', seat: null, detail: { night: night.id } } };
}

/** The room without the note of a game ended early: another game begins. */
function withoutEndedNote(room: RoomRecord): RoomRecord {
  return room.endedEarly == null ? room : { ...room, endedEarly: null };
}

/** Who ends a game early: the lead's seat (numbered as in that game), or a host screen. */
export type Ender = { by: 'lead'; seat: number } | { by: 'host'; seat: null };

/**
 * The lead or a host screen ends the game in progress for everyone. The room
 * goes back to its lobby as at a rematch: same seats, the game's seal revealed
 * (its record kept) and a fresh one for the next. The room keeps a note of who
 * ended which game, for every screen to say so. With `then` naming a game,
 * that game is chosen (it must fit the seats) and starts as soon as the
 * phones have sealed its dice (`startWhenSeeded`): the server commits to the
 * next seed before it sees their client seeds, as for any game. The action
 * key is kept, so a retry is answered with this version.
 */
export function endGame(room: RoomRecord, p: Ender & { then: AfterEnd; key: string; now: number; serverSeed: string }): Change {
  if (room.status !== 'playing') return refuse(roomError('room/not-playing'));
  const ended = chosenGame(room);
  const back = rematch(room, p.now, p.serverSeed);
  if (!back.ok) return back;
  let lobby = back.room;
  if (p.then.to === 'game') {
    const game = findGame(p.then.game);
    if (game === undefined) return refuse(roomError('room/unknown-game'));
    const options = game.options.safeParse(p.then.options);
    if (!options.success) return refuse(ruleError('rule/bad-options'));
    const seats = lobby.seats.length;
    if (seats < game.players.min || seats > game.players.max) return refuse(ruleError('rule/seat-count'));
    lobby = { ...lobby, game: { id: game.id, options: options.data as Record<string, unknown> } };
  }
  const next = p.then.to === 'game' ? (lobby.game?.id ?? null) : null;
  const name = p.by === 'lead' ? (room.seats[p.seat]?.name ?? null) : null;
  const recentActions = [...room.recentActions, { key: p.key, version: lobby.version }].slice(-RECENT_ACTIONS);
  return {
    ok: true,
    room: { ...lobby, recentActions, endedEarly: { by: p.by, name, game: ended.id, next, at: p.now } },
    note: { kind: 'end-game', seat: p.seat, detail: { by: p.by, key: p.key, game: ended.id, then: next ?? 'lobby' } },
  };
}

/**
 * The game a game ended early went straight into starts once every seat a
 * phone holds has given its client seed (a bot seat gives none). Null while
 * one has not, when nothing waits to start, or when the lead has since picked
 * another game in the lobby: then the lead starts it as usual.
 */
export function startWhenSeeded(room: RoomRecord, now: number): Change | null {
  const waiting = room.endedEarly?.next ?? null;
  if (room.status !== 'lobby' || waiting === null || room.game?.id !== waiting) return null;
  const seal = room.seal ?? null;
  if (seal !== null && room.seats.some((s) => s.tokenHash !== null && seal.clientSeeds[s.id] === undefined)) return null;
  const started = startGame(room, now);
  // The note stays through the game it led to, so those who missed the lobby still see why the game changed.
  return started.ok ? { ...started, room: { ...started.room, endedEarly: room.endedEarly } } : null;
}

/** What the log keeps about a move, beside its seat and time: all it takes to play it again. */
const LoggedMove = z.object({
  by: z.enum(['seat', 'lead', 'host', 'timer', 'away', 'bot']),
  action: z.unknown(),
  key: z.string().optional(),
});

/** Who made a move: the seat itself, the lead or the host for a vacant or away seat, the turn timer's default, the away default, or a bot (for a bot seat, or an away seat handed to one). */
export type MoveBy = z.infer<typeof LoggedMove>['by'];

/** A move to play: the seat it is for, its payload, who made it, when, and the key a retry of it would carry. */
export interface Move {
  seat: number;
  action: unknown;
  by: MoveBy;
  now: number;
  /** Null for a timed default (turn timer or away), which no client retries. */
  key: string | null;
}

/**
 * A seat's move, parsed and applied by the game with the room's own dice. This
 * is the only road from a room to its next version by a move: the service
 * plays moves with it, and a store rebuilding a room from its log (see
 * `replayMove`) plays the logged ones again with it, so both get the same record.
 */
export function playAction(room: RoomRecord, p: Move): Change {
  if (room.status === 'finished') return refuse(ruleError('rule/game-over'));
  if (room.status !== 'playing') return refuse(roomError('room/not-playing'));
  const game = chosenGame(room);
  const dice = generatorDice(room.generator);
  const result = applyAction(game, room.play, p.seat, p.action, { dice });
  if (!result.ok) return refuse(result.error);
  // What is applied is what is logged: the action as the game read it, without whatever else the payload carried.
  const { action } = result;
  const next = { ...bump(room, p.now), play: result.state, generator: dice.state() };
  const recentActions =
    p.key === null
      ? room.recentActions
      : [...room.recentActions, { key: p.key, version: next.version }].slice(-RECENT_ACTIONS);
  return {
    ok: true,
    room: { ...settle(room, next, game, p.seat, p.now), recentActions },
    note: { kind: 'action', seat: p.seat, detail: { by: p.by, action, ...(p.key === null ? {} : { key: p.key }) } },
  };
}

/**
 * Play a logged move again: the record the room had right after it was
 * accepted, given the record it had before. Throws when the entry is not a
 * move or the game refuses it, which means the log and the record disagree.
 */
export function replayMove(room: RoomRecord, entry: ChangeNote & { at: number }): RoomRecord {
  const logged = LoggedMove.safeParse(entry.detail);
  if (entry.kind !== 'action' || entry.seat === null || !logged.success) {
    throw new Error(`room ${room.code}: a ${entry.kind} entry is not a move that can be played again`);
  }
  const { by, action, key } = logged.data;
  const change = playAction(room, { seat: entry.seat, action, by, now: entry.at, key: key ?? null });
  if (!change.ok) throw new Error(`room ${room.code}: a logged move was refused on replay (${change.error.code})`);
  return change.room;
}

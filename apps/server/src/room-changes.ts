/**
 * Every change a room can go through, as pure functions from one record to the
 * next. No I/O and no clock: the service passes `now` in, then commits what
 * comes out. Each accepted change bumps the version by one.
 */
import { nameSkeleton, roomError, ROOM_SEAT_LIMIT, type ErrorBody, type TimerSeconds } from '@rollcall/protocol';
import { applyAction, findGame, generatorDice, ruleError, type AnyGame, type Outcome } from '@rollcall/rules';
import { z } from 'zod';
import { RECENT_ACTIONS, type RoomRecord } from './room-record.js';

/** What the action log keeps about a change (never a token). */
export interface ChangeNote {
  kind: 'create' | 'join' | 'configure' | 'lock' | 'start' | 'remove-seat' | 'take-lead' | 'rematch' | 'action';
  seat: number | null;
  detail: Record<string, unknown>;
}

/** An accepted change, or why it was refused. */
export type Change = { ok: true; room: RoomRecord; note: ChangeNote } | { ok: false; error: ErrorBody };

const refuse = (error: ErrorBody): Change => ({ ok: false, error });

function bump(room: RoomRecord, now: number): RoomRecord {
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

/** A new player takes the next seat; the first one becomes the lead. */
export function addPlayer(
  room: RoomRecord,
  p: { name: string; seatId: string; tokenHash: string; now: number },
): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  if (room.locked) return refuse(roomError('room/locked'));
  if (room.seats.some((s) => sameName(s.name, p.name))) return refuse(roomError('room/name-taken'));
  const max = Math.min(ROOM_SEAT_LIMIT, room.game === null ? ROOM_SEAT_LIMIT : chosenGame(room).players.max);
  if (room.seats.length >= max) return refuse(roomError('room/full'));
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

/** Choose the game, its options (parsed, with defaults) and the turn timer. */
export function configure(
  room: RoomRecord,
  p: { game: string; options: Record<string, unknown>; timer: TimerSeconds; now: number },
): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  const game = findGame(p.game);
  if (game === undefined) return refuse(roomError('room/unknown-game'));
  const options = game.options.safeParse(p.options);
  if (!options.success) return refuse(ruleError('rule/bad-options'));
  return {
    ok: true,
    room: {
      ...bump(room, p.now),
      game: { id: game.id, options: options.data as Record<string, unknown> },
      timerSeconds: p.timer,
    },
    note: { kind: 'configure', seat: null, detail: { game: game.id, options: options.data, timer: p.timer } },
  };
}

/** Close the room to new players, and allow or refuse spectators. */
export function setLock(room: RoomRecord, p: { locked: boolean; spectatorsAllowed: boolean; now: number }): Change {
  return {
    ok: true,
    room: { ...bump(room, p.now), locked: p.locked, spectatorsAllowed: p.spectatorsAllowed },
    note: { kind: 'lock', seat: null, detail: { locked: p.locked, spectatorsAllowed: p.spectatorsAllowed } },
  };
}

/**
 * After the game state changed: finish the room when the game is over, and
 * work out whether a new step began (someone newly awaited, or the actor still
 * awaited), which restarts the turn timer and makes older versions stale.
 */
function settle(before: RoomRecord, after: RoomRecord, game: AnyGame, actor: number | null, now: number): RoomRecord {
  if (game.outcome(after.play) !== null) {
    return { ...after, status: 'finished', finishedAt: now, deadline: null, stepVersion: after.version };
  }
  const waited = before.status === 'playing' ? game.awaiting(before.play).map((a) => a.seat) : [];
  const stillWaited = new Set(waited.filter((seat) => seat !== actor));
  const awaited = game.awaiting(after.play).map((a) => a.seat);
  const newStep = before.status !== 'playing' || awaited.some((seat) => !stillWaited.has(seat));
  const timed = after.timerSeconds > 0 && awaited.length > 0;
  const freshDeadline = now + after.timerSeconds * 1000;
  return {
    ...after,
    status: 'playing',
    stepVersion: newStep ? after.version : before.stepVersion,
    deadline: !timed ? null : newStep ? freshDeadline : (before.deadline ?? freshDeadline),
  };
}

/** Start the chosen game with the seats present. */
export function startGame(room: RoomRecord, now: number): Change {
  if (room.status !== 'lobby') return refuse(roomError('room/not-in-lobby'));
  if (room.game === null) return refuse(roomError('room/no-game'));
  const game = chosenGame(room);
  const seats = room.seats.length;
  if (seats < game.players.min || seats > game.players.max) return refuse(ruleError('rule/seat-count'));
  const dice = generatorDice(room.generator);
  const play = game.setup({ seats, options: room.game.options, dice });
  const next = { ...bump(room, now), play, generator: dice.state(), finishedAt: null };
  return {
    ok: true,
    room: settle(room, next, game, null, now),
    note: { kind: 'start', seat: null, detail: { game: game.id, seats } },
  };
}

/** The first seat still held by a player, to pass the lead on to. */
function firstHeld(room: RoomRecord): number | null {
  const seat = room.seats.findIndex((s) => s.tokenHash !== null);
  return seat === -1 ? null : seat;
}

/** In the lobby the seat leaves (later seats move up); once a game has started it becomes vacant. */
export function removeSeat(room: RoomRecord, p: { seat: number; now: number }): Change {
  if (room.seats[p.seat] === undefined) return refuse(roomError('room/unknown-seat'));
  const note: ChangeNote = { kind: 'remove-seat', seat: p.seat, detail: {} };
  if (room.status === 'lobby') {
    const seats = room.seats.filter((_, i) => i !== p.seat);
    // The lead keeps leading from its new place; if the lead itself left, the first seat takes over.
    const lead =
      room.lead === null || seats.length === 0
        ? null
        : room.lead === p.seat
          ? 0
          : room.lead - (room.lead > p.seat ? 1 : 0);
    return { ok: true, room: { ...bump(room, p.now), seats, lead }, note };
  }
  const next = { ...room, seats: room.seats.map((s, i) => (i === p.seat ? { ...s, tokenHash: null } : s)) };
  const lead = room.lead === p.seat ? firstHeld(next) : room.lead;
  return { ok: true, room: { ...bump(next, p.now), lead }, note };
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

/** Back to the lobby with the same players (vacant seats are dropped), ready for any game. */
export function rematch(room: RoomRecord, now: number): Change {
  if (room.status === 'lobby') return refuse(roomError('room/not-playing'));
  const kept = room.seats.flatMap((s, i) => (s.tokenHash === null ? [] : [{ seat: s, was: i }]));
  const lead = kept.findIndex((k) => k.was === room.lead);
  return {
    ok: true,
    room: {
      ...bump(room, now),
      game: rematchGame(room, kept.map((k) => k.was)),
      status: 'lobby',
      seats: kept.map((k) => k.seat),
      lead: lead !== -1 ? lead : kept.length > 0 ? 0 : null,
      play: null,
      finishedAt: null,
      deadline: null,
    },
    note: { kind: 'rematch', seat: null, detail: { seats: kept.length } },
  };
}

/** What the log keeps about a move, beside its seat and time: all it takes to play it again. */
const LoggedMove = z.object({
  by: z.enum(['seat', 'lead', 'host', 'timer']),
  action: z.unknown(),
  key: z.string().optional(),
});

/** Who made a move: the seat itself, the lead or the host for a vacant seat, or the turn timer's default. */
export type MoveBy = z.infer<typeof LoggedMove>['by'];

/** A move to play: the seat it is for, its payload, who made it, when, and the key a retry of it would carry. */
export interface Move {
  seat: number;
  action: unknown;
  by: MoveBy;
  now: number;
  /** Null for the turn timer's default, which no client retries. */
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
  const parsed = game.action.safeParse(p.action);
  if (!parsed.success) return refuse(ruleError('rule/bad-action'));
  // What is applied is what is logged: the action as the game read it, without whatever else the payload carried.
  const action: unknown = parsed.data;
  const dice = generatorDice(room.generator);
  const result = applyAction(game, room.play, p.seat, action, { dice });
  if (!result.ok) return refuse(result.error);
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

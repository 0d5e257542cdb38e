import type { z } from 'zod/mini';
import type { Dice } from './dice.js';
import { ruleError, type RuleError } from './errors.js';
import { cachedGame } from './state-cache.js';
import type { Viewer } from './viewer.js';

/** Something that happened while applying an action, for screens to animate (e.g. a roll). */
export interface GameEvent {
  type: string;
  [detail: string]: unknown;
}

/** What `apply` returns: the next state, or why the action was refused. */
export type ApplyResult<S> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; error: RuleError };

/** A seat the game is waiting on, and the action a turn timer applies for it. */
export interface AwaitedSeat<A> {
  seat: number;
  fallback: A;
}

/** One seat's final place: 1 is first; tied seats share a place. */
export interface Standing {
  seat: number;
  score: number;
  place: number;
}

/** How a finished game ended. */
export interface Outcome {
  standings: Standing[];
  /** Seats that share the win (one seat unless tied). */
  winners: number[];
}

/** Everything `setup` gets: seats are numbered 0..seats-1. */
export interface SetupContext<O> {
  seats: number;
  options: O;
  dice: Dice;
}

/** Everything `apply` gets besides the state and the action. */
export interface ApplyContext {
  dice: Dice;
}

/**
 * A game as its rules write it: plain data and pure functions over plain JSON
 * state. No I/O, no clock, no hidden randomness: dice come in through the
 * context. States are never changed once made: a move makes a new state that
 * shares every part it did not change (copy-on-write), which is what lets the
 * core tell an unchanged part by its identity.
 */
export interface GameRules<O = unknown, S = unknown, A = unknown, V = unknown> {
  /** Stable id used in rooms, URLs and saved games. */
  id: string;
  /** The name players see. */
  name: string;
  /** Who designed the game, credited on its rules page. */
  designer: string;
  /** How many seats the game supports. */
  players: { min: number; max: number };
  /** Options schema; parsing `{}` gives the defaults. */
  options: z.ZodMiniType<O, unknown>;
  /** Every action a seat can send. */
  action: z.ZodMiniType<A, unknown>;
  /** The state at the start of a game. */
  setup(ctx: SetupContext<O>): S;
  /** The state after `seat` does `action`, or a refusal; never mutates `state`. */
  apply(state: S, seat: number, action: A, ctx: ApplyContext): ApplyResult<S>;
  /** What the host screen and spectators see, built only from what everyone may know. */
  publicView(state: S): V;
  /**
   * What a seat's view adds to the public one (its own sheet, its pending
   * choices, its seat number), or null for a seat not in the game: the seat's
   * view is the public view with these fields laid over it.
   */
  ownView(state: S, seat: number): Partial<V> | null;
  /**
   * The parts of the state a seat's own view is built from, the first an
   * object (e.g. the seat's sheet): while each is the very same value, the
   * core hands out the own view it built before, so the seat is not sent it
   * again. Absent: own views are built once per state, and a seat's part
   * counts as unchanged when its fields are the very same values.
   */
  ownInputs?(state: S, seat: number): readonly unknown[];
  /** The seats whose input the game is waiting for, with their timer defaults. */
  awaiting(state: S): AwaitedSeat<A>[];
  /** The outcome once the game has ended, else null. */
  outcome(state: S): Outcome | null;
  /** How many seats the state was set up for. */
  seatCount(state: S): number;
  /**
   * What the dice rolled by setup (`action` null) or by one accepted action
   * show on the screens, in roll order, for a game whose dice are not simply
   * numbered 1 to n (a roll that picks a face of a die of its own). Absent:
   * each number rolled is the face. Throws a RangeError for a roll its dice
   * cannot make.
   */
  rolledFaces?(rolls: readonly number[], action: A | null): string[];
  /**
   * Options for a rematch of the same game, given how the last game ended
   * (seats already renumbered to the rematch's seating). Absent: same options.
   */
  rematchOptions?(options: O, outcome: Outcome): O;
}

/**
 * What a catalogue of games shows before anyone plays: the parts of a game's
 * rules that name, credit and configure it, with none of its engine.
 */
export type CatalogueEntry<O = unknown> = Pick<GameRules<O>, 'id' | 'name' | 'designer' | 'players' | 'options'>;

/**
 * A game as the server, bots and screens use it: its rules, with views,
 * `awaiting` and `outcome` worked out once per state by the core.
 */
export interface GameDefinition<O = unknown, S = unknown, A = unknown, V = unknown> extends GameRules<O, S, A, V> {
  /** What `viewer` may see of `state`; the only road from state to the wire. */
  view(state: S, viewer: Viewer): V;
  /**
   * Whether a seat's own part differs between two states of one game: the
   * server sends a seat its part only when it did. Told by identity, never by
   * content, so it costs next to nothing.
   */
  ownViewChanged(before: S, after: S, seat: number): boolean;
}

/** Declare a game: its rules, with the views and what they derive from cached per state (see `cachedGame`). */
export function defineGame<O, S, A, V>(rules: GameRules<O, S, A, V>): GameDefinition<O, S, A, V> {
  return cachedGame(rules);
}

/** The own view of a game that hides nothing from anyone: which seat is looking. */
export function seatNumberView<S>(_state: S, seat: number): { you: number } {
  return { you: seat };
}

/** Any game, for registries and the server. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- games differ in every type parameter
export type AnyGame = GameDefinition<any, any, any, any>;

/** What `applyAction` returns: `apply`'s answer, and when accepted the action as the game read it. */
export type AppliedAction<S, A> = { ok: true; state: S; events: GameEvent[]; action: A } | { ok: false; error: RuleError };

/**
 * The one entry point for an untrusted action: parse it with the game's schema,
 * check the seat and that the game is still on, then apply it. Every refusal is
 * a typed error and leaves the state as it was. The parsed action comes back
 * with the new state, so a caller that logs it does not parse it again.
 */
export function applyAction<S, A>(
  game: GameDefinition<unknown, S, A, unknown>,
  state: S,
  seat: number,
  payload: unknown,
  ctx: ApplyContext,
): AppliedAction<S, A> {
  const parsed = game.action.safeParse(payload);
  if (!parsed.success) return { ok: false, error: ruleError('rule/bad-action') };
  if (!Number.isInteger(seat) || seat < 0 || seat >= game.seatCount(state)) {
    return { ok: false, error: ruleError('rule/unknown-seat') };
  }
  if (game.outcome(state) !== null) return { ok: false, error: ruleError('rule/game-over') };
  const result = game.apply(state, seat, parsed.data, ctx);
  return result.ok ? { ...result, action: parsed.data } : result;
}

/** Standings from final scores, highest first; equal keys share a place. */
export function rankSeats(scores: { seat: number; key: readonly number[]; score: number }[]): Standing[] {
  const cmp = (a: readonly number[], b: readonly number[]): number => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (b[i] ?? 0) - (a[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  const sorted = [...scores].sort((a, b) => cmp(a.key, b.key) || a.seat - b.seat);
  return sorted.map((s) => ({
    seat: s.seat,
    score: s.score,
    place: 1 + sorted.filter((o) => cmp(o.key, s.key) < 0).length,
  }));
}

import type { z } from 'zod/mini';
import type { RuleErrorCode } from '../../core/errors.js';
import type { BoxRef, Declaration, Development, Effect, RemoveTarget, RowRef } from './actions.js';
import type { warOptions } from './options.js';
import type { GainOption } from './gain.js';
import type { PowerName, Sheet } from './sheet.js';

/** The game's options. */
export type WarOptions = z.infer<typeof warOptions>;

/** A Powers row the roll activated, with its level and size fixed at the moment of the roll. */
export interface Activation {
  row: number;
  power: PowerName;
  level: number;
  size: number;
}

/** An activation as made public: its effect, or null when it was passed. */
export interface Declared {
  activation: number;
  effect: Effect | null;
}

/** What a gaining seat chose: how far it bent the sum and which box it gains from. */
export interface GainChoice {
  bend: number;
  box: number | null;
}

/** A trap that went off: the trapped seat, the trap's owner and the score value. */
export interface Springing {
  victim: number;
  owner: number;
  value: number;
}

/** The effects that still matter after resolving: Bend, Decay and Steal act while gaining. */
export interface GainEffects {
  /** Total working Bend per seat. */
  bend: number[];
  /** Largest working Decay on each seat. */
  decay: number[];
  /** Working Steals in table order; `rank` is the box of the stealer's column that caps it. */
  steals: { seat: number; target: number; rank: number }[];
}

/** One seat's points this round. */
export type GainResult = GainOption & { seat: number };

/** What happened while resolving and gaining, kept for the screens. */
export interface RoundReport {
  /** Rows a working Cancel stopped. */
  stopped: RowRef[];
  /** Stopping Cancels that failed because they stopped each other in a cycle. */
  deadlocked: RowRef[];
  /** New marks (by `seat`, on `on`'s sheet) that lost a box or score value to a mark earlier in table order. */
  lostMarks: { seat: number; on: number; target: BoxRef | { value: number } }[];
  gains: GainResult[];
  steals: { seat: number; target: number; points: number }[];
  sprung: Springing[];
  removed: { owner: number; victim: number; target: RemoveTarget }[];
}

/** The current round's public data from the roll on. */
export interface TurnState {
  dice: [number, number];
  /** Per seat, in die order. */
  activations: Activation[][];
  /** Per seat, the declarations made public so far. */
  declared: Declared[][];
  /** Set once the round is resolved. */
  effects: GainEffects | null;
  report: RoundReport;
}

/** Where the game is, and the pending (hidden) choices of that step. */
export type Step =
  | { kind: 'setup'; picks: (Development[] | null)[] }
  | { kind: 'develop'; picks: (Development[] | null)[] }
  | { kind: 'roll' }
  | { kind: 'declare'; together: true; pending: (Declaration[] | null)[] }
  | { kind: 'declare'; together: false; turn: number }
  | { kind: 'grow'; owed: number[]; picks: (Development[] | null)[] }
  | { kind: 'gain'; choices: (GainOption | null)[] }
  | { kind: 'traps'; queue: Springing[] }
  | { kind: 'over' };

/** A past roll, for the sheets' history track. */
export interface RollRecord {
  round: number;
  main: number;
  dice: [number, number];
}

/** The whole game, plain JSON. */
export interface WarState {
  seats: number;
  options: WarOptions;
  sheets: Sheet[];
  scores: number[];
  /** 0 during setup, then 1, 2, … */
  round: number;
  /** The seat holding the dice this round. */
  main: number;
  rolls: RollRecord[];
  /** Everyone's score at the end of each round. */
  scoresByRound: number[][];
  step: Step;
  turn: TurnState | null;
  /** The round before this one (its roll, declarations and report), so the screens can show what happened. */
  lastRound: TurnState | null;
}

/** A check that either passes with a value or names the refusal. */
export type Checked<T> = { ok: true; value: T } | { ok: false; code: RuleErrorCode };

/** The public part of a game that the phone's helpers need; a state and a view both have it. */
export interface Table {
  seats: number;
  main: number;
  sheets: Sheet[];
  scores: number[];
  turn: TurnState | null;
}

/** Seats in table order for this round: the main player first, then clockwise. */
export function tableOrder(table: Pick<Table, 'seats' | 'main'>): number[] {
  return Array.from({ length: table.seats }, (_, i) => (table.main + i) % table.seats);
}

/** A seat's sheet; every seat of a game has one, so a missing sheet is a bug. */
export function sheetOf(table: Pick<Table, 'sheets'>, seat: number): Sheet {
  const sheet = table.sheets[seat];
  if (!sheet) throw new RangeError(`no sheet for seat ${seat}`);
  return sheet;
}

/** A deep copy of plain JSON data, so a step can change the copy and leave its input alone. */
export function copyState<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

import type { ScoreChoice } from './actions.js';
import type { Group } from './scoring.js';

/** Rounds in a game. */
export const ROUNDS = 6;

/** The three lines of a round, in order. */
export const LINES = ['a', 'b', 'c'] as const;

/** A line of a round. */
export type Line = (typeof LINES)[number];

/** What the game is waiting for: carries before a roll, scores after line c, or nothing. */
export type Step = 'carry' | 'score' | 'over';

/** How a seat scored one round. */
export interface RoundScore {
  choice: ScoreChoice;
  score: number;
  /** The groups scored; empty for junk. */
  groups: Group[];
}

/** One seat's part of one round. */
export interface SeatRound {
  /** Lines a, b, c as far as they have been rolled; one number per column. */
  lines: number[][];
  /** The columns carried into line b, then into line c, once rolled. */
  carries: number[][];
  score: RoundScore | null;
}

/** One seat's sheet. */
export interface SeatSheet {
  /** Every round started so far, first to current. */
  rounds: SeatRound[];
  /** The carry locked in for the line not yet rolled; hidden from everyone else. */
  pendingCarry: number[] | null;
}

/** The whole game, plain JSON. */
export interface WfgtsState {
  /** The current round, 1–6. */
  round: number;
  /** The newest line of the current round. */
  line: Line;
  step: Step;
  /** The shared rolls, per round, per line. */
  rolls: number[][][];
  sheets: SeatSheet[];
}

/** A seat's running total. */
export function totalOf(sheet: SeatSheet): number {
  return sheet.rounds.reduce((acc, r) => acc + (r.score?.score ?? 0), 0);
}

/** Whether the seat has spent its junk score. */
export function junkUsed(sheet: SeatSheet): boolean {
  return sheet.rounds.some((r) => r.score?.choice === 'junk');
}

/** The seat's part of the current round. */
export function currentRound(sheet: SeatSheet): SeatRound {
  const round = sheet.rounds.at(-1);
  if (round === undefined) throw new Error('a sheet always has the round in play');
  return round;
}

/** The newest line of the seat's current round. */
export function newestLine(sheet: SeatSheet): number[] {
  const line = currentRound(sheet).lines.at(-1);
  if (line === undefined) throw new Error('a round always starts with its line a');
  return line;
}

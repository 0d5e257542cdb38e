import { bestGrouping, junkScore, type Grouping } from './scoring.js';
import {
  currentRound,
  junkUsed,
  ROUNDS,
  totalOf,
  type Line,
  type RoundScore,
  type SeatSheet,
  type Step,
  type WfgtsState,
} from './state.js';

/** A finished round of one seat as everyone may see it. */
export interface FinishedRoundView extends RoundScore {
  round: number;
  lineC: number[];
}

/** One seat as everyone may see it: never its pending carry. */
export interface PublicSeatView {
  seat: number;
  /** Has locked in a carry (carry step) or scored this round (score step); never what. */
  chosen: boolean;
  total: number;
  /** One entry per round, filled once this seat has scored it. */
  roundScores: (number | null)[];
  junkUsed: boolean;
  /** Line c and how it was scored, for each round every seat has finished. */
  finished: FinishedRoundView[];
}

/** What the host screen and spectators see; also the shared part of every phone's view. */
export interface PublicView {
  kind: 'public';
  round: number;
  line: Line;
  step: Step;
  /** The shared rolls of the current round: lines a, b, c as far as rolled. */
  rolls: number[][];
  seats: PublicSeatView[];
}

/** One round of a seat's own sheet. */
export interface SheetRoundView {
  round: number;
  lines: number[][];
  carries: number[][];
  score: RoundScore | null;
}

/** A seat's own sheet, only ever in that seat's view. */
export interface SheetView {
  seat: number;
  rounds: SheetRoundView[];
  /** The carry this seat has locked in for the line about to be rolled. */
  pendingCarry: number[] | null;
  junkUsed: boolean;
  total: number;
  /** While this seat has line c to score: both figures it can choose from (junk null once spent). */
  scoring: { best: Grouping; junk: number | null } | null;
}

/** A phone's view: the public view plus the seat's own sheet. */
export interface SeatView extends Omit<PublicView, 'kind'> {
  kind: 'seat';
  me: SheetView;
}

/** Whatever a view of the game is. */
export type WfgtsView = PublicView | SeatView;

function hasChosen(state: WfgtsState, sheet: SeatSheet): boolean {
  if (state.step === 'carry') return sheet.pendingCarry !== null;
  return currentRound(sheet).score !== null;
}

function publicSeat(state: WfgtsState, sheet: SeatSheet, seat: number): PublicSeatView {
  const roundScores = Array.from({ length: ROUNDS }, (_, i) => sheet.rounds[i]?.score?.score ?? null);
  // A round's line c and groups go public when the round is over for everyone:
  // every earlier round, and the last one once the game is over.
  const ended = state.step === 'over' ? sheet.rounds.length : sheet.rounds.length - 1;
  const finished = sheet.rounds.slice(0, ended).flatMap((r, i) =>
    r.score === null
      ? []
      : [
          {
            round: i + 1,
            lineC: r.lines[2] ?? [],
            choice: r.score.choice,
            score: r.score.score,
            groups: r.score.groups,
          },
        ],
  );
  return { seat, chosen: hasChosen(state, sheet), total: totalOf(sheet), roundScores, junkUsed: junkUsed(sheet), finished };
}

/**
 * The view for the host screen and spectators, and the shared part of every
 * phone's view; like all views it shares arrays with the state, so read it
 * and never change it.
 */
export function publicView(state: WfgtsState): PublicView {
  return {
    kind: 'public',
    round: state.round,
    line: state.line,
    step: state.step,
    rolls: state.rolls[state.round - 1] ?? [],
    seats: state.sheets.map((sheet, seat) => publicSeat(state, sheet, seat)),
  };
}

function buildSheetView(state: WfgtsState, sheet: SeatSheet, seat: number): SheetView {
  const round = currentRound(sheet);
  const lineC = state.step === 'score' && round.score === null ? round.lines[2] : undefined;
  const spent = junkUsed(sheet);
  return {
    seat,
    rounds: sheet.rounds.map((r, i) => ({ round: i + 1, lines: r.lines, carries: r.carries, score: r.score })),
    pendingCarry: sheet.pendingCarry,
    junkUsed: spent,
    total: totalOf(sheet),
    scoring: lineC === undefined ? null : { best: bestGrouping(lineC), junk: spent ? null : junkScore(lineC) },
  };
}

/** What a seat's own view adds to the public one: its sheet. Another seat's pending carry is in no view but its own. */
export function wfgtsOwnView(state: WfgtsState, seat: number): { kind: 'seat'; me: SheetView } | null {
  const sheet = state.sheets[seat];
  return sheet === undefined ? null : { kind: 'seat', me: buildSheetView(state, sheet, seat) };
}

/** A seat's sheet view depends only on its sheet and the step (see `buildSheetView`). */
export function wfgtsOwnInputs(state: WfgtsState, seat: number): readonly unknown[] {
  return [state.sheets[seat], state.step];
}

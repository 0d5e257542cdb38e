import type { Outcome } from '../../core/define-game.js';
import type { Declaration, Development } from './actions.js';
import { warAwaiting } from './awaiting.js';
import { type DevelopNeed, developNeed } from './develop.js';
import { warOutcome } from './end.js';
import type { GainOption } from './gain.js';
import { seatOfSlot } from './round.js';
import type { Sheet } from './sheet.js';
import type { RollRecord, Springing, Table, TurnState, WarOptions, WarState } from './state.js';

/** The public side of the current step: who has chosen, never what. */
export type StepView =
  | { kind: 'setup' | 'develop' | 'gain'; done: number[] }
  | { kind: 'roll'; roller: number }
  | { kind: 'declare'; together: true; done: number[] }
  | { kind: 'declare'; together: false; seat: number; lap: number }
  | { kind: 'grow'; owed: number[]; done: number[] }
  | { kind: 'traps'; queue: Springing[] }
  | { kind: 'over' };

/** A seat's own phone: what it must do now and its own pending (hidden from others) choices. */
export interface YouView {
  seat: number;
  /** What this seat must develop at this step, or null. */
  develop: DevelopNeed | null;
  /** This seat's pending developments (setup, develop or Grow), until revealed. */
  picks: Development[] | null;
  /** This seat's pending declarations (two players), until revealed. */
  declarations: Declaration[] | null;
  /** This seat's pending gain, until paid. */
  gain: GainOption | null;
}

/** What a viewer sees: every sheet, mark, trap, score and revealed declaration, plus its own pending choices. */
export interface WarView extends Table {
  game: 'war-pnp';
  options: WarOptions;
  round: number;
  sheets: Sheet[];
  rolls: RollRecord[];
  scoresByRound: number[][];
  turn: TurnState | null;
  /** The round before this one: its roll, declarations and report. */
  lastRound: TurnState | null;
  step: StepView;
  /** Seats still deciding. */
  waitingOn: number[];
  you: YouView | null;
  outcome: Outcome | null;
}

/** The seats whose slot holds a submitted choice. */
function doneSeats(slots: readonly unknown[]): number[] {
  return slots.flatMap((s, seat) => (s === null ? [] : [seat]));
}

/** The public part of the step: whether each seat has chosen, not its choice. */
function stepView(state: WarState): StepView {
  const step = state.step;
  switch (step.kind) {
    case 'setup':
    case 'develop':
      return { kind: step.kind, done: doneSeats(step.picks) };
    case 'grow':
      return { kind: 'grow', owed: step.owed, done: doneSeats(step.picks) };
    case 'gain':
      return { kind: 'gain', done: doneSeats(step.choices) };
    case 'roll':
      return { kind: 'roll', roller: state.main };
    case 'declare':
      return step.together
        ? { kind: 'declare', together: true, done: doneSeats(step.pending) }
        : {
            kind: 'declare',
            together: false,
            seat: seatOfSlot(state, step.turn),
            lap: step.turn < state.seats ? 1 : 2,
          };
    case 'traps':
      return { kind: 'traps', queue: step.queue };
    case 'over':
      return { kind: 'over' };
  }
}

/** A seat's own slot of the step, hidden from everyone else: its pending picks, declarations or gain. */
function pendingOf(state: WarState, seat: number): Pick<YouView, 'picks' | 'declarations' | 'gain'> {
  const step = state.step;
  const picks = step.kind === 'setup' || step.kind === 'develop' || step.kind === 'grow' ? step.picks[seat] : null;
  const declarations = step.kind === 'declare' && step.together ? step.pending[seat] : null;
  const gain = step.kind === 'gain' ? step.choices[seat] : null;
  return { picks: picks ?? null, declarations: declarations ?? null, gain: gain ?? null };
}

function youView(state: WarState, seat: number): YouView {
  return { seat, develop: developNeed(state, seat), ...pendingOf(state, seat) };
}

/**
 * The view everyone gets, with `you` empty, built field by field from public
 * data so that no pending choice can slip through. Views share arrays with
 * the state, so read them and never change them.
 */
export function warPublicView(state: WarState): WarView {
  return {
    game: 'war-pnp',
    seats: state.seats,
    options: state.options,
    round: state.round,
    main: state.main,
    scores: state.scores,
    sheets: state.sheets,
    rolls: state.rolls,
    scoresByRound: state.scoresByRound,
    turn: state.turn,
    lastRound: state.lastRound,
    step: stepView(state),
    waitingOn: warAwaiting(state).map((a) => a.seat),
    you: null,
    outcome: warOutcome(state),
  };
}

/** What a seat's own view adds to the public one: its pending picks and choices; nothing for a seat not in the game. */
export function warOwnView(state: WarState, seat: number): { you: YouView } | null {
  return seat >= 0 && seat < state.seats ? { you: youView(state, seat) } : null;
}

/**
 * What a seat's own view is built from (see `youView`): what it must develop,
 * as plain figures, and its own slot of the step, which keeps its identity
 * from state to state (copy-on-write). Other seats' choices and marks are not
 * among them, so they send no other seat its part again. The game's options
 * come first: they last the whole game, so the core keeps the views under them.
 */
export function warOwnInputs(state: WarState, seat: number): readonly unknown[] {
  const need = developNeed(state, seat);
  const { picks, declarations, gain } = pendingOf(state, seat);
  return [state.options, need?.count, need?.pair?.powers, need?.pair?.points, picks, declarations, gain];
}

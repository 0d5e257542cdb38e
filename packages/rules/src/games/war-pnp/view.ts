import type { Outcome } from '../../core/define-game.js';
import type { Viewer } from '../../core/viewer.js';
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

// Each state's own views, by seat, built when first asked for; states are never changed once made.
const ownViews = new WeakMap<WarState, YouView[]>();
// For a state made by a move, the own views of the state the move was made on.
const viewsBefore = new WeakMap<WarState, readonly YouView[]>();
// A view's JSON, to tell whether a new view says the same as the one before.
const texts = new WeakMap<YouView, string>();

function textOf(you: YouView): string {
  let text = texts.get(you);
  if (text === undefined) {
    text = JSON.stringify(you);
    texts.set(you, text);
  }
  return text;
}

/**
 * Tell the views that `next` was made from `state` by one move. Every move
 * deep-copies the state (`copyState`), so nothing in `next` keeps its
 * identity, while the server tells an unchanged part by identity (see
 * `ownView`): without this, every seat would be sent its part on every move.
 * The own views of `state` are kept for `next`, which then hands a seat the
 * very same view as before while nothing of it changed. Only the views are
 * kept, never `state` itself, so states do not hold on to every state before.
 */
export function followsFrom(next: WarState, state: WarState): void {
  viewsBefore.set(next, Array.from({ length: state.seats }, (_, seat) => youView(state, seat)));
}

/** A seat's own pending choices at this step: the same object as before the move when they are the same. */
function youView(state: WarState, seat: number): YouView {
  let views = ownViews.get(state);
  if (views === undefined) {
    views = [];
    ownViews.set(state, views);
  }
  let you = views[seat];
  if (you === undefined) {
    const fresh = buildYouView(state, seat);
    const before = viewsBefore.get(state)?.[seat];
    you = before !== undefined && textOf(before) === textOf(fresh) ? before : fresh;
    views[seat] = you;
  }
  return you;
}

function buildYouView(state: WarState, seat: number): YouView {
  const step = state.step;
  const picks = step.kind === 'setup' || step.kind === 'develop' || step.kind === 'grow' ? step.picks[seat] : null;
  const declarations = step.kind === 'declare' && step.together ? step.pending[seat] : null;
  const gain = step.kind === 'gain' ? step.choices[seat] : null;
  return {
    seat,
    develop: developNeed(state, seat),
    picks: picks ?? null,
    declarations: declarations ?? null,
    gain: gain ?? null,
  };
}

/** The view with `you` empty, built field by field from public data so that no pending choice can slip through. */
function publicView(state: WarState): WarView {
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

// States are never changed once made, so a view built from one stays right for as long as the state lives.
const publicViews = new WeakMap<WarState, WarView>();

/**
 * The view for one viewer: the public part, built once per state and shared by
 * every view of it, plus the seat's own pending choices, which go only into
 * `you`. Views share arrays with the state, so read them and never change them.
 */
export function warView(state: WarState, viewer: Viewer): WarView {
  let shared = publicViews.get(state);
  if (shared === undefined) {
    shared = publicView(state);
    publicViews.set(state, shared);
  }
  const own = viewer.role === 'seat' ? warOwnView(state, viewer.seat) : null;
  return own === null ? shared : { ...shared, ...own };
}

/** What a seat's own view adds to the public one: its pending picks and choices; nothing for a seat not in the game. */
export function warOwnView(state: WarState, seat: number): { you: YouView } | null {
  return seat >= 0 && seat < state.seats ? { you: youView(state, seat) } : null;
}

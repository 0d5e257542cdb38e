import type { GameEvent } from '../../core/define-game.js';
import type { Declaration } from './actions.js';
import { activationsFor } from './activate.js';
import { developNeed, developSheet } from './develop.js';
import { gameEnds } from './end.js';
import { gainIsForced, gainOptions, settleGains } from './gain.js';
import { resolveDeclarations } from './resolve.js';
import { emptySheet } from './sheet.js';
import { removableBoxes } from './traps.js';
import { copyState, type Declared, type RoundReport, sheetOf, type WarOptions, type WarState } from './state.js';

/*
 * The steps of a round, in order, each moving `state` (a copy the caller owns)
 * on as far as it can go without someone's input, and noting what the screens
 * should show in `events`. Nothing here checks an action: `apply.ts` does.
 */

/** A fresh game at setup, with `main` holding the dice for round 1. */
export function newGame(seats: number, options: WarOptions, main: number): WarState {
  return {
    seats,
    options,
    sheets: Array.from({ length: seats }, emptySheet),
    scores: Array<number>(seats).fill(0),
    round: 0,
    main,
    rolls: [],
    scoresByRound: [],
    step: { kind: 'setup', picks: Array(seats).fill(null) },
    turn: null,
    lastRound: null,
  };
}

/** A report with nothing in it yet. */
function emptyReport(): RoundReport {
  return { stopped: [], deadlocked: [], lostMarks: [], gains: [], steals: [], sprung: [], removed: [] };
}

/** True when every slot holds a submitted choice. */
function allIn(slots: readonly unknown[]): boolean {
  return slots.every((s) => s !== null);
}

/** Marks seats with nothing to develop as done, then reveals if everyone is. */
function settleEmptyDevelopments(state: WarState, events: GameEvent[]): void {
  const step = state.step;
  if (step.kind !== 'setup' && step.kind !== 'develop' && step.kind !== 'grow') return;
  step.picks.forEach((p, seat) => {
    if (p === null && developNeed(state, seat) === null) step.picks[seat] = [];
  });
  if (allIn(step.picks)) revealDevelopments(state, events);
}

/** Starts the next round at its develop step. */
function openRound(state: WarState, events: GameEvent[]): void {
  state.round += 1;
  state.turn = null;
  state.step = { kind: 'develop', picks: Array(state.seats).fill(null) };
  events.push({ type: 'round-started', round: state.round, main: state.main });
  settleEmptyDevelopments(state, events);
}

/** Applies every seat's pending developments together, then moves on from setup, develop or Grow. */
export function revealDevelopments(state: WarState, events: GameEvent[]): void {
  const step = state.step;
  if (step.kind !== 'setup' && step.kind !== 'develop' && step.kind !== 'grow') return;
  const picks = step.picks.map((p) => p ?? []);
  picks.forEach((p, seat) => {
    const next = developSheet(sheetOf(state, seat), p);
    // Each seat's picks were checked against its sheet when sent, and sheets do not change while picks are pending.
    if (next.ok) state.sheets[seat] = next.value;
  });
  events.push({ type: 'developed', step: step.kind, picks: copyState(picks) });
  if (step.kind === 'setup') openRound(state, events);
  else if (step.kind === 'develop') state.step = { kind: 'roll' };
  else openGain(state, events);
}

/** Records the main player's roll, finds every activation, and opens declaring. */
export function recordRoll(state: WarState, dice: [number, number], events: GameEvent[]): void {
  state.rolls.push({ round: state.round, main: state.main, dice });
  state.turn = {
    dice,
    activations: state.sheets.map((sheet) => activationsFor(sheet, dice)),
    declared: state.sheets.map(() => []),
    effects: null,
    report: emptyReport(),
  };
  events.push({ type: 'rolled', dice, activations: copyState(state.turn.activations) });
  const anyone = state.turn.activations.some((a) => a.length > 0);
  if (!anyone) resolveRound(state, events);
  else if (state.seats === 2) {
    state.step = {
      kind: 'declare',
      together: true,
      pending: state.turn.activations.map((a) => (a.length > 0 ? null : [])),
    };
  } else advanceDeclaring(state, 0, events);
}

/** How many of a seat's activations are not declared yet this round. */
export function undeclaredCount(state: WarState, seat: number): number {
  const turn = state.turn;
  return (turn?.activations[seat]?.length ?? 0) - (turn?.declared[seat]?.length ?? 0);
}

/** The seat whose turn slot `t` is when declaring in turn: twice around from the main player. */
export function seatOfSlot(state: WarState, t: number): number {
  return (state.main + t) % state.seats;
}

/**
 * Moves declaring in turn to the first slot from `from` whose seat still has an
 * undeclared activation (others pass by having nothing left), or resolves
 * when the table has been around twice.
 */
export function advanceDeclaring(state: WarState, from: number, events: GameEvent[]): void {
  for (let t = from; t < state.seats * 2; t++) {
    if (undeclaredCount(state, seatOfSlot(state, t)) > 0) {
      state.step = { kind: 'declare', together: false, turn: t };
      return;
    }
  }
  resolveRound(state, events);
}

/** Turns both players' pending declarations public (an activation left out is passed), then resolves. */
export function revealDeclarations(
  state: WarState,
  pending: readonly (Declaration[] | null)[],
  events: GameEvent[],
): void {
  const turn = state.turn;
  if (!turn) return;
  turn.declared = turn.activations.map((acts, seat) =>
    acts.map((_, activation): Declared => {
      const d = pending[seat]?.find((x) => x.activation === activation);
      return { activation, effect: d && 'effect' in d ? d.effect : null };
    }),
  );
  events.push({ type: 'declared', declared: copyState(turn.declared) });
  resolveRound(state, events);
}

/** Resolves the round's declarations, then asks for Grow's developments or moves on to gaining. */
function resolveRound(state: WarState, events: GameEvent[]): void {
  const owed = resolveDeclarations(state);
  events.push({ type: 'resolved', report: copyState(state.turn?.report ?? null), owed: [...owed] });
  if (owed.every((n) => n === 0)) {
    openGain(state, events);
    return;
  }
  state.step = { kind: 'grow', owed, picks: Array(state.seats).fill(null) };
  settleEmptyDevelopments(state, events);
}

/** Opens gaining; a seat whose gain is forced is settled at once. */
function openGain(state: WarState, events: GameEvent[]): void {
  const choices = state.sheets.map((_, seat) =>
    gainIsForced(state, seat) ? (gainOptions(state, seat)[0] ?? null) : null,
  );
  state.step = { kind: 'gain', choices };
  if (allIn(choices)) payGains(state, events);
}

/** Pays everyone's gains and Steals, then deals with any traps that went off. */
export function payGains(state: WarState, events: GameEvent[]): void {
  const step = state.step;
  if (step.kind !== 'gain') return;
  const sprung = settleGains(state, step.choices);
  const report = state.turn?.report;
  events.push({
    type: 'gained',
    gains: copyState(report?.gains ?? []),
    steals: copyState(report?.steals ?? []),
    sprung: copyState(sprung),
  });
  state.step = { kind: 'traps', queue: sprung };
  nextTrap(state, events);
}

/** Skips sprung traps whose victim has nothing left to remove; ends the round when none is left. */
export function nextTrap(state: WarState, events: GameEvent[]): void {
  const step = state.step;
  if (step.kind !== 'traps') return;
  while (step.queue[0] && removableBoxes(sheetOf(state, step.queue[0].victim)).length === 0) step.queue.shift();
  if (step.queue.length === 0) endRound(state, events);
}

/** Records the round's scores and either ends the game or passes the dice clockwise. */
function endRound(state: WarState, events: GameEvent[]): void {
  state.scoresByRound.push([...state.scores]);
  if (gameEnds(state)) {
    state.step = { kind: 'over' };
    events.push({ type: 'game-over', scores: [...state.scores] });
    return;
  }
  state.main = (state.main + 1) % state.seats;
  state.lastRound = state.turn;
  openRound(state, events);
}

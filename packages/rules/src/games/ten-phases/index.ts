/**
 * Ten Phases, designed by Garrett J. Donner and Michael S. Steer.
 *
 * Turn-based: the active seat rolls ten custom dice up to three times, setting
 * dice aside between rolls, to make its current phase; the first to make
 * Phase 10 ends normal play and everyone else gets a final sequence.
 */
import { defineGame, seatNumberView, type ApplyResult, type AwaitedSeat, type GameEvent } from '../../core/define-game.js';
import type { Dice } from '../../core/dice.js';
import { ruleError, type RuleErrorCode } from '../../core/errors.js';
import { hostGame } from '../../core/host-game.js';
import { entry } from './catalogue.js';
import { tenPhasesAction, type TenPhasesAction, type TenPhasesOptions } from './actions.js';
import { DICE, FACES, faceOf, facesOf, rolledFaces } from './dice.js';
import { parts } from './parts.js';
import { PHASES, scorePhase } from './scoring.js';
import {
  BONUS,
  FIVE_PHASE_THRESHOLD,
  isSolitaire,
  MAX_ROLLS,
  outcomeOf,
  phaseTotal,
  SOLITAIRE_PENALTY,
  sheetTotal,
  type RollOffRound,
  type Sheet,
  type TenPhasesState,
  type Turn,
  type TurnResult,
} from './state.js';
import { tenPhasesPublicView, type TenPhasesView } from './view.js';

export * from './catalogue.js';

/** The phase a player starts on. */
const FIRST_PHASE = 1;
/** The phase whose making ends normal play. */
const LAST_PHASE = PHASES.length;
/** The phase that can earn the five-phase bonus. */
const BONUS_PHASE = 5;

const refuse = (code: RuleErrorCode): ApplyResult<TenPhasesState> => ({ ok: false, error: ruleError(code) });

const newTurn = (seat: number): Turn => ({ seat, rolls: 0, faces: null, kept: [] });

/**
 * Each seat rolls one high die; higher goes earlier. Seats that tie roll again
 * among themselves to settle their places, as often as needed.
 */
function rollOff(seats: number[], dice: Dice, rounds: RollOffRound[]): number[] {
  if (seats.length < 2) return seats;
  // Any high die will do: all six show 5 to 10.
  const round = seats.map((seat) => ({ seat, value: faceOf(0, dice.roll(FACES) - 1).value ?? 0 }));
  rounds.push(round);
  const values = [...new Set(round.map((r) => r.value))].sort((a, b) => b - a);
  return values.flatMap((value) =>
    rollOff(
      round.filter((r) => r.value === value).map((r) => r.seat),
      dice,
      rounds,
    ),
  );
}

function setup(seats: number, dice: Dice): TenPhasesState {
  const rounds: RollOffRound[] = [];
  const order = rollOff(
    Array.from({ length: seats }, (_, seat) => seat),
    dice,
    rounds,
  );
  const sheet: Sheet = {
    scores: PHASES.map(() => null),
    phase: FIRST_PHASE,
    fivePhaseBonus: 0,
    firstFinishBonus: 0,
    failedTurns: 0,
    missesAtPhase: 0,
    running: [],
  };
  return {
    order,
    rollOff: rounds,
    sheets: Array.from({ length: seats }, () => ({ ...sheet, scores: [...sheet.scores], running: [] })),
    stage: 'playing',
    turn: newTurn(order[0] ?? 0),
    firstFinisher: null,
    finalQueue: [],
    bonusEligible: [],
    lastTurn: null,
  };
}

/** The sheet after one finished turn, and the bonuses and penalty the turn brought. */
function markSheet(
  state: TenPhasesState,
  sheet: Sheet,
  seat: number,
  made: boolean,
  score: number,
): { sheet: Sheet; fivePhaseBonus: number; firstFinishBonus: number; penalty: number } {
  const solitaire = isSolitaire(state);
  if (!made) {
    const next = { ...sheet, failedTurns: sheet.failedTurns + 1, missesAtPhase: sheet.missesAtPhase + 1 };
    const penalty = solitaire ? SOLITAIRE_PENALTY : 0;
    return { sheet: next, fivePhaseBonus: 0, firstFinishBonus: 0, penalty };
  }
  const phase = sheet.phase;
  const scores = sheet.scores.map((s, i) => (i === phase - 1 ? score : s));
  const madeSheet: Sheet = { ...sheet, scores, phase: phase + 1, missesAtPhase: 0 };
  // The threshold compares the phases scored so far; the only other bonus comes after Phase 10.
  const fivePhaseBonus = phase === BONUS_PHASE && phaseTotal(madeSheet) > FIVE_PHASE_THRESHOLD ? BONUS : 0;
  let firstFinishBonus = 0;
  if (phase === LAST_PHASE) {
    if (state.firstFinisher === null) firstFinishBonus = solitaire && sheet.missesAtPhase > 0 ? 0 : BONUS;
    else if (state.bonusEligible.includes(seat)) firstFinishBonus = BONUS;
  }
  return {
    sheet: {
      ...madeSheet,
      fivePhaseBonus: sheet.fivePhaseBonus + fivePhaseBonus,
      firstFinishBonus: sheet.firstFinishBonus + firstFinishBonus,
    },
    fivePhaseBonus,
    firstFinishBonus,
    penalty: 0,
  };
}

/** Score the turn's dice for the seat's phase, then hand play on (or end the game). */
function endTurn(state: TenPhasesState, turn: Turn, faces: number[], events: GameEvent[]): TenPhasesState {
  const { seat } = turn;
  const before = state.sheets[seat];
  if (before === undefined) throw new Error(`seat ${seat} has no sheet`);
  const phase = before.phase;
  const made = scorePhase(phase, facesOf(faces));
  const marked = markSheet(state, before, seat, made !== null, made?.score ?? 0);
  const solitaire = isSolitaire(state);
  const sheet = { ...marked.sheet, running: [...before.running, sheetTotal(marked.sheet, solitaire)] };
  const sheets = state.sheets.map((s, i) => (i === seat ? sheet : s));
  const lastTurn: TurnResult = {
    seat,
    phase,
    made,
    faces,
    fivePhaseBonus: marked.fivePhaseBonus,
    firstFinishBonus: marked.firstFinishBonus,
    penalty: marked.penalty,
    final: state.stage === 'final',
  };
  events.push({ type: 'turn-ended', ...lastTurn });
  const scored: TenPhasesState = { ...state, sheets, lastTurn };
  const finished = made !== null && phase === LAST_PHASE;

  if (state.stage === 'final') {
    // A final sequence goes on while its player keeps making phases.
    if (made !== null && !finished) return { ...scored, turn: newTurn(seat) };
    const finalQueue = state.finalQueue.slice(1);
    const head = finalQueue[0];
    if (head === undefined) return gameOver({ ...scored, finalQueue }, events);
    return { ...scored, finalQueue, turn: newTurn(head) };
  }

  const at = state.order.indexOf(seat);
  if (finished) {
    if (solitaire) return gameOver({ ...scored, firstFinisher: seat }, events);
    const finalQueue = [...state.order.slice(at + 1), ...state.order.slice(0, at)];
    // Only seats still to play in this round, already on Phase 10, can match the finish.
    const bonusEligible = state.order.slice(at + 1).filter((s) => state.sheets[s]?.phase === LAST_PHASE);
    events.push({ type: 'final-sequences', firstFinisher: seat, queue: finalQueue, bonusEligible });
    return {
      ...scored,
      stage: 'final',
      firstFinisher: seat,
      finalQueue,
      bonusEligible,
      turn: newTurn(finalQueue[0] ?? seat),
    };
  }
  const nextSeat = state.order[(at + 1) % state.order.length] ?? seat;
  return { ...scored, turn: newTurn(nextSeat) };
}

function gameOver(state: TenPhasesState, events: GameEvent[]): TenPhasesState {
  const over: TenPhasesState = { ...state, stage: 'over', turn: null };
  events.push({ type: 'game-over', outcome: outcomeOf(over) });
  return over;
}

function roll(state: TenPhasesState, turn: Turn, keep: number[], dice: Dice): ApplyResult<TenPhasesState> {
  const seen = new Set<number>();
  for (const die of keep) {
    if (die < 0 || die >= DICE.length) return refuse('rule/die-out-of-range');
    if (seen.has(die)) return refuse('rule/die-repeated');
    seen.add(die);
  }
  if (turn.faces === null && seen.size > 0) return refuse('rule/ten-phases-keep-before-first-roll');
  if (seen.size === DICE.length) return refuse('rule/ten-phases-nothing-to-roll');
  const kept = [...seen].sort((a, b) => a - b);
  const before = turn.faces ?? DICE.map(() => 0);
  // Dice roll in index order, so scripted dice line up with die indices.
  const faces = before.map((face, die) => (seen.has(die) ? face : dice.roll(FACES) - 1));
  const rolls = turn.rolls + 1;
  const events: GameEvent[] = [
    {
      type: 'rolled',
      seat: turn.seat,
      roll: rolls,
      rolled: DICE.map((_, die) => die).filter((die) => !seen.has(die)),
      faces: [...faces],
    },
  ];
  const next: Turn = { ...turn, rolls, faces, kept };
  if (rolls === MAX_ROLLS) return { ok: true, state: endTurn(state, next, faces, events), events };
  return { ok: true, state: { ...state, turn: next }, events };
}

function stop(state: TenPhasesState, turn: Turn): ApplyResult<TenPhasesState> {
  if (turn.faces === null) return refuse('rule/ten-phases-stop-before-roll');
  const events: GameEvent[] = [];
  return { ok: true, state: endTurn(state, turn, [...turn.faces], events), events };
}

// The game's rules alone: the game is them with its parts hung off (at the end).
const rules = defineGame<TenPhasesOptions, TenPhasesState, TenPhasesAction, TenPhasesView>({
  ...entry,
  action: tenPhasesAction,
  setup: ({ seats, dice }) => setup(seats, dice),
  apply(state, seat, action, { dice }) {
    const { turn } = state;
    if (turn === null) return refuse('rule/game-over');
    if (seat !== turn.seat) return refuse('rule/not-your-turn');
    return action.type === 'roll' ? roll(state, turn, action.keep, dice) : stop(state, turn);
  },
  publicView: tenPhasesPublicView,
  ownView: seatNumberView,
  awaiting(state): AwaitedSeat<TenPhasesAction>[] {
    const { turn } = state;
    if (turn === null) return [];
    // An absent player's turn still moves on: roll if nothing is on the table, else stop and score.
    const fallback: TenPhasesAction = turn.faces === null ? { type: 'roll', keep: [] } : { type: 'stop' };
    return [{ seat: turn.seat, fallback }];
  },
  outcome: outcomeOf,
  seatCount: (state) => state.sheets.length,
  // A roll picks a face of one of ten different dice, not a number 1 to 6.
  rolledFaces: (rolls, action) => rolledFaces(rolls, action === null ? null : action.type === 'roll' ? action.keep : []),
});

/** The Ten Phases game object. */
export const tenPhases = hostGame(rules, parts);

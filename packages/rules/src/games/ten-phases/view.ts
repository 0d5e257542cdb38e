import type { Outcome } from '../../core/define-game.js';
import { DICE, faceOf, facesOf, type Colour } from './dice.js';
import { scorePhase, type PhaseScore } from './scoring.js';
import {
  isSolitaire,
  MAX_ROLLS,
  outcomeOf,
  penaltyOf,
  sheetTotal,
  type RollOffRound,
  type Sheet,
  type Stage,
  type TenPhasesState,
  type TurnResult,
} from './state.js';

/** One die on the table as screens draw it. */
export interface DieView {
  die: number;
  label: string;
  kind: 'high' | 'low';
  /** Face index 0–5, for animating the roll. */
  face: number;
  /** The number shown, or null for a wild. */
  value: number | null;
  colour: Colour;
  /** True when the die was set aside on the latest roll. */
  kept: boolean;
}

/** One seat's scorepad column as every viewer sees it. */
export interface SheetView {
  seat: number;
  scores: (number | null)[];
  /** The phase being tried, 1–10; 11 once Phase 10 is made. */
  phase: number;
  fivePhaseBonus: number;
  firstFinishBonus: number;
  failedTurns: number;
  /** Points lost to the solitaire penalty (always 0 with several players). */
  penalty: number;
  total: number;
  /** The total after each of this seat's turns. */
  running: number[];
}

/** The turn being played. */
export interface TurnView {
  seat: number;
  phase: number;
  rolls: number;
  rollsLeft: number;
  /** The ten dice; empty before the turn's first roll. */
  dice: DieView[];
  /** What the dice on the table would score for the phase if the turn ended now. */
  best: PhaseScore | null;
  /** True when this turn belongs to the seat's final sequence. */
  final: boolean;
}

/** A finished turn, with its dice as drawn. */
export interface TurnResultView extends Omit<TurnResult, 'faces'> {
  dice: DieView[];
}

/** What a viewer of a Ten Phases game receives. Nothing in the game is hidden. */
export interface TenPhasesView {
  /** The viewer's own seat, or null for the host screen and spectators. */
  you: number | null;
  solitaire: boolean;
  order: number[];
  rollOff: RollOffRound[];
  stage: Stage;
  turn: TurnView | null;
  sheets: SheetView[];
  firstFinisher: number | null;
  finalQueue: number[];
  bonusEligible: number[];
  lastTurn: TurnResultView | null;
  outcome: Outcome | null;
}

function dieViews(faces: readonly number[], kept: readonly number[]): DieView[] {
  return faces.map((face, die) => {
    const spec = DICE[die];
    const shown = faceOf(die, face);
    return {
      die,
      label: spec?.label ?? '',
      kind: spec?.kind ?? 'high',
      face,
      value: shown.value,
      colour: shown.colour,
      kept: kept.includes(die),
    };
  });
}

function sheetView(sheet: Sheet, seat: number, solitaire: boolean): SheetView {
  return {
    seat,
    scores: sheet.scores,
    phase: sheet.phase,
    fivePhaseBonus: sheet.fivePhaseBonus,
    firstFinishBonus: sheet.firstFinishBonus,
    failedTurns: sheet.failedTurns,
    penalty: penaltyOf(sheet, solitaire),
    total: sheetTotal(sheet, solitaire),
    running: sheet.running,
  };
}

/** The table as everyone sees it; a seat's view adds only which seat is its own. Views share arrays with the state: read, never change. */
export function tenPhasesPublicView(state: TenPhasesState): TenPhasesView {
  const solitaire = isSolitaire(state);
  const { turn, lastTurn } = state;
  const phase = turn === null ? 0 : (state.sheets[turn.seat]?.phase ?? 0);
  return {
    you: null,
    solitaire,
    order: state.order,
    rollOff: state.rollOff,
    stage: state.stage,
    turn:
      turn === null
        ? null
        : {
            seat: turn.seat,
            phase,
            rolls: turn.rolls,
            rollsLeft: MAX_ROLLS - turn.rolls,
            dice: turn.faces === null ? [] : dieViews(turn.faces, turn.kept),
            best: turn.faces === null ? null : scorePhase(phase, facesOf(turn.faces)),
            final: state.stage === 'final',
          },
    sheets: state.sheets.map((sheet, seat) => sheetView(sheet, seat, solitaire)),
    firstFinisher: state.firstFinisher,
    finalQueue: state.finalQueue,
    bonusEligible: state.bonusEligible,
    lastTurn:
      lastTurn === null
        ? null
        : {
            seat: lastTurn.seat,
            phase: lastTurn.phase,
            made: lastTurn.made,
            fivePhaseBonus: lastTurn.fivePhaseBonus,
            firstFinishBonus: lastTurn.firstFinishBonus,
            penalty: lastTurn.penalty,
            final: lastTurn.final,
            dice: dieViews(lastTurn.faces, []),
          },
    outcome: outcomeOf(state),
  };
}

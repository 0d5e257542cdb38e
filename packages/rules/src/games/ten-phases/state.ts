import { rankSeats, type Outcome } from '../../core/define-game.js';
import type { PhaseScore } from './scoring.js';

/** Rolls in a turn: the first with all ten dice, then two more at most. */
export const MAX_ROLLS = 3;

/** The first-finish bonus, and the five-phase bonus. */
export const BONUS = 40;

/** The five-phase bonus needs a total strictly over this after Phase 5. */
export const FIVE_PHASE_THRESHOLD = 220;

/** Points a solitaire player loses for each turn that fails its phase. */
export const SOLITAIRE_PENALTY = 5;

/** One seat's high-die roll in one round of the turn-order roll-off. */
export interface RollOffRoll {
  seat: number;
  value: number;
}

/** One round of the roll-off: all seats first, then each group that tied, among themselves. */
export type RollOffRound = RollOffRoll[];

/** One seat's scorepad column. */
export interface Sheet {
  /** Score of each phase by phase number − 1; null until made. */
  scores: (number | null)[];
  /** The phase being tried, 1–10; 11 once Phase 10 is made. */
  phase: number;
  fivePhaseBonus: number;
  firstFinishBonus: number;
  /** Turns that ended without making the phase (costs points in solitaire). */
  failedTurns: number;
  /** Failed turns at the current phase, for solitaire's first-try rule. */
  missesAtPhase: number;
  /** The total after each of this seat's turns, for the score-by-round chart. */
  running: number[];
}

/** The turn being played. */
export interface Turn {
  seat: number;
  /** Rolls made so far this turn, 0–2 (the third ends the turn). */
  rolls: number;
  /** Face index shown by each die, or null before the first roll. */
  faces: number[] | null;
  /** Dice that were set aside (not rolled) on the latest roll, ascending. */
  kept: number[];
}

/** How a finished turn went, kept so screens can show it after play moves on. */
export interface TurnResult {
  seat: number;
  phase: number;
  /** The best way the dice made the phase, or null if they did not. */
  made: PhaseScore | null;
  /** The face index of each die at the end of the turn. */
  faces: number[];
  fivePhaseBonus: number;
  firstFinishBonus: number;
  /** Points lost for this turn (solitaire only). */
  penalty: number;
  /** True when the turn was part of a final sequence. */
  final: boolean;
}

/**
 * `playing`: normal turns in turn order. `final`: someone made Phase 10 and the
 * others take their final sequences. `over`: the game has ended.
 */
export type Stage = 'playing' | 'final' | 'over';

/** The whole game, as plain JSON. */
export interface TenPhasesState {
  /** Seats in turn order, decided by the roll-off. */
  order: number[];
  rollOff: RollOffRound[];
  /** One sheet per seat, by seat number. */
  sheets: Sheet[];
  stage: Stage;
  /** The turn being played, or null once the game is over. */
  turn: Turn | null;
  /** The first seat to make Phase 10, once someone has. */
  firstFinisher: number | null;
  /** Seats still to play their final sequence, in turn order; the first is playing it. */
  finalQueue: number[];
  /** Seats that earn the first-finish bonus if they make Phase 10 in their final sequence. */
  bonusEligible: number[];
  lastTurn: TurnResult | null;
}

/** A game of one seat is solitaire, with its own penalty and first-try rule. */
export function isSolitaire(state: TenPhasesState): boolean {
  return state.sheets.length === 1;
}

/** The sum of the phases a sheet has made, without bonuses. */
export function phaseTotal(sheet: Sheet): number {
  return sheet.scores.reduce<number>((sum, s) => sum + (s ?? 0), 0);
}

/** Points a sheet has lost to the solitaire penalty so far. */
export function penaltyOf(sheet: Sheet, solitaire: boolean): number {
  return solitaire ? SOLITAIRE_PENALTY * sheet.failedTurns : 0;
}

/** A sheet's grand total: phases, bonuses, less any solitaire penalty. */
export function sheetTotal(sheet: Sheet, solitaire: boolean): number {
  return phaseTotal(sheet) + sheet.fivePhaseBonus + sheet.firstFinishBonus - penaltyOf(sheet, solitaire);
}

/** Final standings once the game is over: highest grand total first, equal totals share a place. */
export function outcomeOf(state: TenPhasesState): Outcome | null {
  if (state.stage !== 'over') return null;
  const solitaire = isSolitaire(state);
  const standings = rankSeats(
    state.sheets.map((sheet, seat) => {
      const score = sheetTotal(sheet, solitaire);
      return { seat, key: [score], score };
    }),
  );
  return { standings, winners: standings.filter((s) => s.place === 1).map((s) => s.seat) };
}

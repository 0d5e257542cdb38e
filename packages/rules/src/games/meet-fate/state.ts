import { rankSeats, type AwaitedSeat, type Outcome } from '../../core/define-game.js';
import type { MeetFateAction } from './actions.js';
import { BOX_IDS, scoreAll, type BoxId } from './scoring.js';

/** One seat's sheet: each box's score once filled (null while open), and the order they were filled. */
export interface Sheet {
  boxes: Record<BoxId, number | null>;
  /** Boxes in the order this seat filled them, one per turn. */
  order: BoxId[];
}

/** The turn in progress. */
export interface Turn {
  seat: number;
  /** Rolls made this turn, 0 to 3. */
  rolls: number;
  /** The six dice by position; empty before the turn's first roll. */
  dice: number[];
  /** Positions kept on the latest roll (the others were rolled). */
  held: number[];
}

/** The box the previous turn filled, so screens can say what just happened. */
export interface LastFill {
  seat: number;
  box: BoxId;
  score: number;
  dice: number[];
}

/** The whole game as plain JSON. */
export interface MeetFateState {
  /** The seat that played first: rounds start with it. */
  firstSeat: number;
  sheets: Sheet[];
  turn: Turn;
  lastFill: LastFill | null;
  /** Set when a seat rolled six 8s; the game is then over and that seat has won. */
  f8: { seat: number; roll: number } | null;
}

/** Rolls allowed in one turn. */
export const MAX_ROLLS = 3;

/** A sheet with every box open. */
export function emptySheet(): Sheet {
  return {
    boxes: Object.fromEntries(BOX_IDS.map((box) => [box, null])) as Record<BoxId, number | null>,
    order: [],
  };
}

/** The boxes still open on a sheet, in sheet order. */
export function openBoxes(sheet: Sheet): BoxId[] {
  return BOX_IDS.filter((box) => sheet.boxes[box] === null);
}

/** A sheet's total so far: there is no bonus, so it is the plain sum of its boxes. */
export function sheetTotal(sheet: Sheet): number {
  return BOX_IDS.reduce((total, box) => total + (sheet.boxes[box] ?? 0), 0);
}

/** True once an F8 was rolled or every sheet is full. */
export function isOver(state: MeetFateState): boolean {
  return state.f8 !== null || state.sheets.every((sheet) => openBoxes(sheet).length === 0);
}

/**
 * What each open box of the active seat would score with the dice on the
 * table, in sheet order; empty before the turn's first roll.
 */
export function openBoxScores(state: MeetFateState): { box: BoxId; score: number }[] {
  const sheet = state.sheets[state.turn.seat];
  if (sheet === undefined || state.turn.rolls === 0) return [];
  const scores = scoreAll(state.turn.dice);
  return openBoxes(sheet).map((box) => ({ box, score: scores[box] }));
}

/** The open boxes that would score the most with the dice on the table, in sheet order. */
export function bestBoxes(state: MeetFateState): BoxId[] {
  const options = openBoxScores(state);
  const top = Math.max(...options.map((o) => o.score));
  return options.filter((o) => o.score === top).map((o) => o.box);
}

/**
 * The seat to move, and what a timer does for it when its player is absent:
 * roll once, then fill the box the dice on the table score best in (the
 * earliest on the sheet among equals).
 */
export function awaitingOf(state: MeetFateState): AwaitedSeat<MeetFateAction>[] {
  if (isOver(state)) return [];
  const { seat, rolls } = state.turn;
  if (rolls === 0) return [{ seat, fallback: { type: 'roll', hold: [] } }];
  const [box] = bestBoxes(state);
  return box === undefined ? [] : [{ seat, fallback: { type: 'fill', box } }];
}

/**
 * Standings once the game is over: an F8 puts its seat first whatever the
 * totals; everyone else is ranked by total, and equal totals share a place.
 */
export function outcomeOf(state: MeetFateState): Outcome | null {
  if (!isOver(state)) return null;
  const standings = rankSeats(
    state.sheets.map((sheet, seat) => {
      const score = sheetTotal(sheet);
      return { seat, score, key: [state.f8?.seat === seat ? 1 : 0, score] };
    }),
  );
  return { standings, winners: standings.filter((s) => s.place === 1).map((s) => s.seat) };
}

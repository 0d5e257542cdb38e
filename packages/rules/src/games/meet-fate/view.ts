import type { Outcome } from '../../core/define-game.js';
import { BOX_IDS, type BoxId } from './scoring.js';
import {
  bestBoxes,
  isOver,
  MAX_ROLLS,
  openBoxScores,
  outcomeOf,
  sheetTotal,
  type LastFill,
  type MeetFateState,
  type Sheet,
} from './state.js';

/** One seat's sheet as every viewer sees it. */
export interface SheetView {
  seat: number;
  boxes: Record<BoxId, number | null>;
  total: number;
  /** The running total after each of this seat's turns, for the score-by-round chart. */
  running: number[];
}

/** What a viewer of a Meet Fate game receives. Nothing in the game is hidden. */
export interface MeetFateView {
  /** The viewer's own seat, or null for the host screen and spectators. */
  you: number | null;
  firstSeat: number;
  /** The round being played, 1 to 19 (the last one once the game is over). */
  round: number;
  /** The seat whose turn it is, or null once the game is over. */
  active: number | null;
  /** The active seat's dice by position; empty before its first roll. */
  dice: number[];
  /** Positions kept on the latest roll. */
  held: number[];
  rolls: number;
  rollsLeft: number;
  /** For the dice on the table, what each of the active seat's open boxes would score, in sheet order. */
  preview: { box: BoxId; score: number }[];
  /** The open boxes that would score the most (ties give several). */
  best: BoxId[];
  sheets: SheetView[];
  lastFill: LastFill | null;
  /** Who rolled six 8s, and on which roll of their turn. */
  f8: { seat: number; roll: number } | null;
  outcome: Outcome | null;
}

function sheetView(sheet: Sheet, seat: number): SheetView {
  let total = 0;
  const running = sheet.order.map((box) => (total += sheet.boxes[box] ?? 0));
  return { seat, boxes: sheet.boxes, total: sheetTotal(sheet), running };
}

/** The table as everyone sees it; a seat's view adds only which seat is its own. Views share arrays with the state: read, never change. */
export function meetFatePublicView(state: MeetFateState): MeetFateView {
  const over = isOver(state);
  const { turn } = state;
  return {
    you: null,
    firstSeat: state.firstSeat,
    round: Math.min(BOX_IDS.length, (state.sheets[turn.seat]?.order.length ?? 0) + 1),
    active: over ? null : turn.seat,
    dice: turn.dice,
    held: turn.held,
    rolls: turn.rolls,
    rollsLeft: over ? 0 : MAX_ROLLS - turn.rolls,
    preview: over ? [] : openBoxScores(state),
    best: over ? [] : bestBoxes(state),
    sheets: state.sheets.map(sheetView),
    lastFill: state.lastFill,
    f8: state.f8,
    outcome: outcomeOf(state),
  };
}

/**
 * The Meet Fate bot: the exact optimal solitaire strategy. The expected
 * rest-of-game score of every set of filled boxes is precomputed
 * (scripts/meet-fate-solve.ts → optimal-values.ts); each turn is then solved
 * exactly against it (solitaire.ts), which takes a few milliseconds.
 */
import type { Bot } from '../../core/bot.js';
import type { MeetFateAction } from './actions.js';
import { OPTIMAL_VALUES_BASE64, OPTIMAL_VALUE_SCALE } from './optimal-values.js';
import { BOX_IDS, DICE_COUNT, FACES, type BoxId } from './scoring.js';
import { bestFill, bestKeep, FULL_SHEET, solveTurn, type TurnValues } from './solitaire.js';
import { MAX_ROLLS, type MeetFateState, type Sheet } from './state.js';

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 to bytes; written out because the rules run where `atob` and `Buffer` may not exist. */
function decodeBase64(text: string): Uint8Array {
  const digit = new Uint8Array(128);
  for (let i = 0; i < BASE64_DIGITS.length; i++) digit[BASE64_DIGITS.charCodeAt(i)] = i;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const group =
      (digit[text.charCodeAt(i)]! << 18) |
      (digit[text.charCodeAt(i + 1)]! << 12) |
      (digit[text.charCodeAt(i + 2)]! << 6) |
      digit[text.charCodeAt(i + 3)]!;
    for (const shift of [16, 8, 0]) if (at < bytes.length) bytes[at++] = (group >> shift) & 0xff;
  }
  return bytes;
}

let table: Float64Array | undefined;
/** The optimal table, decoded on first use (the string stays in the module). */
function optimalValues(): Float64Array {
  if (table !== undefined) return table;
  const bytes = decodeBase64(OPTIMAL_VALUES_BASE64);
  const values = new Float64Array(FULL_SHEET + 1);
  for (let i = 0; i < values.length; i++) {
    values[i] = ((bytes[2 * i] ?? 0) | ((bytes[2 * i + 1] ?? 0) << 8)) / OPTIMAL_VALUE_SCALE;
  }
  table = values;
  return values;
}

/** The expected rest-of-game score of optimal solitaire play from this set of filled boxes. */
export function optimalValue(filled: number): number {
  return filled === FULL_SHEET ? 0 : (optimalValues()[filled] ?? 0);
}

let lastTurn: { filled: number; values: TurnValues } | undefined;
/** One turn solved against the table; a turn's second decision reuses its first's work. */
function turnValues(filled: number): TurnValues {
  if (lastTurn?.filled !== filled) lastTurn = { filled, values: solveTurn(filled, optimalValue) };
  return lastTurn.values;
}

/** A sheet's filled boxes as a mask: bit b for the b-th box in sheet order. */
export function filledMask(sheet: Sheet): number {
  return BOX_IDS.reduce((mask, box, b) => (sheet.boxes[box] === null ? mask : mask | (1 << b)), 0);
}

/** What the optimal strategy does with the dice on the table. */
export type MeetFateAdvice =
  | { kind: 'roll'; hold: number[] }
  | { kind: 'fill'; box: BoxId };

/**
 * The optimal move for the active seat's turn. With opponents at the table an
 * F8 wins the game outright, so five 8s with a roll left always roll the
 * sixth die for it, whatever the sheet says.
 */
export function meetFateAdvice(state: MeetFateState): MeetFateAdvice {
  const { turn } = state;
  const sheet = state.sheets[turn.seat];
  if (sheet === undefined) throw new Error(`seat ${turn.seat} has no sheet`);
  if (turn.rolls === 0) return { kind: 'roll', hold: [] };
  const filled = filledMask(sheet);
  if (turn.rolls < MAX_ROLLS) {
    const eights = turn.dice.flatMap((d, i) => (d === FACES ? [i] : []));
    if (state.sheets.length > 1 && eights.length === DICE_COUNT - 1) return { kind: 'roll', hold: eights };
    const hold = bestKeep(turnValues(filled), turn.rolls as 1 | 2, turn.dice);
    if (hold !== null) return { kind: 'roll', hold };
  }
  const box = BOX_IDS[bestFill(filled, turn.dice, optimalValue)];
  if (box === undefined) throw new Error('a turn in play always has an open box');
  return { kind: 'fill', box };
}

/** Plays the optimal solitaire strategy; `random` is not needed. */
export const meetFateBot: Bot<MeetFateState, MeetFateAction> = (state) => {
  const advice = meetFateAdvice(state);
  return advice.kind === 'roll' ? { type: 'roll', hold: advice.hold } : { type: 'fill', box: advice.box };
};

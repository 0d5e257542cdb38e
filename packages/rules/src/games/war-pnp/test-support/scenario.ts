/**
 * Builders for the tests: sheets with given boxes filled and games standing
 * at a given step, so each test states only what its case is about.
 */
import type { GameEvent } from '../../../core/define-game.js';
import { type Dice, noDice, scriptedDice } from '../../../core/dice.js';
import type { RuleErrorCode } from '../../../core/errors.js';
import type { Declaration, Effect, WarAction } from '../actions.js';
import { applyWar } from '../apply.js';
import { newGame, recordRoll } from '../round.js';
import {
  type ColumnId,
  emptySheet,
  type PointsMark,
  pointsColumn,
  type PowerName,
  powerRow,
  type Sheet,
} from '../sheet.js';
import type { WarState } from '../state.js';

/** Which boxes a test sheet has: rows by face with their power and how many boxes, columns by how many boxes. */
export interface SheetSpec {
  powers?: Partial<Record<1 | 2 | 3 | 4 | 5 | 6, [PowerName, number]>>;
  points?: Partial<Record<ColumnId, number>>;
  marks?: { column: ColumnId; box: number; mark: PointsMark }[];
  withering?: Partial<Record<ColumnId, number>>;
  traps?: { value: number; owner: number }[];
}

/** A sheet whose rows and columns have their first boxes filled as the spec says. */
export function sheetWith(spec: SheetSpec): Sheet {
  const sheet = emptySheet();
  for (const [face, entry] of Object.entries(spec.powers ?? {})) {
    if (!entry) continue;
    const row = powerRow(sheet, Number(face));
    row.name = entry[0];
    for (let i = 0; i < entry[1]; i++) row.filled[i] = true;
  }
  for (const [column, count] of Object.entries(spec.points ?? {})) {
    const col = pointsColumn(sheet, column as ColumnId);
    for (let i = 0; i < (count ?? 0); i++) col.filled[i] = true;
  }
  for (const m of spec.marks ?? []) pointsColumn(sheet, m.column).marks[m.box - 1] = m.mark;
  for (const [column, w] of Object.entries(spec.withering ?? {})) {
    pointsColumn(sheet, column as ColumnId).withering = w ?? 0;
  }
  sheet.traps = [...(spec.traps ?? [])];
  return sheet;
}

/** A game in round 1 waiting for the main player's roll. */
export function readyToRoll(
  sheets: Sheet[],
  opts: { main?: number; scores?: number[]; round?: number; hardDecisions?: boolean } = {},
): WarState {
  const state = newGame(sheets.length, { hardDecisions: opts.hardDecisions ?? false }, opts.main ?? 0);
  state.sheets = sheets;
  state.scores = opts.scores ?? sheets.map(() => 0);
  state.round = opts.round ?? 1;
  state.step = { kind: 'roll' };
  return state;
}

/** A game just rolled with these dice, without going through `apply`. */
export function rolled(state: WarState, dice: [number, number]): WarState {
  const next = JSON.parse(JSON.stringify(state)) as WarState;
  recordRoll(next, dice, []);
  return next;
}

/** Applies an action that must be accepted; a refusal fails the test with its code. */
export function play(state: WarState, seat: number, action: WarAction, dice: Dice = noDice): WarState {
  return playWithEvents(state, seat, action, dice).state;
}

/** Like `play`, also returning the events. */
export function playWithEvents(
  state: WarState,
  seat: number,
  action: WarAction,
  dice: Dice = noDice,
): { state: WarState; events: GameEvent[] } {
  const result = applyWar(state, seat, action, { dice });
  if (!result.ok) throw new Error(`seat ${seat} was refused ${action.type}: ${result.error.code}`);
  return { state: result.state, events: result.events };
}

/** The code an action is refused with, checking the state was left as it was. */
export function refusal(state: WarState, seat: number, action: WarAction, dice: Dice = noDice): RuleErrorCode {
  const before = JSON.stringify(state);
  const result = applyWar(state, seat, action, { dice });
  if (JSON.stringify(state) !== before) throw new Error('a refused action changed its input');
  if (result.ok) throw new Error(`seat ${seat}'s ${action.type} was accepted`);
  return result.error.code;
}

/** Rolls the given dice through `apply` (the main player's roll). */
export function roll(state: WarState, dice: [number, number]): WarState {
  return play(state, state.main, { type: 'roll' }, scriptedDice(dice));
}

/** Two players declare together; a seat the roll gave no activation sends nothing. */
export function declareBoth(state: WarState, first: Declaration[], second: Declaration[]): WarState {
  let next = state;
  [first, second].forEach((declarations, seat) => {
    if ((next.turn?.activations[seat]?.length ?? 0) > 0) next = play(next, seat, { type: 'declare', declarations });
  });
  return next;
}

/** A declaration that uses activation `activation` with `effect`. */
export function use(activation: number, effect: Effect): Declaration {
  return { activation, effect };
}

/** A declaration that passes activation `activation`. */
export function pass(activation: number): Declaration {
  return { activation, pass: true };
}

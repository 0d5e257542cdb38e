import { defineGame, seatNumberView, type ApplyResult, type GameEvent } from '../../core/define-game.js';
import type { Dice } from '../../core/dice.js';
import { ruleError, type RuleErrorCode } from '../../core/errors.js';
import { hostGame } from '../../core/host-game.js';
import { MeetFateAction, type MeetFateOptions } from './actions.js';
import { entry } from './catalogue.js';
import { parts } from './parts.js';
import { DICE_COUNT, FACES, isF8, scoreBox, type BoxId } from './scoring.js';
import {
  awaitingOf,
  emptySheet,
  isOver,
  MAX_ROLLS,
  outcomeOf,
  type MeetFateState,
  type Sheet,
} from './state.js';
import { meetFatePublicView, type MeetFateView } from './view.js';

export * from './catalogue.js';

type Result = ApplyResult<MeetFateState>;

const refuse = (code: RuleErrorCode): Result => ({ ok: false, error: ruleError(code) });

/** A fresh turn for `seat`: no dice on the table yet. */
const freshTurn = (seat: number): MeetFateState['turn'] => ({ seat, rolls: 0, dice: [], held: [] });

function roll(state: MeetFateState, seat: number, hold: readonly number[], dice: Dice): Result {
  const { turn } = state;
  if (turn.rolls >= MAX_ROLLS) return refuse('rule/meet-fate-rolls-used-up');
  if (turn.rolls === 0 && hold.length > 0) return refuse('rule/meet-fate-hold-before-roll');
  if (hold.some((i) => i < 0 || i >= DICE_COUNT)) return refuse('rule/die-out-of-range');
  if (new Set(hold).size !== hold.length) return refuse('rule/die-repeated');
  if (hold.length === DICE_COUNT) return refuse('rule/meet-fate-all-dice-held');

  // Dice not kept are rolled in position order, so a scripted or replayed
  // generator always lands the same number on the same die.
  const kept = new Set(hold);
  const values = Array.from({ length: DICE_COUNT }, (_, i) =>
    kept.has(i) ? (turn.dice[i] ?? dice.roll(FACES)) : dice.roll(FACES),
  );
  const rolls = turn.rolls + 1;
  const held = [...hold].sort((a, b) => a - b);
  const events: GameEvent[] = [{ type: 'rolled', seat, roll: rolls, dice: [...values], held: [...held] }];
  const f8 = isF8(values) ? { seat, roll: rolls } : null;
  if (f8 !== null) events.push({ type: 'f8', seat, roll: rolls });
  return {
    ok: true,
    state: { ...state, turn: { seat, rolls, dice: values, held }, f8 },
    events,
  };
}

function fill(state: MeetFateState, seat: number, box: BoxId): Result {
  const { turn } = state;
  const sheet = state.sheets[seat];
  if (sheet === undefined) return refuse('rule/unknown-seat');
  if (turn.rolls === 0) return refuse('rule/meet-fate-roll-first');
  if (sheet.boxes[box] !== null) return refuse('rule/meet-fate-box-filled');

  const score = scoreBox(box, turn.dice);
  const filled: Sheet = { boxes: { ...sheet.boxes, [box]: score }, order: [...sheet.order, box] };
  const sheets = state.sheets.map((s, i) => (i === seat ? filled : s));
  const next = (seat + 1) % sheets.length;
  const nextState: MeetFateState = {
    ...state,
    sheets,
    turn: freshTurn(next),
    lastFill: { seat, box, score, dice: [...turn.dice] },
  };
  const events: GameEvent[] = [{ type: 'filled', seat, box, score }];
  events.push(isOver(nextState) ? { type: 'game-over' } : { type: 'turn', seat: next });
  return { ok: true, state: nextState, events };
}

// The game's rules alone: the game is them with its parts hung off (at the end).
const rules = defineGame<MeetFateOptions, MeetFateState, MeetFateAction, MeetFateView>({
  ...entry,
  action: MeetFateAction,

  // A rematch starts with the last game's winner (the first of them on a shared win).
  rematchOptions(options, outcome) {
    const winner = outcome.winners[0];
    return winner === undefined ? options : { ...options, firstSeat: winner };
  },

  setup({ seats, options }) {
    const firstSeat = options.firstSeat < seats ? options.firstSeat : 0;
    return {
      firstSeat,
      sheets: Array.from({ length: seats }, emptySheet),
      turn: freshTurn(firstSeat),
      lastFill: null,
      f8: null,
    };
  },

  apply(state, seat, action, { dice }) {
    if (isOver(state)) return refuse('rule/game-over');
    if (seat !== state.turn.seat) return refuse('rule/not-your-turn');
    return action.type === 'roll' ? roll(state, seat, action.hold, dice) : fill(state, seat, action.box);
  },

  publicView: meetFatePublicView,
  ownView: seatNumberView,

  awaiting: awaitingOf,

  outcome: outcomeOf,

  seatCount: (state) => state.sheets.length,
});

/**
 * Meet Fate (F8): six d8, up to three rolls a turn, one box filled per turn
 * on a 19-box sheet; six 8s on any roll win on the spot.
 */
export const meetFate = hostGame(rules, parts);

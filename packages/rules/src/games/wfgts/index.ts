/**
 * Waiting for the Game to Start, designed by Jonathan Leistiko.
 *
 * Everyone plays the same shared rolls at once: after each roll every seat
 * locks in which dice to keep, and when all have, the server rolls again.
 * Six rounds of three lines; line c is scored as runs and sets.
 */
import { defineGame, rankSeats, type ApplyResult, type AwaitedSeat, type GameEvent } from '../../core/define-game.js';
import { rollAll, type Dice } from '../../core/dice.js';
import { ruleError, type RuleErrorCode } from '../../core/errors.js';
import { hostGame } from '../../core/host-game.js';
import { entry, MAX_SEATS } from './catalogue.js';
import { wfgtsAction, type ScoreChoice, type WfgtsAction, type WfgtsOptions } from './actions.js';
import { parts } from './parts.js';
import { bestGrouping, DICE, junkScore, SIDES } from './scoring.js';
import {
  currentRound,
  junkUsed,
  LINES,
  newestLine,
  ROUNDS,
  totalOf,
  type RoundScore,
  type SeatSheet,
  type WfgtsState,
} from './state.js';
import { publicView, wfgtsOwnInputs, wfgtsOwnView, type WfgtsView } from './view.js';

export * from './catalogue.js';

const refuse = (code: RuleErrorCode): ApplyResult<WfgtsState> => ({ ok: false, error: ruleError(code) });

/** Start a new round: everyone's line a is the same fresh roll. */
function startRound(sheets: SeatSheet[], roll: number[]): SeatSheet[] {
  return sheets.map((sheet) => ({
    rounds: [...sheet.rounds, { lines: [roll], carries: [], score: null }],
    pendingCarry: null,
  }));
}

/** Every seat's carry is in: roll once and build each seat's next line from it. */
function rollNextLine(state: WfgtsState, dice: Dice, events: GameEvent[]): WfgtsState {
  const roll = rollAll(dice, SIDES);
  const line = state.line === 'a' ? 'b' : 'c';
  const sheets = state.sheets.map((sheet) => {
    const carry = sheet.pendingCarry ?? [];
    const next = newestLine(sheet).map((n, column) => (carry.includes(column) ? n : (roll[column] ?? n)));
    const round = currentRound(sheet);
    return {
      rounds: [...sheet.rounds.slice(0, -1), { ...round, lines: [...round.lines, next], carries: [...round.carries, carry] }],
      pendingCarry: null,
    };
  });
  const rolls = [...state.rolls.slice(0, -1), [...(state.rolls.at(-1) ?? []), roll]];
  events.push({ type: 'rolled', round: state.round, line, dice: [...roll] });
  return { ...state, line, step: line === 'c' ? 'score' : 'carry', rolls, sheets };
}

function carry(state: WfgtsState, seat: number, picked: number[], dice: Dice): ApplyResult<WfgtsState> {
  if (state.sheets[seat] === undefined) return refuse('rule/unknown-seat');
  if (state.step !== 'carry') return refuse('rule/wrong-step');
  const seen = new Set<number>();
  for (const column of picked) {
    if (column < 0 || column >= DICE.length) return refuse('rule/die-out-of-range');
    if (seen.has(column)) return refuse('rule/die-repeated');
    seen.add(column);
  }
  const pendingCarry = [...seen].sort((a, b) => a - b);
  const sheets = state.sheets.map((sheet, i) => (i === seat ? { ...sheet, pendingCarry } : sheet));
  const events: GameEvent[] = [{ type: 'carry-locked', seat }];
  const locked = { ...state, sheets };
  if (sheets.some((sheet) => sheet.pendingCarry === null)) return { ok: true, state: locked, events };
  return { ok: true, state: rollNextLine(locked, dice, events), events };
}

function score(state: WfgtsState, seat: number, choice: ScoreChoice, dice: Dice): ApplyResult<WfgtsState> {
  if (state.step !== 'score') return refuse('rule/wrong-step');
  const sheet = state.sheets[seat];
  if (sheet === undefined) return refuse('rule/unknown-seat');
  const round = currentRound(sheet);
  if (round.score !== null) return refuse('rule/wfgts-already-scored');
  if (choice === 'junk' && junkUsed(sheet)) return refuse('rule/junk-used');

  const lineC = newestLine(sheet);
  const scored: RoundScore =
    choice === 'junk' ? { choice, score: junkScore(lineC), groups: [] } : { choice, ...bestGrouping(lineC) };
  const sheets = state.sheets.map((s, i) =>
    i === seat ? { ...s, rounds: [...s.rounds.slice(0, -1), { ...round, score: scored }] } : s,
  );
  const events: GameEvent[] = [{ type: 'scored', seat, round: state.round, choice, score: scored.score }];
  if (sheets.some((s) => currentRound(s).score === null)) return { ok: true, state: { ...state, sheets }, events };

  events.push({ type: 'round-ended', round: state.round });
  if (state.round === ROUNDS) {
    events.push({ type: 'game-over' });
    return { ok: true, state: { ...state, sheets, step: 'over' }, events };
  }
  const roll = rollAll(dice, SIDES);
  const next = state.round + 1;
  events.push({ type: 'rolled', round: next, line: 'a', dice: [...roll] });
  return {
    ok: true,
    state: { round: next, line: 'a', step: 'carry', rolls: [...state.rolls, [roll]], sheets: startRound(sheets, roll) },
    events,
  };
}

/** The highest sum of the numbers on any of a seat's c lines: the tie-break. */
export function bestLineCSum(sheet: SeatSheet): number {
  return Math.max(0, ...sheet.rounds.map((r) => (r.lines.length === LINES.length ? junkScore(r.lines[2] ?? []) : 0)));
}

// The game's rules alone: the game is them with its parts hung off (at the end).
const rules = defineGame<WfgtsOptions, WfgtsState, WfgtsAction, WfgtsView>({
  ...entry,
  action: wfgtsAction,

  setup({ seats, dice }) {
    if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) {
      throw new RangeError(`wfgts is played by 1 to ${MAX_SEATS} seats, not ${seats}`);
    }
    const roll = rollAll(dice, SIDES);
    const empty: SeatSheet[] = Array.from({ length: seats }, () => ({ rounds: [], pendingCarry: null }));
    return { round: 1, line: 'a', step: 'carry', rolls: [[roll]], sheets: startRound(empty, roll) };
  },

  apply(state, seat, action, { dice }) {
    if (state.step === 'over') return refuse('rule/game-over');
    return action.type === 'carry' ? carry(state, seat, action.dice, dice) : score(state, seat, action.choice, dice);
  },

  publicView,
  ownView: wfgtsOwnView,
  ownInputs: wfgtsOwnInputs,

  /** Seats still to choose; a timer carries nothing for a silent seat and scores its best grouping. */
  awaiting(state): AwaitedSeat<WfgtsAction>[] {
    if (state.step === 'carry') {
      return state.sheets.flatMap((s, seat) =>
        s.pendingCarry === null ? [{ seat, fallback: { type: 'carry', dice: [] } }] : [],
      );
    }
    if (state.step === 'score') {
      return state.sheets.flatMap((s, seat) =>
        currentRound(s).score === null ? [{ seat, fallback: { type: 'score', choice: 'best' } }] : [],
      );
    }
    return [];
  },

  outcome(state) {
    if (state.step !== 'over') return null;
    // The best line c breaks a tie for the win only: below it, equal points share a place.
    const top = Math.max(...state.sheets.map(totalOf));
    const standings = rankSeats(
      state.sheets.map((sheet, seat) => {
        const score = totalOf(sheet);
        return { seat, score, key: [score, score === top ? bestLineCSum(sheet) : 0] };
      }),
    );
    return { standings, winners: standings.filter((s) => s.place === 1).map((s) => s.seat) };
  },

  seatCount: (state) => state.sheets.length,
});

/** The game object for Waiting for the Game to Start. */
export const game = hostGame(rules, parts);

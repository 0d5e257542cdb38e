import { type Outcome, rankSeats } from '../../core/define-game.js';
import type { WarState } from './state.js';

/** The score that ends the game when it is reached and not tied. */
export const WINNING_SCORE = 100;

/** The last round of the "Hard decisions" option, unless it ends tied. */
export const HARD_DECISIONS_ROUNDS = 20;

/**
 * True when the round just played ends the game: someone has 100 or more (or,
 * with "Hard decisions", round 20 is over) and the top score is not tied. A
 * tie at the top always plays another round.
 */
export function gameEnds(state: WarState): boolean {
  const top = Math.max(...state.scores);
  if (state.scores.filter((s) => s === top).length > 1) return false;
  return top >= WINNING_SCORE || (state.options.hardDecisions && state.round >= HARD_DECISIONS_ROUNDS);
}

/** Final standings by score once the game is over, else null. */
export function warOutcome(state: WarState): Outcome | null {
  if (state.step.kind !== 'over') return null;
  const standings = rankSeats(state.scores.map((score, seat) => ({ seat, key: [score], score })));
  return { standings, winners: standings.filter((s) => s.place === 1).map((s) => s.seat) };
}

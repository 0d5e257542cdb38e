import { type WarPlan, warPnpPlan } from './bot.js';
import type { Step, WarState } from './state.js';

/**
 * The game as one seat may know it: every other seat's pending choice of the
 * step (hidden picks, two-player declarations, gains) is taken out, as if
 * they had not chosen yet. Its own pending choice and everything public stay.
 */
export function ownSight(state: WarState, seat: number): WarState {
  const mine = <T>(slots: readonly (T | null)[]): (T | null)[] => slots.map((slot, s) => (s === seat ? slot : null));
  const step: Step = state.step;
  let seen: Step;
  switch (step.kind) {
    case 'setup':
    case 'develop':
    case 'grow':
      seen = { ...step, picks: mine(step.picks) };
      break;
    case 'declare':
      seen = step.together ? { ...step, pending: mine(step.pending) } : step;
      break;
    case 'gain':
      seen = { ...step, choices: mine(step.choices) };
      break;
    case 'roll':
    case 'traps':
    case 'over':
      seen = step;
  }
  return { ...state, step: seen };
}

/**
 * A seat's hint: its bot's move worked out from what the seat may know (see
 * `ownSight`), so it never tells another seat's hidden choice, with the
 * figures behind it. Null when the seat only has the dice to roll: there is
 * nothing to choose.
 */
export function warPnpHint(state: WarState, seat: number, random: () => number): WarPlan | null {
  if (state.step.kind === 'roll') return null;
  return warPnpPlan(ownSight(state, seat), seat, random);
}

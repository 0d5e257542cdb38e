import { defineGame } from '../../core/define-game.js';
import { warAction } from './actions.js';
import { applyWar } from './apply.js';
import { warAwaiting } from './awaiting.js';
import { warOutcome } from './end.js';
import { warOptions } from './options.js';
import { newGame } from './round.js';
import { warOwnInputs, warOwnView, warPublicView } from './view.js';

/** Write And Roll: Powers 'n Points, by Jonathan Leistiko: write first, then roll two dice. */
export const warPnp = defineGame({
  id: 'war-pnp',
  name: "Write And Roll: Powers 'n Points",
  designer: 'Jonathan Leistiko',
  players: { min: 2, max: 6 },
  options: warOptions,
  action: warAction,
  // The first main player is drawn with the table's dice, like every other random choice.
  setup: ({ seats, options, dice }) => newGame(seats, options, dice.roll(seats) - 1),
  apply: applyWar,
  publicView: warPublicView,
  ownView: warOwnView,
  ownInputs: warOwnInputs,
  awaiting: warAwaiting,
  outcome: warOutcome,
  seatCount: (state) => state.seats,
});

export * from './actions.js';
export { activationsFor, erasableMarks, legalTargets, type LegalTargets, opponentsOf } from './activate.js';
export {
  developNeed,
  developSheet,
  type DevelopNeed,
  legalDevelopments,
  type LegalDevelopments,
  SETUP_DEVELOPMENTS,
} from './develop.js';
export { HARD_DECISIONS_ROUNDS, WINNING_SCORE } from './end.js';
export {
  bestGain,
  bestGainBox,
  bendReach,
  gainOptions,
  gainOptionsFor,
  type GainOption,
  gainPoints,
  legalBends,
} from './gain.js';
export { warOptions } from './options.js';
export * from './sheet.js';
export type * from './state.js';
export { tableOrder } from './state.js';
export { highestValueBox, removableBoxes } from './traps.js';
export type { StepView, WarView, YouView } from './view.js';

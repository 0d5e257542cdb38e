import { defineGame } from '../../core/define-game.js';
import { hostGame } from '../../core/host-game.js';
import { warAction } from './actions.js';
import { applyWar } from './apply.js';
import { warAwaiting } from './awaiting.js';
import { entry } from './catalogue.js';
import { warOutcome } from './end.js';
import { parts } from './parts.js';
import { newGame } from './round.js';
import { warOwnInputs, warOwnView, warPublicView } from './view.js';

// The game's rules alone: the game is them with its parts hung off (at the end).
const rules = defineGame({
  ...entry,
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

export * from './catalogue.js';

/** Write And Roll: Powers 'n Points, by Jonathan Leistiko: write first, then roll two dice. */
export const warPnp = hostGame(rules, parts);

/**
 * What Meet Fate hangs off its rules (in `index.ts`): its bot at every
 * strength, the hint its phones show and the random player its bots are
 * tested against.
 */
import type { GameParts } from '../../core/host-game.js';
import { pick, someOf } from '../../core/random-choice.js';
import type { MeetFateAction } from './actions.js';
import { meetFateBot } from './bot.js';
import { DICE_COUNT } from './scoring.js';
import { awaitingOf, MAX_ROLLS, openBoxes, openBoxScores, type MeetFateState } from './state.js';

/** What a Meet Fate phone is hinted: the box to fill or the dice to hold. */
export type MeetFateHint = {
  game: 'meet-fate';
  action: MeetFateAction;
};

/** What Meet Fate hangs off its rules besides its catalogue entry. */
export const parts: GameParts<MeetFateState, MeetFateHint> = {
  bot: meetFateBot,
  // Fill the best box after one roll; the slip fills the second best.
  beginner: {
    greedy: (state) => awaitingOf(state)[0]?.fallback,
    slip: (state) => {
      const second = openBoxScores(state).sort((a, b) => b.score - a.score)[1];
      return second === undefined ? undefined : { type: 'fill', box: second.box };
    },
  },
  hint: (state, seat, random): MeetFateHint => ({ game: 'meet-fate', action: meetFateBot(state, seat, random) }),
  randomPlayer: (state, seat, random) => {
    const { rolls } = state.turn;
    if (rolls === 0) return { type: 'roll', hold: [] };
    if (rolls === MAX_ROLLS || random() < 0.5) return { type: 'fill', box: pick(random, openBoxes(state.sheets[seat]!)) };
    return { type: 'roll', hold: someOf(random, DICE_COUNT) };
  },
};

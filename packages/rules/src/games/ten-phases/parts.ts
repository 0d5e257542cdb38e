/**
 * What Ten Phases hangs off its rules (in `index.ts`): its bot at every
 * strength, the hint its phones show and the random player its bots are
 * tested against.
 */
import type { GameParts } from '../../core/host-game.js';
import { someOf } from '../../core/random-choice.js';
import type { TenPhasesAction } from './actions.js';
import { tenPhasesBot, tenPhasesPlan } from './bot.js';
import { DICE, facesOf } from './dice.js';
import { scorePhase } from './scoring.js';
import type { TenPhasesState } from './state.js';

/** What a Ten Phases phone is hinted: the dice to keep or to stop, and the chance to make the phase this turn. */
export type TenPhasesHint = {
  game: 'ten-phases';
  action: TenPhasesAction;
  chance: number | null;
};

/** What Ten Phases hangs off its rules besides its catalogue entry. */
export const parts: GameParts<TenPhasesState, TenPhasesHint> = {
  bot: tenPhasesBot,
  // Roll all ten until the phase is made, then stop; the slip rolls all ten again on a phase already made.
  beginner: {
    greedy: (state, seat) => {
      const faces = state.turn?.faces ?? null;
      if (faces === null) return { type: 'roll', keep: [] };
      return scorePhase(state.sheets[seat]!.phase, facesOf(faces)) !== null ? { type: 'stop' } : { type: 'roll', keep: [] };
    },
    slip: (state) => (state.turn?.faces ? { type: 'roll', keep: [] } : undefined),
  },
  hint: (state, seat, random): TenPhasesHint => ({ game: 'ten-phases', ...tenPhasesPlan(state, seat, random) }),
  randomPlayer: (state, _seat, random) => {
    if (state.turn?.faces === null) return { type: 'roll', keep: [] };
    return random() < 1 / 3 ? { type: 'stop' } : { type: 'roll', keep: someOf(random, DICE.length) };
  },
};

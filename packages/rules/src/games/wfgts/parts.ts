/**
 * What Waiting for the Game to Start hangs off its rules (in `index.ts`):
 * its bot at every strength, the hint its phones show and the random player
 * its bots are tested against.
 */
import type { GameParts } from '../../core/host-game.js';
import type { WfgtsAction } from './actions.js';
import { quickGrouping, wfgtsBot } from './bot.js';
import { DICE, junkScore } from './scoring.js';
import { junkUsed, newestLine, type WfgtsState } from './state.js';

/** What a wfgts phone is hinted: the dice to carry or how to score line c. */
export type WfgtsHint = {
  game: 'wfgts';
  action: WfgtsAction;
};

/** What Waiting for the Game to Start hangs off its rules besides its catalogue entry. */
export const parts: GameParts<WfgtsState, WfgtsHint> = {
  bot: wfgtsBot,
  // Carry the groups the line shows and score the larger of grouping and junk; the slip carries nothing.
  beginner: {
    greedy: (state, seat) => {
      const sheet = state.sheets[seat]!;
      const line = newestLine(sheet);
      if (state.step === 'carry') {
        const { mask } = quickGrouping(line);
        return { type: 'carry', dice: DICE.map((d) => d.column).filter((c) => (mask & (1 << c)) !== 0) };
      }
      const junk = !junkUsed(sheet) && junkScore(line) > quickGrouping(line).score;
      return { type: 'score', choice: junk ? 'junk' : 'best' };
    },
    slip: (state) => (state.step === 'carry' ? { type: 'carry', dice: [] } : undefined),
  },
  hint: (state, seat, random): WfgtsHint => ({ game: 'wfgts', action: wfgtsBot(state, seat, random) }),
  randomPlayer: (state, seat, random) => {
    if (state.step === 'carry') return { type: 'carry', dice: DICE.map((d) => d.column).filter(() => random() < 0.5) };
    const junk = !junkUsed(state.sheets[seat]!) && random() < 0.5;
    return { type: 'score', choice: junk ? 'junk' : 'best' };
  },
};

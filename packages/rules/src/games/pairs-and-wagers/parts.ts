/**
 * What Pairs and Wagers hangs off its rules (in `index.ts`): its bot at
 * every strength, the hint its phones show and the random player its bots
 * are tested against.
 */
import type { GameParts } from '../../core/host-game.js';
import { pick } from '../../core/random-choice.js';
import type { PairsAction } from './actions.js';
import { pairsBot, wagerValues, type WagerValue } from './bot.js';
import { stakeRuleOf, wagerOffers, type PairsState } from './state.js';

/** What a Pairs and Wagers phone is hinted: the move to make, and what each wager open is worth. */
export type PairsHint = {
  game: 'pairs-and-wagers';
  action: PairsAction;
  wagers: WagerValue[];
};

/** Every choice open at this step. */
function choices(state: PairsState): PairsAction[] {
  if (state.phase === 'mid-choice') return [{ type: 'mid-opt-in', join: true }, { type: 'mid-opt-in', join: false }];
  const turn = state.turn!;
  const offered = wagerOffers(turn, stakeRuleOf(state)).flatMap((o): PairsAction[] =>
    o.type === 'bet-odd'
      ? [
          { type: 'bet-odd', call: 'odd' },
          { type: 'bet-odd', call: 'even' },
        ]
      : [{ type: o.type }],
  );
  return [turn.step === 'start' ? { type: 'roll' } : { type: 'end-turn' }, ...offered];
}

/** What Pairs and Wagers hangs off its rules besides its catalogue entry. */
export const parts: GameParts<PairsState, PairsHint> = {
  bot: pairsBot,
  // Never wager; the slip is a wager worth less than none, a hunch played against the odds.
  beginner: {
    greedy: (state) => choices(state).find((a) => a.type === 'roll' || a.type === 'end-turn' || a.type === 'mid-opt-in'),
    slip: (state, seat) => {
      // The first choice is the one without a wager; most wagers are worth more, so only one worth less is a slip.
      const [none, ...wagers] = wagerValues(state, seat);
      return wagers.find((w) => none !== undefined && w.worth < none.worth)?.action;
    },
    // Such a wager is seldom open, so the beginner takes it more often than it slips elsewhere.
    slipShare: 0.8,
  },
  hint: (state, seat, random): PairsHint => ({
    game: 'pairs-and-wagers',
    action: pairsBot(state, seat, random),
    wagers: wagerValues(state, seat),
  }),
  randomPlayer: (state, _seat, random) => pick(random, choices(state)),
};

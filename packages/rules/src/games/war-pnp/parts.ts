/**
 * What Powers 'n Points hangs off its rules (in `index.ts`): its bot at
 * every strength, the hint its phones show and the random player its bots
 * are tested against. Its seats choose at once and in secret, so its easy
 * and fair bots and its hint see the game as their own seat does
 * (`ownSight`).
 */
import type { GameParts } from '../../core/host-game.js';
import { pick } from '../../core/random-choice.js';
import type { WarAction } from './actions.js';
import { warAwaiting } from './awaiting.js';
import { warPnpBot } from './bot.js';
import { gainOptions } from './gain.js';
import { ownSight, warPnpHint } from './hint.js';
import { randomAction } from './random-player.js';
import type { WarState } from './state.js';

/**
 * What a Powers 'n Points phone is hinted: the move to make; `perRoll`, for a
 * development, how many points a roll its Points boxes add on average;
 * `points`, for a gain, what it scores.
 */
export type WarHint = {
  game: 'war-pnp';
  action: WarAction;
  perRoll: number | null;
  points: number | null;
};

/** What Powers \'n Points hangs off its rules besides its catalogue entry. */
export const parts: GameParts<WarState, WarHint> = {
  bot: warPnpBot,
  // What the turn timer does (first legal boxes, pass every power, best gain); the slip gains from any box.
  beginner: {
    greedy: (state, seat) => warAwaiting(state).find((a) => a.seat === seat)?.fallback,
    slip: (state, seat, random) => {
      if (state.step.kind !== 'gain') return undefined;
      const option = pick(random, gainOptions(state, seat));
      return option === undefined ? undefined : { type: 'gain', bend: option.bend, box: option.box };
    },
  },
  ownSight,
  hint: (state, seat, random): WarHint | null => {
    const plan = warPnpHint(state, seat, random);
    return plan === null ? null : { game: 'war-pnp', ...plan };
  },
  randomPlayer: (state, seat, random) => randomAction({ below: (n) => Math.floor(random() * n) }, state, seat),
};

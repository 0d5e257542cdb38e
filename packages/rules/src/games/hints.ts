import { meetFateBot } from './meet-fate/bot.js';
import type { MeetFateAction } from './meet-fate/actions.js';
import type { MeetFateState } from './meet-fate/state.js';
import { pairsBot, wagerValues, type WagerValue } from './pairs-and-wagers/bot.js';
import type { PairsAction } from './pairs-and-wagers/actions.js';
import type { PairsState } from './pairs-and-wagers/state.js';
import { tenPhasesPlan } from './ten-phases/bot.js';
import type { TenPhasesAction } from './ten-phases/actions.js';
import type { TenPhasesState } from './ten-phases/state.js';
import type { WarAction } from './war-pnp/actions.js';
import { warPnpHint } from './war-pnp/hint.js';
import type { WarState } from './war-pnp/state.js';
import { wfgtsBot } from './wfgts/bot.js';
import type { WfgtsAction } from './wfgts/actions.js';
import type { WfgtsState } from './wfgts/state.js';

/**
 * A suggestion for a seat's own next move: the move its bot would make, with
 * what the game's advice adds (the chance to make a phase, each wager's
 * worth). Only for the seat itself, and only from what that seat may see:
 * the bots used here read the dice on the table, the sheets and the seat's
 * own choices, never another seat's pending choice.
 */
export type Hint =
  | { game: 'meet-fate'; action: MeetFateAction }
  | { game: 'ten-phases'; action: TenPhasesAction; chance: number | null }
  | { game: 'pairs-and-wagers'; action: PairsAction; wagers: WagerValue[] }
  | { game: 'wfgts'; action: WfgtsAction }
  /**
   * `perRoll`: for a development, how many points a roll its Points boxes add
   * on average; `points`: for a gain, what it scores.
   */
  | { game: 'war-pnp'; action: WarAction; perRoll: number | null; points: number | null };

/**
 * A game's hint for a seat the game awaits, or null when there is nothing to
 * choose; `random` feeds the sampling bots.
 */
export type HintFor = (state: unknown, seat: number, random: () => number) => Hint | null;

/**
 * The games whose phones hint, by id. In Powers 'n Points the seats choose at
 * once and in secret, so its hint is worked out from the game with the other
 * seats' pending choices taken out (`ownSight`).
 */
export const hints: Record<string, HintFor> = {
  'meet-fate': (state, seat, random) => ({ game: 'meet-fate', action: meetFateBot(state as MeetFateState, seat, random) }),
  'ten-phases': (state, seat, random) => ({ game: 'ten-phases', ...tenPhasesPlan(state as TenPhasesState, seat, random) }),
  'pairs-and-wagers': (state, seat, random) => ({
    game: 'pairs-and-wagers',
    action: pairsBot(state as PairsState, seat, random),
    wagers: wagerValues(state as PairsState, seat),
  }),
  wfgts: (state, seat, random) => ({ game: 'wfgts', action: wfgtsBot(state as WfgtsState, seat, random) }),
  'war-pnp': (state, seat, random) => {
    const plan = warPnpHint(state as WarState, seat, random);
    return plan === null ? null : { game: 'war-pnp', ...plan };
  },
};

import { meetFateBot } from './meet-fate/bot.js';
import type { MeetFateAction } from './meet-fate/actions.js';
import type { MeetFateState } from './meet-fate/state.js';
import { pairsBot, wagerValues, type WagerValue } from './pairs-and-wagers/bot.js';
import type { PairsAction } from './pairs-and-wagers/actions.js';
import type { PairsState } from './pairs-and-wagers/state.js';
import { tenPhasesPlan } from './ten-phases/bot.js';
import type { TenPhasesAction } from './ten-phases/actions.js';
import type { TenPhasesState } from './ten-phases/state.js';
import { wfgtsBot } from './wfgts/bot.js';
import type { WfgtsAction } from './wfgts/actions.js';
import type { WfgtsState } from './wfgts/state.js';

/**
 * A suggestion for a seat's own next move: the move its bot would make, with
 * what the game's advice adds (the chance to make a phase, each wager's
 * worth). Only for the seat itself, and only from what that seat may see:
 * the bots used here read the dice on the table and the seat's own sheet,
 * never another seat's pending choice.
 */
export type Hint =
  | { game: 'meet-fate'; action: MeetFateAction }
  | { game: 'ten-phases'; action: TenPhasesAction; chance: number | null }
  | { game: 'pairs-and-wagers'; action: PairsAction; wagers: WagerValue[] }
  | { game: 'wfgts'; action: WfgtsAction };

/** A game's hint for a seat the game awaits; `random` feeds the sampling bots. */
export type HintFor = (state: unknown, seat: number, random: () => number) => Hint;

/**
 * The games whose phones hint, by id. Powers 'n Points has none: its choices
 * are made at once and hidden, and a hint there would have to be built
 * without the step's pending picks, which its bot is not limited to.
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
};

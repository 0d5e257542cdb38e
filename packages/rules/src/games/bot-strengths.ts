/**
 * Every game's bot at three strengths. Strong is the game's own bot. Easy
 * plays as a beginner does: the best score for the dice in hand and no
 * look-ahead (the greedy player), with now and then a slip a person makes,
 * a lesser box or a needless risk, never a move the game refuses. Fair plays
 * the strong bot's move about half the time and the greedy one otherwise.
 *
 * Each is a pure function of the state, the seat and the random numbers, as
 * every bot is: which way a move is played is drawn from the same numbers.
 * None reads another seat's pending choice: in Powers 'n Points the easy and
 * fair bots are handed the game as their seat sees it (`ownSight`).
 */
import type { Bot, BotStrength } from '../core/bot.js';
import { meetFateBot } from './meet-fate/bot.js';
import { meetFate, type MeetFateState } from './meet-fate/index.js';
import { openBoxScores } from './meet-fate/state.js';
import { pairsBot, wagerValues } from './pairs-and-wagers/bot.js';
import type { PairsAction, PairsState } from './pairs-and-wagers/index.js';
import { stakeRuleOf, wagerOffers } from './pairs-and-wagers/state.js';
import { tenPhasesBot } from './ten-phases/bot.js';
import { facesOf, scorePhase, type TenPhasesState } from './ten-phases/index.js';
import { warPnpBot } from './war-pnp/bot.js';
import { gainOptions } from './war-pnp/gain.js';
import { ownSight } from './war-pnp/hint.js';
import { warPnp } from './war-pnp/index.js';
import type { WarState } from './war-pnp/state.js';
import { quickGrouping, wfgtsBot } from './wfgts/bot.js';
import { DICE as WFGTS_DICE, junkScore, type WfgtsState } from './wfgts/index.js';
import { junkUsed, newestLine } from './wfgts/state.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table for games of every type
type AnyBot = Bot<any, any>;

/** How often the easy bot slips where a game has a slip to make. */
export const EASY_SLIP = 0.3;
/** How often the fair bot plays the strong bot's move. */
export const FAIR_STRONG_SHARE = 0.5;

const pick = <T>(random: () => number, items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

/**
 * A game's greedy player, and the slip its easy bot makes now and then: a
 * move a person might make that gives something away, or undefined where
 * the position has none to make.
 */
interface Beginner<S> {
  greedy: Bot<S, unknown>;
  slip: (state: S, seat: number, random: () => number) => unknown;
  /** How often the easy bot slips where it can; EASY_SLIP unless said. */
  slipShare?: number;
}

/** Meet Fate: fill the best box after one roll; the slip fills the second best. */
const meetFateBeginner: Beginner<MeetFateState> = {
  greedy: (state) => meetFate.awaiting(state)[0]?.fallback,
  slip: (state) => {
    const second = openBoxScores(state).sort((a, b) => b.score - a.score)[1];
    return second === undefined ? undefined : { type: 'fill', box: second.box };
  },
};

/** Ten Phases: roll all ten until the phase is made, then stop; the slip rolls all ten again on a phase already made. */
const tenPhasesBeginner: Beginner<TenPhasesState> = {
  greedy: (state, seat) => {
    const faces = state.turn?.faces ?? null;
    if (faces === null) return { type: 'roll', keep: [] };
    return scorePhase(state.sheets[seat]!.phase, facesOf(faces)) !== null ? { type: 'stop' } : { type: 'roll', keep: [] };
  },
  slip: (state) => (state.turn?.faces ? { type: 'roll', keep: [] } : undefined),
};

/** Pairs and Wagers: every choice open at this step. */
export function pairsChoices(state: PairsState): PairsAction[] {
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

/** Pairs and Wagers: never wager; the slip is a wager worth less than none, a hunch played against the odds. */
const pairsBeginner: Beginner<PairsState> = {
  greedy: (state) => pairsChoices(state).find((a) => a.type === 'roll' || a.type === 'end-turn' || a.type === 'mid-opt-in'),
  slip: (state, seat) => {
    // The first choice is the one without a wager; most wagers are worth more, so only one worth less is a slip.
    const [none, ...wagers] = wagerValues(state, seat);
    return wagers.find((w) => none !== undefined && w.worth < none.worth)?.action;
  },
  // Such a wager is seldom open, so the beginner takes it more often than it slips elsewhere.
  slipShare: 0.8,
};

/** wfgts: carry the groups the line shows and score the larger of grouping and junk; the slip carries nothing. */
const wfgtsBeginner: Beginner<WfgtsState> = {
  greedy: (state, seat) => {
    const sheet = state.sheets[seat]!;
    const line = newestLine(sheet);
    if (state.step === 'carry') {
      const { mask } = quickGrouping(line);
      return { type: 'carry', dice: WFGTS_DICE.map((d) => d.column).filter((c) => (mask & (1 << c)) !== 0) };
    }
    const junk = !junkUsed(sheet) && junkScore(line) > quickGrouping(line).score;
    return { type: 'score', choice: junk ? 'junk' : 'best' };
  },
  slip: (state) => (state.step === 'carry' ? { type: 'carry', dice: [] } : undefined),
};

/** Powers 'n Points: what the turn timer does (first legal boxes, pass every power, best gain); the slip gains from any box. */
const warBeginner: Beginner<WarState> = {
  greedy: (state, seat) => warPnp.awaiting(state).find((a) => a.seat === seat)?.fallback,
  slip: (state, seat, random) => {
    if (state.step.kind !== 'gain') return undefined;
    const option = pick(random, gainOptions(state, seat));
    return option === undefined ? undefined : { type: 'gain', bend: option.bend, box: option.box };
  },
};

/** The easy bot: the greedy move, or now and then the slip. */
function easy<S>({ greedy, slip, slipShare = EASY_SLIP }: Beginner<S>): Bot<S, unknown> {
  return (state, seat, random) => (random() < slipShare ? slip(state, seat, random) : undefined) ?? greedy(state, seat, random);
}

/** The fair bot: the strong move about half the time, the greedy move otherwise. */
function fair<S>(strong: Bot<S, unknown>, { greedy }: Beginner<S>): Bot<S, unknown> {
  return (state, seat, random) => (random() < FAIR_STRONG_SHARE ? strong : greedy)(state, seat, random);
}

/** Hands a bot the game as its seat sees it, other seats' pending choices taken out. */
const ownSighted =
  (bot: Bot<WarState, unknown>): Bot<WarState, unknown> =>
  (state, seat, random) =>
    bot(ownSight(state, seat), seat, random);

function levels<S>(strong: Bot<S, unknown>, beginner: Beginner<S>): Record<BotStrength, AnyBot> {
  return { easy: easy(beginner), fair: fair(strong, beginner), strong };
}

/** Each game's greedy player: the best score for the dice in hand, no look-ahead. */
export const greedyPlayers: Record<string, AnyBot> = {
  wfgts: wfgtsBeginner.greedy,
  'ten-phases': tenPhasesBeginner.greedy,
  'meet-fate': meetFateBeginner.greedy,
  'pairs-and-wagers': pairsBeginner.greedy,
  'war-pnp': warBeginner.greedy,
};

/** Every game's bot at every strength: `botsByStrength[id][strength](state, seat, random)`. */
export const botsByStrength: Record<string, Record<BotStrength, AnyBot>> = {
  wfgts: levels(wfgtsBot, wfgtsBeginner),
  'ten-phases': levels(tenPhasesBot, tenPhasesBeginner),
  'meet-fate': levels(meetFateBot, meetFateBeginner),
  'pairs-and-wagers': levels(pairsBot, pairsBeginner),
  'war-pnp': {
    easy: ownSighted(easy(warBeginner)),
    fair: ownSighted(fair(warPnpBot, warBeginner)),
    strong: warPnpBot,
  },
};

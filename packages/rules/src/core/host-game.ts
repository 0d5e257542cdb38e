/**
 * A game as the product hosts it. boardgame.io hangs a game's AI on the game
 * object; so does Rollcall: a game's rules (its catalogue entry spread into
 * them), its bot at every strength, the hint its phones show and the random
 * player its bots are tested against all hang off one object, made in the
 * game's `games/<id>/index.ts` from its rules and its `parts.ts`, and listed
 * once in `games/index.ts`.
 *
 * Every strength is a pure function of the state, the seat and the random
 * numbers, as every bot is: which way a move is played is drawn from the
 * same numbers.
 */
import type { Bot, BotStrength } from './bot.js';
import type { GameDefinition } from './define-game.js';

/** How often the easy bot slips where a game has a slip to make. */
export const EASY_SLIP = 0.3;
/** How often the fair bot plays the strong bot's move. */
export const FAIR_STRONG_SHARE = 0.5;

/**
 * A game's greedy player, and the slip its easy bot makes now and then: a
 * move a person might make that gives something away, or undefined where
 * the position has none to make.
 */
export interface Beginner<S> {
  /** The best score for the dice in hand and no look-ahead. */
  greedy: Bot<S, unknown>;
  slip: (state: S, seat: number, random: () => number) => unknown;
  /** How often the easy bot slips where it can; EASY_SLIP unless said. */
  slipShare?: number;
}

/**
 * What every hint carries: the id of its game, so a screen tells one game's
 * hints from another's. A game writes its hint with `type`, not `interface`:
 * it goes on the wire as a plain record, and only a `type` counts as one.
 */
export interface GameHint {
  game: string;
}

/** What a game's folder adds to its rules. */
export interface GameParts<S, H extends GameHint> {
  /** The game's own bot: the strong one. */
  bot: Bot<S, unknown>;
  /** The beginner the easy bot plays as; the fair bot plays the strong move about half the time and the greedy one otherwise. */
  beginner: Beginner<S>;
  /**
   * For a game whose seats choose in secret: the game as one seat sees it,
   * other seats' pending choices taken out. The easy and fair bots are
   * handed only that; the strong bot reads no pending choice of its own accord.
   */
  ownSight?: (state: S, seat: number) => S;
  /**
   * A suggestion for a seat the game awaits, from what that seat may see: the
   * move its bot would make, with what the game's advice adds; null when
   * there is nothing to choose.
   */
  hint: (state: S, seat: number, random: () => number) => H | null;
  /** Any legal move, each kind of move about equally likely: what the tests and the strength script play the bots against. */
  randomPlayer: Bot<S, unknown>;
}

/** A game with everything the product hangs off it: its rules, its bots at every strength, its hint and its random player. */
export interface HostedGame<O, S, A, V, H extends GameHint> extends GameDefinition<O, S, A, V> {
  /** `bots[strength](state, seat, random)`: the move a bot of that strength makes now; legal whenever the game awaits the seat. */
  bots: Record<BotStrength, Bot<S, unknown>>;
  /** The greedy player the easy bot is built on. */
  greedy: Bot<S, unknown>;
  hint: GameParts<S, H>['hint'];
  randomPlayer: Bot<S, unknown>;
}

/** The easy bot: the greedy move, or now and then the slip. */
function easyBot<S>({ greedy, slip, slipShare = EASY_SLIP }: Beginner<S>): Bot<S, unknown> {
  return (state, seat, random) => (random() < slipShare ? slip(state, seat, random) : undefined) ?? greedy(state, seat, random);
}

/** The fair bot: the strong move about half the time, the greedy move otherwise. */
function fairBot<S>(strong: Bot<S, unknown>, { greedy }: Beginner<S>): Bot<S, unknown> {
  return (state, seat, random) => (random() < FAIR_STRONG_SHARE ? strong : greedy)(state, seat, random);
}

/** Hang a game's bots, hint and random player off its rules. */
export function hostGame<O, S, A, V, H extends GameHint>(
  rules: GameDefinition<O, S, A, V>,
  parts: GameParts<S, H>,
): HostedGame<O, S, A, V, H> {
  const { bot: strong, beginner, ownSight, hint, randomPlayer } = parts;
  const sighted = (bot: Bot<S, unknown>): Bot<S, unknown> =>
    ownSight === undefined ? bot : (state, seat, random) => bot(ownSight(state, seat), seat, random);
  return {
    ...rules,
    bots: { easy: sighted(easyBot(beginner)), fair: sighted(fairBot(strong, beginner)), strong },
    greedy: beginner.greedy,
    hint,
    randomPlayer,
  };
}

import type { PairsOptions } from './actions.js';
import {
  chanceToBetter,
  chanceToMatch,
  chanceToScore,
  PATTERN_POINTS,
  type Call,
  type Chance,
  type Pattern,
  type RollScore,
} from './scoring.js';

/** The total a Bet to Mid player must reach to take the pool. */
export const MID_TARGET = 10;

/** The one-time bonus for the first player to reach the goal. */
export const LEADER_BONUS = 2;

/** Where the active turn stands: before the first roll, after a roll that missed, or after one that scored. */
export type TurnStep = 'start' | 'missed' | 'scored';

/** The three turn wagers; each stakes exactly one point. */
export type WagerKind = 'odd' | 'get' | 'better';

/** A wager placed this turn: pending until its roll settles it, then kept or lost. */
export interface Wager {
  kind: WagerKind;
  status: 'pending' | 'kept' | 'lost';
}

/** One throw of the dice this turn and what it scored. */
export interface RollRecord {
  /** Why the dice were thrown: the turn's roll or a wager's reroll. */
  by: 'roll' | 'get' | 'better';
  dice: number[];
  pattern: Pattern;
  points: number;
  /** Indices of the scoring dice. */
  scoring: number[];
}

/**
 * What the stake limit counts. `unsettled`: the points at stake now, from
 * wagers not yet won or lost (the rule of record). `placed`: every wager placed
 * this turn, settled or not, which is how games stored before that rule was
 * revised were played.
 */
export type StakeRule = 'unsettled' | 'placed';

/** The turn in progress. */
export interface Turn {
  seat: number;
  /** The seat's total when the turn began: the most it may have at stake at once. */
  bankedAtStart: number;
  step: TurnStep;
  /** The parity called on Bet to Odd, if any. */
  call: Call | null;
  /** Every wager placed this turn, in order. */
  wagers: Wager[];
  /** Every throw this turn, in order. */
  rolls: RollRecord[];
  /** The roll whose points the turn will bank; a lost Bet to Better leaves it unchanged. */
  counting: RollRecord | null;
}

/** How a finished turn changed its seat's total. */
export interface TurnSummary {
  seat: number;
  before: number;
  after: number;
  call: Call | null;
  wagers: Wager[];
  rolls: RollRecord[];
  /** The roll that was banked (a lost Bet to Better leaves the earlier one), or null if nothing scored. */
  counting: RollRecord | null;
  /** The counting roll's points, before doubling. */
  points: number;
  /** True when a matched Bet to Odd doubled the points. */
  doubled: boolean;
  /** Staked points lost this turn. */
  lost: number;
  /** Bet to Mid opt-in paid from this turn (0 or 1). */
  midPaid: number;
  /** The Bet to Mid pool won this turn, if any. */
  midWon: number;
  /** The one-time leader bonus taken this turn, if any. */
  bonus: number;
}

/** The Bet to Mid side bet, present when the option is on. */
export interface MidPool {
  /** `choosing` before the first turn; `void` with fewer than two players in. */
  status: 'choosing' | 'open' | 'void' | 'won';
  /** Each seat's choice while choosing (null = not yet decided). */
  choices: (boolean | null)[];
  /** Seats in the pool, in seat order. */
  bettors: number[];
  /** Bettors whose opt-in point has not been paid yet. */
  owing: number[];
  /** One point per bettor. */
  pool: number;
  winner: number | null;
}

/** The leader and how many surpass turns remain before they win. */
export interface Leader {
  seat: number;
  /** Turns left in the current surpass cycle; the game ends when it reaches 0. */
  remaining: number;
}

/** The whole game state: plain JSON. */
export interface PairsState {
  options: PairsOptions;
  seats: number;
  totals: number[];
  phase: 'mid-choice' | 'playing' | 'over';
  /** Null when the game is played without Bet to Mid. */
  mid: MidPool | null;
  /** Null while choosing Bet to Mid and once the game is over. */
  turn: Turn | null;
  leader: Leader | null;
  lastTurn: TurnSummary | null;
  /** Each finished turn's seat and its total after it, for score charts. */
  history: { seat: number; total: number }[];
  /**
   * Set to `unsettled` by `setup`. A game stored before the stake rule was
   * revised has no such field and goes on counting every wager placed: the
   * moves logged for it must play back to the very states they made when a
   * store rebuilds the room from its log.
   */
  stakeRule?: StakeRule;
}

/** The stake rule a game is played by (see `PairsState.stakeRule`). */
export function stakeRuleOf(state: PairsState): StakeRule {
  return state.stakeRule ?? 'placed';
}

/** A fresh turn for a seat. */
export function startTurn(seat: number, totals: readonly number[]): Turn {
  return {
    seat,
    bankedAtStart: totals[seat] ?? 0,
    step: 'start',
    call: null,
    wagers: [],
    rolls: [],
    counting: null,
  };
}

/** The record of a throw, from its dice and score. */
export function rollRecord(by: RollRecord['by'], dice: number[], score: RollScore): RollRecord {
  return { by, dice, pattern: score.pattern, points: score.points, scoring: score.scoring };
}

/** Points the turn's wagers could still lose: those not yet settled. */
export function pendingStake(turn: Turn): number {
  return turn.wagers.filter((w) => w.status === 'pending').length;
}

/** Points the stake limit counts right now under `rule`. */
export function stakeCounted(turn: Turn, rule: StakeRule): number {
  return rule === 'unsettled' ? pendingStake(turn) : turn.wagers.length;
}

/** Why this turn may place no further wager under `rule`, or null if it may. */
export function wagerBlock(turn: Turn, rule: StakeRule): 'rule/wager-needs-points' | 'rule/stake-limit' | null {
  if (turn.bankedAtStart === 0) return 'rule/wager-needs-points';
  // A wager puts one more point at stake, and the bank at turn start must cover
  // every point at stake at once. That keeps totals from going below zero: a
  // wager is only ever lost as its turn ends (a missed call, a missed Bet to
  // Get, a Bet to Better that did not raise the score), so a turn loses at most
  // the points at stake when it ends, and the bank covers those.
  if (stakeCounted(turn, rule) + 1 > turn.bankedAtStart) return 'rule/stake-limit';
  return null;
}

/** True when a matched Bet to Odd doubles this turn's points. */
export function isDoubled(turn: Turn): boolean {
  return turn.wagers.some((w) => w.kind === 'odd' && w.status === 'kept');
}

/**
 * The total that ending the turn now banks: the bank at turn start, less every
 * stake not kept (pending ones are lost on ending), plus the counting roll's
 * points, doubled on a matched call. Bet to Mid and the leader bonus come after.
 */
export function bankIfEnded(turn: Turn): number {
  const notKept = turn.wagers.filter((w) => w.status !== 'kept').length;
  return turn.bankedAtStart - notKept + (turn.counting?.points ?? 0) * (isDoubled(turn) ? 2 : 1);
}

// Once per turn needs no check for either reroll wager: Bet to Better always
// ends the turn, and after Bet to Get the turn never returns to a missed roll.

/** True when Bet to Better is open: a scoring roll with dice left to reroll and room to stake. */
export function canBetter(turn: Turn, rule: StakeRule): boolean {
  const c = turn.counting;
  return c !== null && c.scoring.length < c.dice.length && wagerBlock(turn, rule) === null;
}

/** True when Bet to Get is open: nothing has scored yet and there is room to stake. */
export function canGet(turn: Turn, rule: StakeRule): boolean {
  return turn.counting === null && wagerBlock(turn, rule) === null;
}

/** A wager the active seat may place right now, with what it risks and what it can bring. */
export interface WagerOffer {
  type: 'bet-odd' | 'bet-get' | 'bet-better';
  /** Points this wager stakes. */
  stake: 1;
  /** Points a loss would take from the bank: this stake and any others it settles. */
  risk: number;
  /** The chance the wager wins on its roll, counted over every way the dice can land. */
  chance: Chance;
  /** The most the turn's roll can be worth if it wins, doubling included. */
  bestPoints: number;
  /** What the turn's roll is worth now, doubling included (0 before a scoring roll). */
  currentPoints: number;
}

/** The wagers the active seat may place at this step under `rule`. */
export function wagerOffers(turn: Turn, rule: StakeRule): WagerOffer[] {
  const factor = isDoubled(turn) ? 2 : 1;
  const current = (turn.counting?.points ?? 0) * factor;
  const offers: WagerOffer[] = [];
  if (turn.step === 'start' && turn.call === null && wagerBlock(turn, rule) === null) {
    // A call is symmetric (each die's 7-complement flips parity), so one chance serves both.
    offers.push({
      type: 'bet-odd',
      stake: 1,
      risk: 1,
      chance: chanceToMatch('odd'),
      bestPoints: 2 * PATTERN_POINTS.quad,
      currentPoints: 0,
    });
  }
  if (turn.step === 'missed' && canGet(turn, rule)) {
    offers.push({
      type: 'bet-get',
      stake: 1,
      risk: pendingStake(turn) + 1,
      chance: chanceToScore(),
      bestPoints: (turn.call === null ? 1 : 2) * PATTERN_POINTS.quad,
      currentPoints: 0,
    });
  }
  if (turn.step === 'scored' && turn.counting !== null && canBetter(turn, rule)) {
    const c = turn.counting;
    offers.push({
      type: 'bet-better',
      stake: 1,
      risk: 1,
      chance: chanceToBetter(c.dice, c),
      bestPoints: factor * PATTERN_POINTS.quad,
      currentPoints: current,
    });
  }
  return offers;
}

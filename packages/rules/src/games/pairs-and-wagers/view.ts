import type { Call } from './scoring.js';
import {
  bankIfEnded,
  isDoubled,
  MID_TARGET,
  pendingStake,
  stakeCounted,
  stakeRuleOf,
  wagerOffers,
  type MidPool,
  type PairsState,
  type RollRecord,
  type StakeRule,
  type Turn,
  type TurnStep,
  type TurnSummary,
  type Wager,
  type WagerOffer,
} from './state.js';

/** The turn in progress as every screen sees it, with what the active seat may do next. */
export interface TurnView {
  seat: number;
  step: TurnStep;
  /** The total when the turn began: the most that may be at stake at once. */
  bankedAtStart: number;
  call: Call | null;
  wagers: Wager[];
  rolls: RollRecord[];
  /** The dice on the table (the latest throw), or null before the first roll. */
  dice: number[] | null;
  /** The roll the turn will bank, which a lost Bet to Better leaves in place. */
  counting: RollRecord | null;
  /** True once a matched Bet to Odd doubles the turn's points. */
  doubled: boolean;
  /** Staked points not yet settled: a bad roll could still lose them. */
  atStake: number;
  /** Staked points already lost this turn. */
  lost: number;
  /** How many more points may be put at stake right now. */
  stakeRoom: number;
  /** What the counting roll is worth now, doubling included. */
  turnPoints: number;
  /**
   * The total that ending the turn now would bank (pending stakes lost), before
   * any Bet to Mid payment or leader bonus; null before the roll.
   */
  bankNow: number | null;
  canRoll: boolean;
  canEndTurn: boolean;
  /** Exactly the wagers that are legal right now. */
  offers: WagerOffer[];
}

/** The leader, their total, and who still gets a turn to pass them (in order). */
export interface LeaderView {
  seat: number;
  total: number;
  stillToTry: number[];
}

/** What a viewer sees of Pairs and Wagers: everything is public, so only `you` differs. */
export interface PairsView {
  /** The viewer's own seat, or null for the host screen and spectators. */
  you: number | null;
  goal: 10 | 20;
  betToMid: boolean;
  seats: number;
  totals: number[];
  phase: PairsState['phase'];
  leader: LeaderView | null;
  /** Bet to Mid, with the total its bettors race to. */
  mid: (MidPool & { target: number }) | null;
  turn: TurnView | null;
  lastTurn: TurnSummary | null;
  history: { seat: number; total: number }[];
  /** The winning seat once the game is over. */
  winner: number | null;
}

function turnView(turn: Turn, rule: StakeRule): TurnView {
  const latest = turn.rolls.at(-1);
  const doubled = isDoubled(turn);
  return {
    seat: turn.seat,
    step: turn.step,
    bankedAtStart: turn.bankedAtStart,
    call: turn.call,
    wagers: turn.wagers,
    rolls: turn.rolls,
    dice: latest === undefined ? null : latest.dice,
    counting: turn.counting,
    doubled,
    atStake: pendingStake(turn),
    lost: turn.wagers.filter((w) => w.status === 'lost').length,
    stakeRoom: turn.bankedAtStart - stakeCounted(turn, rule),
    turnPoints: (turn.counting?.points ?? 0) * (doubled ? 2 : 1),
    bankNow: turn.step === 'start' ? null : bankIfEnded(turn),
    canRoll: turn.step === 'start',
    canEndTurn: turn.step !== 'start',
    offers: wagerOffers(turn, rule),
  };
}

/** The table as everyone sees it; a seat's view adds only which seat is its own. Views share arrays with the state: read, never change. */
export function pairsPublicView(state: PairsState): PairsView {
  const turn = state.turn;
  const leader = state.leader;
  return {
    you: null,
    goal: state.options.goal,
    betToMid: state.options.betToMid,
    seats: state.seats,
    totals: state.totals,
    phase: state.phase,
    leader:
      leader === null
        ? null
        : {
            seat: leader.seat,
            total: state.totals[leader.seat] ?? 0,
            stillToTry:
              turn === null
                ? []
                : Array.from({ length: leader.remaining }, (_, i) => (turn.seat + i) % state.seats),
          },
    mid: state.mid === null ? null : { ...state.mid, target: MID_TARGET },
    turn: turn === null ? null : turnView(turn, stakeRuleOf(state)),
    lastTurn: state.lastTurn,
    history: state.history,
    winner: state.phase === 'over' ? (leader?.seat ?? null) : null,
  };
}

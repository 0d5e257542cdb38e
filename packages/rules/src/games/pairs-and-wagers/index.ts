import {
  defineGame,
  seatNumberView,
  rankSeats,
  type ApplyResult,
  type AwaitedSeat,
  type GameEvent,
  type Outcome,
} from '../../core/define-game.js';
import { rollAll, type Dice } from '../../core/dice.js';
import { ruleError, type RuleErrorCode } from '../../core/errors.js';
import { hostGame } from '../../core/host-game.js';
import { pairsAction, type PairsAction } from './actions.js';
import { entry } from './catalogue.js';
import { parts } from './parts.js';
import { DICE_COUNT, matchesCall, nonScoringDice, scoreRoll, SIDES, type Call } from './scoring.js';
import {
  bankIfEnded,
  canBetter,
  canGet,
  isDoubled,
  LEADER_BONUS,
  MID_TARGET,
  rollRecord,
  stakeRuleOf,
  startTurn,
  wagerBlock,
  type MidPool,
  type PairsState,
  type RollRecord,
  type Turn,
  type Wager,
  type WagerKind,
} from './state.js';
import { pairsPublicView } from './view.js';

type Result = ApplyResult<PairsState>;

const refuse = (code: RuleErrorCode): Result => ({ ok: false, error: ruleError(code) });

/** The next seat round the table. */
const seatAfter = (state: PairsState, seat: number): number => (seat + 1) % state.seats;

/** Settle this turn's pending wager of one kind. */
function settle(wagers: readonly Wager[], kind: WagerKind, status: 'kept' | 'lost'): Wager[] {
  return wagers.map((w) => (w.kind === kind && w.status === 'pending' ? { kind, status } : w));
}

function throwDice(dice: Dice, count: number): number[] {
  return rollAll(dice, Array.from({ length: count }, () => SIDES));
}

function rollEvent(seat: number, r: RollRecord): GameEvent {
  return { type: 'roll', seat, by: r.by, dice: [...r.dice], pattern: r.pattern, points: r.points, scoring: [...r.scoring] };
}

/**
 * Close the turn: unsettled stakes are lost, the counting roll is banked
 * (doubled on a matched Bet to Odd), then Bet to Mid and the race to the goal
 * are settled on the new total, in that order.
 */
function finishTurn(state: PairsState, turn: Turn, events: GameEvent[]): Result {
  const wagers = turn.wagers.map((w): Wager => (w.status === 'pending' ? { kind: w.kind, status: 'lost' } : w));
  for (const w of turn.wagers) {
    if (w.status === 'pending') events.push({ type: 'wager-settled', seat: turn.seat, kind: w.kind, kept: false });
  }
  const lost = wagers.filter((w) => w.status === 'lost').length;
  const doubled = isDoubled(turn);
  const points = turn.counting?.points ?? 0;
  let total = bankIfEnded(turn);

  let mid = state.mid;
  let midPaid = 0;
  let midWon = 0;
  if (mid !== null && points > 0 && mid.owing.includes(turn.seat)) {
    // A turn loses at most the bank it began with (see `wagerBlock`) and a
    // scoring roll is worth at least 1, so a scoring turn ends on at least 1:
    // paying never goes below 0.
    midPaid = 1;
    total -= midPaid;
    mid = { ...mid, owing: mid.owing.filter((s) => s !== turn.seat) };
    events.push({ type: 'mid-paid', seat: turn.seat });
  }
  if (mid !== null && mid.status === 'open' && mid.bettors.includes(turn.seat) && total >= MID_TARGET) {
    midWon = mid.pool;
    total += midWon;
    mid = { ...mid, status: 'won', winner: turn.seat };
    events.push({ type: 'mid-won', seat: turn.seat, pool: midWon });
  }

  let leader = state.leader;
  let bonus = 0;
  let over = false;
  if (leader === null) {
    if (total >= state.options.goal) {
      bonus = LEADER_BONUS;
      total += bonus;
      leader = { seat: turn.seat, remaining: state.seats - 1 };
      events.push({ type: 'leader', seat: turn.seat, bonus });
    }
  } else if (total > (state.totals[leader.seat] ?? 0)) {
    leader = { seat: turn.seat, remaining: state.seats - 1 };
    events.push({ type: 'leader', seat: turn.seat, bonus: 0 });
  } else {
    leader = { ...leader, remaining: leader.remaining - 1 };
    over = leader.remaining === 0;
  }

  const totals = state.totals.map((t, s) => (s === turn.seat ? total : t));
  events.push({ type: 'turn-ended', seat: turn.seat, before: turn.bankedAtStart, after: total });
  if (over && leader !== null) events.push({ type: 'game-over', winner: leader.seat });
  return {
    ok: true,
    events,
    state: {
      ...state,
      totals,
      mid,
      leader,
      phase: over ? 'over' : 'playing',
      turn: over ? null : startTurn(seatAfter(state, turn.seat), totals),
      lastTurn: {
        seat: turn.seat,
        before: turn.bankedAtStart,
        after: total,
        call: turn.call,
        wagers,
        rolls: turn.rolls,
        counting: turn.counting,
        points,
        doubled,
        lost,
        midPaid,
        midWon,
        bonus,
      },
      history: [...state.history, { seat: turn.seat, total }],
    },
  };
}

/** Carry on after a throw of all four dice (the turn's roll or Bet to Get's reroll). */
function afterThrow(state: PairsState, turn: Turn, record: RollRecord, events: GameEvent[]): Result {
  if (record.points === 0) {
    // A miss on the turn's roll may still be retried with Bet to Get; a miss
    // on the retry, or with no stake left to place, ends the turn empty-handed.
    if (record.by === 'roll' && canGet(turn, stakeRuleOf(state))) {
      return { ok: true, events, state: { ...state, turn: { ...turn, step: 'missed' } } };
    }
    return finishTurn(state, turn, events);
  }

  let wagers = turn.wagers;
  if (wagers.some((w) => w.kind === 'get' && w.status === 'pending')) {
    wagers = settle(wagers, 'get', 'kept');
    events.push({ type: 'wager-settled', seat: turn.seat, kind: 'get', kept: true });
  }
  let oddMissed = false;
  if (turn.call !== null && wagers.some((w) => w.kind === 'odd' && w.status === 'pending')) {
    const match = matchesCall(record.dice, record, turn.call);
    wagers = settle(wagers, 'odd', match ? 'kept' : 'lost');
    events.push({ type: 'wager-settled', seat: turn.seat, kind: 'odd', kept: match });
    oddMissed = !match;
  }
  const next: Turn = { ...turn, wagers, counting: record };
  // A missed call ends the turn at once, and so does a roll no wager can follow.
  if (oddMissed || !canBetter(next, stakeRuleOf(state))) return finishTurn(state, next, events);
  return { ok: true, events, state: { ...state, turn: { ...next, step: 'scored' } } };
}

function chooseMid(state: PairsState, seat: number, join: boolean): Result {
  if (state.mid === null) return refuse('rule/mid-not-in-play');
  if (state.phase !== 'mid-choice') return refuse('rule/mid-closed');
  const choices = state.mid.choices.map((c, s) => (s === seat ? join : c));
  const events: GameEvent[] = [{ type: 'mid-choice', seat, join }];
  if (choices.includes(null)) {
    return { ok: true, events, state: { ...state, mid: { ...state.mid, choices } } };
  }
  const bettors = choices.flatMap((c, s) => (c === true ? [s] : []));
  const open = bettors.length >= 2;
  const mid: MidPool = {
    status: open ? 'open' : 'void',
    choices,
    bettors,
    owing: open ? bettors : [],
    pool: open ? bettors.length : 0,
    winner: null,
  };
  events.push({ type: 'mid-settled', status: mid.status, bettors, pool: mid.pool });
  return { ok: true, events, state: { ...state, mid, phase: 'playing', turn: startTurn(0, state.totals) } };
}

function betOdd(state: PairsState, turn: Turn, call: Call): Result {
  const blocked = wagerBlock(turn, stakeRuleOf(state));
  if (blocked !== null) return refuse(blocked);
  if (turn.step !== 'start') return refuse('rule/odd-too-late');
  if (turn.call !== null) return refuse('rule/odd-already-called');
  return {
    ok: true,
    events: [{ type: 'wager', seat: turn.seat, kind: 'odd', call }],
    state: { ...state, turn: { ...turn, call, wagers: [...turn.wagers, { kind: 'odd', status: 'pending' }] } },
  };
}

function roll(state: PairsState, turn: Turn, dice: Dice): Result {
  if (turn.step !== 'start') return refuse('rule/already-rolled');
  const thrown = throwDice(dice, DICE_COUNT);
  const record = rollRecord('roll', thrown, scoreRoll(thrown));
  return afterThrow(state, { ...turn, rolls: [...turn.rolls, record] }, record, [rollEvent(turn.seat, record)]);
}

function betGet(state: PairsState, turn: Turn, dice: Dice): Result {
  const blocked = wagerBlock(turn, stakeRuleOf(state));
  if (blocked !== null) return refuse(blocked);
  if (turn.step !== 'missed') return refuse('rule/get-needs-miss');
  const thrown = throwDice(dice, DICE_COUNT);
  const record = rollRecord('get', thrown, scoreRoll(thrown));
  const next: Turn = {
    ...turn,
    wagers: [...turn.wagers, { kind: 'get', status: 'pending' }],
    rolls: [...turn.rolls, record],
  };
  return afterThrow(state, next, record, [
    { type: 'wager', seat: turn.seat, kind: 'get' },
    rollEvent(turn.seat, record),
  ]);
}

function betBetter(state: PairsState, turn: Turn, dice: Dice): Result {
  const blocked = wagerBlock(turn, stakeRuleOf(state));
  if (blocked !== null) return refuse(blocked);
  if (turn.step !== 'scored' || turn.counting === null) return refuse('rule/better-needs-score');
  const before = turn.counting;
  const reroll = nonScoringDice(before);
  const fresh = throwDice(dice, reroll.length);
  const thrown = before.dice.map((d, i) => {
    const at = reroll.indexOf(i);
    return at < 0 ? d : (fresh[at] ?? d);
  });
  const record = rollRecord('better', thrown, scoreRoll(thrown));
  const won = record.points > before.points;
  const next: Turn = {
    ...turn,
    wagers: [...turn.wagers, { kind: 'better', status: won ? 'kept' : 'lost' }],
    rolls: [...turn.rolls, record],
    counting: won ? record : before,
  };
  return finishTurn(state, next, [
    { type: 'wager', seat: turn.seat, kind: 'better' },
    rollEvent(turn.seat, record),
    { type: 'wager-settled', seat: turn.seat, kind: 'better', kept: won },
  ]);
}

function apply(state: PairsState, seat: number, action: PairsAction, dice: Dice): Result {
  if (state.phase === 'over') return refuse('rule/game-over');
  if (action.type === 'mid-opt-in') return chooseMid(state, seat, action.join);
  const turn = state.turn;
  if (turn === null) return refuse('rule/mid-choices-open');
  if (seat !== turn.seat) return refuse('rule/not-your-turn');
  switch (action.type) {
    case 'bet-odd':
      return betOdd(state, turn, action.call);
    case 'roll':
      return roll(state, turn, dice);
    case 'bet-get':
      return betGet(state, turn, dice);
    case 'bet-better':
      return betBetter(state, turn, dice);
    case 'end-turn':
      if (turn.step === 'start') return refuse('rule/end-before-roll');
      return finishTurn(state, turn, []);
  }
}

function awaiting(state: PairsState): AwaitedSeat<PairsAction>[] {
  if (state.phase === 'mid-choice' && state.mid !== null) {
    return state.mid.choices.flatMap((c, seat) =>
      c === null ? [{ seat, fallback: { type: 'mid-opt-in', join: false } as const }] : [],
    );
  }
  if (state.turn === null) return [];
  // An absent player still rolls (the turn is the roll) but never wagers.
  return [{ seat: state.turn.seat, fallback: state.turn.step === 'start' ? { type: 'roll' } : { type: 'end-turn' } }];
}

function outcome(state: PairsState): Outcome | null {
  if (state.phase !== 'over' || state.leader === null) return null;
  const leader = state.leader.seat;
  // Nobody ends above the leader, but someone may tie them: the leader still wins.
  const standings = rankSeats(state.totals.map((score, seat) => ({ seat, score, key: [score, seat === leader ? 1 : 0] })));
  return { standings, winners: [leader] };
}

// The game's rules alone: the game is them with its parts hung off (at the end).
const rules = defineGame({
  ...entry,
  action: pairsAction,
  setup: ({ seats, options }): PairsState => {
    const totals = Array.from({ length: seats }, () => 0);
    const mid: MidPool | null = options.betToMid
      ? { status: 'choosing', choices: totals.map(() => null), bettors: [], owing: [], pool: 0, winner: null }
      : null;
    return {
      options,
      seats,
      totals,
      phase: mid === null ? 'playing' : 'mid-choice',
      mid,
      turn: mid === null ? startTurn(0, totals) : null,
      leader: null,
      lastTurn: null,
      history: [],
      stakeRule: 'unsettled',
    };
  },
  apply: (state, seat, action, { dice }) => apply(state, seat, action, dice),
  publicView: pairsPublicView,
  ownView: seatNumberView,
  awaiting,
  outcome,
  seatCount: (state) => state.seats,
});

export * from './catalogue.js';

/** Pairs and Wagers by "Super" Dave Radzik: roll four dice for sets, wager banked points to push your luck. */
export const pairsAndWagers = hostGame(rules, parts);

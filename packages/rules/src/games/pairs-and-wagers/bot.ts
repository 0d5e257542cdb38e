/**
 * The Pairs and Wagers bot: every choice of a turn weighed exactly over the
 * ways the dice can land (1,296 for four dice, grouped into the 126 distinct
 * sets of numbers), looking ahead to the turn's later wagers.
 *
 * What it maximises is the worth of the total the turn ends on. Normally that
 * is the total itself (plus the leader's bonus when it reaches the goal). When
 * someone else leads and this turn is the seat's one chance to pass them, the
 * race is what counts: ending above the leader is worth far more than any
 * points, so the bot takes the line with the best chance to surpass, and the
 * most points among equals.
 */
import type { Bot } from '../../core/bot.js';
import type { PairsAction } from './actions.js';
import { DICE_COUNT, matchesCall, nonScoringDice, scoreRoll, SIDES, type Call, type RollScore } from './scoring.js';
import {
  bankIfEnded,
  canBetter,
  canGet,
  LEADER_BONUS,
  rollRecord,
  stakeRuleOf,
  wagerOffers,
  type PairsState,
  type RollRecord,
  type StakeRule,
  type Turn,
  type Wager,
} from './state.js';

/** One distinct set of four numbers and how many of the 1,296 rolls show it. */
interface RollClass {
  dice: number[];
  score: RollScore;
  chance: number;
  /** For a scoring roll with dice left over: the points after rerolling them, with their chances. */
  better: { record: RollRecord; chance: number }[];
}

function everyRoll(count: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < count; i++) all = all.flatMap((d) => Array.from({ length: SIDES }, (_, f) => [...d, f + 1]));
  return all;
}

let classes: RollClass[] | undefined;
/** The 126 classes, built once on first use. */
function rollClasses(): RollClass[] {
  if (classes !== undefined) return classes;
  const byKey = new Map<string, { dice: number[]; ways: number }>();
  const all = everyRoll(DICE_COUNT);
  for (const dice of all) {
    const sorted = [...dice].sort((a, b) => a - b);
    const key = sorted.join('');
    const found = byKey.get(key);
    if (found) found.ways += 1;
    else byKey.set(key, { dice: sorted, ways: 1 });
  }
  classes = [...byKey.values()].map(({ dice, ways }) => {
    const score = scoreRoll(dice);
    const reroll = nonScoringDice(score);
    const better =
      score.points === 0 || reroll.length === 0
        ? []
        : everyRoll(reroll.length).map((fresh) => {
            const thrown = dice.map((d, i) => (reroll.includes(i) ? (fresh[reroll.indexOf(i)] ?? d) : d));
            return { record: rollRecord('better', thrown, scoreRoll(thrown)), chance: 1 / SIDES ** reroll.length };
          });
    return { dice, score, chance: ways / all.length, better };
  });
  return classes;
}

/**
 * What ending on a total is worth to the seat, the stake rule the game is
 * played by (it decides which wagers stay open), and a key naming both.
 */
type Worth = ((total: number) => number) & { key: string; rule: StakeRule };

const judged = (key: string, rule: StakeRule, fn: (total: number) => number): Worth =>
  Object.assign(fn, { key: `${rule} ${key}`, rule });

const pending = (kind: Wager['kind']): Wager => ({ kind, status: 'pending' });
const settle = (wagers: readonly Wager[], kind: Wager['kind'], status: 'kept' | 'lost'): Wager[] =>
  wagers.map((w) => (w.kind === kind && w.status === 'pending' ? { kind, status } : w));

const endWorth = (turn: Turn, worth: Worth): number => worth(bankIfEnded(turn));

function betterWorth(turn: Turn, worth: Worth, cls: RollClass): number {
  const before = turn.counting?.points ?? 0;
  let total = 0;
  for (const { record, chance } of cls.better) {
    const won = record.points > before;
    const next: Turn = {
      ...turn,
      wagers: [...turn.wagers, { kind: 'better', status: won ? 'kept' : 'lost' }],
      counting: won ? record : turn.counting,
    };
    total += chance * endWorth(next, worth);
  }
  return total;
}

/** After a throw of all four dice: what the rules do next, and the best choice where there is one. */
function afterThrowWorth(turn: Turn, cls: RollClass, by: 'roll' | 'get', worth: Worth, missed: () => number): number {
  const record = rollRecord(by, cls.dice, cls.score);
  if (record.points === 0) return by === 'roll' && canGet(turn, worth.rule) ? missed() : endWorth(turn, worth);
  let wagers = settle(turn.wagers, 'get', 'kept');
  let oddMissed = false;
  if (turn.call !== null && wagers.some((w) => w.kind === 'odd' && w.status === 'pending')) {
    const match = matchesCall(cls.dice, cls.score, turn.call);
    wagers = settle(wagers, 'odd', match ? 'kept' : 'lost');
    oddMissed = !match;
  }
  const next: Turn = { ...turn, wagers, counting: record };
  const end = endWorth(next, worth);
  if (oddMissed || !canBetter(next, worth.rule)) return end;
  return Math.max(end, betterWorth(next, worth, cls));
}

/**
 * A throw's worth depends on the turn only through its bank, call and
 * wagers, and on the race only through what ending on each total is worth;
 * the same few situations come up turn after turn, so each is weighed once.
 */
const throwMemo = new Map<string, number>();

function throwWorth(turn: Turn, by: 'roll' | 'get', worth: Worth): number {
  const key = `${worth.key}|${by}|${turn.bankedAtStart}|${turn.call}|${turn.wagers.map((w) => w.kind + w.status).join()}`;
  const known = throwMemo.get(key);
  if (known !== undefined) return known;
  const value = weighThrow(turn, by, worth);
  throwMemo.set(key, value);
  return value;
}

function weighThrow(turn: Turn, by: 'roll' | 'get', worth: Worth): number {
  // Every miss of the turn's roll leads to the same choice, so it is weighed once.
  let missed: number | undefined;
  const missedWorth = (): number => (missed ??= Math.max(endWorth(turn, worth), getWorth(turn, worth)));
  return rollClasses().reduce((sum, cls) => sum + cls.chance * afterThrowWorth(turn, cls, by, worth, missedWorth), 0);
}

function getWorth(turn: Turn, worth: Worth): number {
  if (!canGet(turn, worth.rule)) return -Infinity;
  return throwWorth({ ...turn, wagers: [...turn.wagers, pending('get')] }, 'get', worth);
}

function worthFor(state: PairsState, seat: number): Worth {
  const leader = state.leader;
  const goal = state.options.goal;
  const rule = stakeRuleOf(state);
  if (leader === null) return judged(`goal ${goal}`, rule, (total) => total + (total >= goal ? LEADER_BONUS : 0));
  const mark = state.totals[leader.seat] ?? 0;
  if (leader.seat === seat) return judged('plain', rule, (total) => total);
  // Points only break ties between lines with the same chance to surpass.
  return judged(`pass ${mark}`, rule, (total) => (total > mark ? 1000 : 0) + total);
}

/** One choice open to the active seat and the expected worth of taking it. */
export interface WagerValue {
  action: PairsAction;
  /** The expected total the turn ends on (the race's worth when surpassing is at stake). */
  worth: number;
}

/**
 * Every choice the active seat has at this step, with its expected worth:
 * what the phone shows as the value of each wager. Empty when it is not
 * `seat`'s turn to choose.
 */
export function wagerValues(state: PairsState, seat: number): WagerValue[] {
  const turn = state.turn;
  if (state.phase !== 'playing' || turn === null || turn.seat !== seat) return [];
  const worth = worthFor(state, seat);
  const offers = new Set(wagerOffers(turn, worth.rule).map((o) => o.type));
  switch (turn.step) {
    case 'start': {
      const values: WagerValue[] = [{ action: { type: 'roll' }, worth: throwWorth(turn, 'roll', worth) }];
      if (offers.has('bet-odd')) {
        for (const call of ['odd', 'even'] as Call[]) {
          const called: Turn = { ...turn, call, wagers: [...turn.wagers, pending('odd')] };
          values.push({ action: { type: 'bet-odd', call }, worth: throwWorth(called, 'roll', worth) });
        }
      }
      return values;
    }
    case 'missed': {
      const values: WagerValue[] = [{ action: { type: 'end-turn' }, worth: endWorth(turn, worth) }];
      if (offers.has('bet-get')) values.push({ action: { type: 'bet-get' }, worth: getWorth(turn, worth) });
      return values;
    }
    case 'scored': {
      const values: WagerValue[] = [{ action: { type: 'end-turn' }, worth: endWorth(turn, worth) }];
      const counting = turn.counting;
      if (offers.has('bet-better') && counting !== null) {
        const key = [...counting.dice].sort((a, b) => a - b).join('');
        const cls = rollClasses().find((c) => c.dice.join('') === key);
        if (cls) values.push({ action: { type: 'bet-better' }, worth: betterWorth(turn, worth, cls) });
      }
      return values;
    }
  }
}

/**
 * The choice with the highest expected worth; a wager must beat not wagering
 * by a clear margin, so rounding never talks the bot into a coin flip.
 */
export const pairsBot: Bot<PairsState, PairsAction> = (state, seat) => {
  // Bet to Mid returns, on average, the point it costs: the bot stays out.
  if (state.phase === 'mid-choice') return { type: 'mid-opt-in', join: false };
  const [plain, ...wagers] = wagerValues(state, seat);
  if (plain === undefined) throw new Error(`seat ${seat} has nothing to choose`);
  return wagers.reduce((best, w) => (w.worth > best.worth + 1e-9 ? w : best), plain).action;
};

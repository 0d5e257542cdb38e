import { pairsAndWagers as pw, type Hint } from '@rollcall/rules/catalogue';
import { formatList } from '$lib/i18n/format.js';
import { currentLocale } from '$lib/i18n/locale.svelte.js';
import { snakeCase } from '$lib/i18n/message-keys.js';
import { pairsAndWagersText } from '$lib/i18n/messages.js';

/**
 * Words and figures for the Pairs and Wagers screens: what a roll is called,
 * what a wager risks and can bring, what the last turn did, and the track
 * the race is drawn on. The figures all come from the game's view; these
 * helpers only put them into words.
 */

type Roll = Pick<pw.RollRecord, 'dice' | 'pattern' | 'scoring'>;

/** The short name of each pattern, as the table calls it. */
export function patternName(pattern: pw.Pattern): string {
  return pairsAndWagersText[`pattern_${snakeCase(pattern)}`]();
}

/** The numbers that make a roll's pattern, each once, smallest first. */
function scoringFaces(roll: Roll): number[] {
  return [...new Set(roll.scoring.map((i) => roll.dice[i] ?? 0))].sort((a, b) => a - b);
}

/** "Pair of 3s", "Two Pair: 2s and 5s", "Trips of 6s", "Quad of 4s", "No score". */
export function rollName(roll: Roll): string {
  const [face = 0, high = 0] = scoringFaces(roll);
  if (face === 0 || roll.pattern === 'nothing') return pairsAndWagersText.pattern_nothing();
  if (roll.pattern === 'two-pair') return pairsAndWagersText.roll_two_pair({ low: face, high });
  return pairsAndWagersText[`roll_${roll.pattern}`]({ face });
}

/** The parity of the scoring dice, if they share one: what a call on this roll would have needed. */
export function scoringParity(roll: Roll): pw.Call | null {
  const faces = scoringFaces(roll);
  if (faces.length === 0) return null;
  if (faces.every((f) => f % 2 === 1)) return 'odd';
  if (faces.every((f) => f % 2 === 0)) return 'even';
  return null;
}

/** A chance as a whole percentage, e.g. "34%" ("34 %" in French). */
export function percent(chance: pw.Chance): string {
  const share = Math.round((100 * chance.ways) / Math.max(1, chance.of)) / 100;
  return new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(share);
}

/** "1 point", "3 points". */
export function points(count: number): string {
  return pairsAndWagersText.points({ count });
}

/** "+2", "−1", "±0": a change to a total. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** "odd" or "even", as a player calls it. */
export function callName(call: pw.Call): string {
  return call === 'odd' ? pairsAndWagersText.call_odd() : pairsAndWagersText.call_even();
}

/** What a wager's button says: what it does, what it stakes, its chance, and both ways it can go. */
export interface OfferText {
  title: string;
  /** What tapping it does. */
  does: string;
  stake: string;
  chance: string;
  win: string;
  lose: string;
}

/** Put a wager on offer into words, from the figures the game gives. */
export function offerText(offer: pw.WagerOffer, counting: Roll | null): OfferText {
  const chance = percent(offer.chance);
  const { stake, risk, bestPoints: best } = offer;
  const staked = { stake: pairsAndWagersText.offer_stake({ stake }) };
  if (offer.type === 'bet-better') {
    const loose = counting === null ? 0 : counting.dice.length - counting.scoring.length;
    const current = offer.currentPoints;
    return {
      ...staked,
      title: wagerName('better'),
      does: pairsAndWagersText.offer_better_does({ loose }),
      chance:
        counting === null
          ? pairsAndWagersText.offer_chance_beat_yours({ chance })
          : pairsAndWagersText.offer_chance_beat({ chance, roll: rollName(counting) }),
      win: pairsAndWagersText.offer_better_win({ best, current }),
      lose: pairsAndWagersText.offer_better_lose({ risk, current }),
    };
  }
  // Bet to Odd and Bet to Get are said alike, each in its own words; Odd's chance is of matching the call.
  const kind = ({ 'bet-odd': 'odd', 'bet-get': 'get' } as const)[offer.type];
  return {
    ...staked,
    title: wagerName(kind),
    does: pairsAndWagersText[`offer_${kind}_does`](),
    chance: kind === 'odd' ? pairsAndWagersText.offer_chance_match({ chance }) : pairsAndWagersText.offer_chance_score({ chance }),
    win: pairsAndWagersText[`offer_${kind}_win`]({ best }),
    lose: pairsAndWagersText[`offer_${kind}_lose`]({ risk }),
  };
}

/** The name of a wager. */
export function wagerName(kind: pw.WagerKind | 'mid'): string {
  return pairsAndWagersText[`wager_${kind}`]();
}

/** "Bet to Odd (odd): won", "Bet to Get: at stake". */
export function wagerLine(wager: pw.Wager, call: pw.Call | null): string {
  const name = wager.kind === 'odd' && call !== null ? pairsAndWagersText.wager_with_call({ wager: wagerName('odd'), call: callName(call) }) : wagerName(wager.kind);
  if (wager.status === 'pending') return pairsAndWagersText.wager_pending({ wager: name });
  return wager.status === 'kept' ? pairsAndWagersText.wager_kept({ wager: name }) : pairsAndWagersText.wager_lost({ wager: name });
}

/** What the active turn is up to, for the player whose turn it is (`who` null) or for everyone else. */
export function stepText(turn: pw.TurnView, who: string | null): string {
  const roll = turn.counting ? rollName(turn.counting) : null;
  const call = turn.call === null ? null : callName(turn.call);
  if (who === null) {
    if (turn.step === 'start') {
      if (turn.bankedAtStart === 0) return pairsAndWagersText.step_start_broke();
      return call === null ? pairsAndWagersText.step_start() : pairsAndWagersText.step_start_called({ call });
    }
    if (turn.step === 'missed') return pairsAndWagersText.step_missed();
    return roll === null ? pairsAndWagersText.step_scored_plain() : pairsAndWagersText.step_scored({ roll });
  }
  const name = who;
  if (turn.step === 'start') return call === null ? pairsAndWagersText.step_their_start({ name }) : pairsAndWagersText.step_their_start_called({ name, call });
  if (turn.step === 'missed') return pairsAndWagersText.step_their_missed({ name });
  return roll === null ? pairsAndWagersText.step_their_scored_plain({ name }) : pairsAndWagersText.step_their_scored({ name, roll });
}

/** A finished turn in words: the headline and the lines under it. */
export interface TurnRecap {
  /** "Pair of 3s ×2", "No score". */
  result: string;
  /** The change to the total, e.g. "+2". */
  change: string;
  details: string[];
}

/** Put the last finished turn into words. */
export function turnRecap(summary: pw.TurnSummary): TurnRecap {
  const counting = summary.counting;
  const named = counting === null ? pairsAndWagersText.pattern_nothing() : rollName(counting);
  const result = counting !== null && summary.doubled ? pairsAndWagersText.roll_doubled({ roll: named }) : named;
  const details = summary.wagers.map((w) => wagerLine(w, summary.call));
  if (summary.midPaid > 0) details.push(pairsAndWagersText.recap_mid_paid({ count: summary.midPaid }));
  if (summary.midWon > 0) details.push(pairsAndWagersText.recap_mid_won({ won: summary.midWon }));
  if (summary.bonus > 0) details.push(pairsAndWagersText.recap_bonus({ bonus: summary.bonus }));
  return { result, change: signed(summary.after - summary.before), details };
}

/** The dice and what they make, read out once they settle. `who` is null for this phone's own roll. */
export function rollNews(who: string | null, roll: Roll): string {
  const words = { dice: formatList(roll.dice.map(String)), roll: rollName(roll) };
  return who === null ? pairsAndWagersText.say_roll_mine(words) : pairsAndWagersText.say_roll_theirs({ ...words, name: who });
}

/** A finished turn read out: its result, the change and the total. `who` is null for this phone's own seat. */
export function turnNews(who: string | null, summary: pw.TurnSummary): string {
  const { result, change } = turnRecap(summary);
  const words = { result, change, total: summary.after };
  return who === null ? pairsAndWagersText.say_turn_you(words) : pairsAndWagersText.say_turn({ ...words, name: who });
}

/**
 * For each die, which throw of the turn last moved it (-1 before any): Bet to
 * Better leaves the scoring dice where they lay, so only the rerolled ones tumble.
 */
export function lastThrown(rolls: readonly Pick<pw.RollRecord, 'by' | 'scoring'>[]): number[] {
  const at = [-1, -1, -1, -1];
  rolls.forEach((roll, j) => {
    const before = rolls[j - 1];
    for (let i = 0; i < at.length; i++) {
      if (roll.by !== 'better' || !before?.scoring.includes(i)) at[i] = j;
    }
  });
  return at;
}

/** The dice a screen shows on the table, and whose throw they are. */
export interface TableRoll {
  /** Every throw of that turn so far; the last is the one on the table. */
  rolls: pw.RollRecord[];
  whose: number;
  /** False while the last turn's dice wait for the next player's first roll. */
  live: boolean;
  /** Per die, a key that changes whenever that die is thrown, to replay its tumble. */
  keys: string[];
}

/** This turn's latest throw, or the last turn's while the next player has yet to roll; null before any. */
export function tableRoll(play: Pick<pw.PairsView, 'turn' | 'lastTurn' | 'history'>): TableRoll | null {
  const turnNo = play.history.length;
  const shown = (rolls: pw.RollRecord[], whose: number, live: boolean, turn: number): TableRoll => ({
    rolls,
    whose,
    live,
    keys: lastThrown(rolls).map((j) => `${turn}-${j}`),
  });
  if (play.turn && play.turn.rolls.length > 0) return shown(play.turn.rolls, play.turn.seat, true, turnNo);
  if (play.lastTurn && play.lastTurn.rolls.length > 0) return shown(play.lastTurn.rolls, play.lastTurn.seat, false, turnNo - 1);
  return null;
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy" as the language lists them; "nobody" for none. */
export function listNames(names: readonly string[]): string {
  return names.length === 0 ? pairsAndWagersText.list_nobody() : formatList(names);
}

/** Where the Bet to Mid pool stands, in one sentence; `you` is the seat this phone names "you", if any. */
export function midPoolText(mid: NonNullable<pw.PairsView['mid']>, nameOf: (seat: number) => string, you: number | null = null): string {
  const name = (s: number) => (s === you ? pairsAndWagersText.list_you() : nameOf(s));
  switch (mid.status) {
    case 'choosing': {
      const joined = mid.choices.flatMap((c, s) => (c === true ? [name(s)] : []));
      const deciding = mid.choices.filter((c) => c === null).length;
      return pairsAndWagersText.mid_choosing({ joined: listNames(joined), deciding });
    }
    case 'void':
      return pairsAndWagersText.mid_void();
    case 'open': {
      const pool = pairsAndWagersText.mid_open({ pool: mid.pool, bettors: listNames(mid.bettors.map(name)), target: mid.target });
      return mid.owing.length > 0 ? `${pool} ${pairsAndWagersText.mid_owing({ owing: listNames(mid.owing.map(name)) })}` : pool;
    }
    case 'won': {
      const winner = mid.winner ?? 0;
      const won = { pool: mid.pool, target: mid.target };
      return winner === you ? pairsAndWagersText.mid_won_you(won) : pairsAndWagersText.mid_won({ ...won, name: nameOf(winner) });
    }
  }
}

/** How far the race track runs: past the goal far enough for the leader's bonus and every total. */
export function trackLength(goal: number, totals: readonly number[]): number {
  return Math.max(goal + pw.LEADER_BONUS, ...totals);
}

/** Each seat's total after each of its own turns, for the end-of-game chart. */
export function totalsByTurn(history: readonly { seat: number; total: number }[], seats: number): number[][] {
  const series = Array.from({ length: seats }, (): number[] => []);
  for (const h of history) series[h.seat]?.push(h.total);
  return series;
}

/** A Pairs and Wagers hint: the bot's choice and every choice's expected worth. */
export type PairsHint = Extract<Hint, { game: 'pairs-and-wagers' }>;

/** A choice of the turn in words. */
export function choiceName(action: pw.PairsAction): string {
  switch (action.type) {
    case 'bet-odd':
      return action.call === 'odd' ? pairsAndWagersText.choice_call_odd() : pairsAndWagersText.choice_call_even();
    case 'roll':
      return pairsAndWagersText.choice_roll();
    case 'bet-get':
      return wagerName('get');
    case 'bet-better':
      return wagerName('better');
    case 'end-turn':
      return pairsAndWagersText.choice_end();
    case 'mid-opt-in':
      return action.join ? pairsAndWagersText.choice_join() : pairsAndWagersText.choice_stay_out();
  }
}

/**
 * The phone's hint in words: the bot's choice, then what each choice is
 * expected to end the turn on. When passing the leader is at stake the worths
 * mix that chance with points, so only the choice is named.
 */
export function hintText(hint: PairsHint): string {
  const choice = choiceName(hint.action);
  if (hint.wagers.some((w) => w.worth >= 1000)) return pairsAndWagersText.hint_chase({ choice });
  if (hint.wagers.length === 0) return choice;
  const tenths = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const worths = hint.wagers.map((w) => pairsAndWagersText.hint_worth({ choice: choiceName(w.action), worth: tenths.format(w.worth) })).join(' · ');
  return pairsAndWagersText.hint_worths({ choice, worths });
}

/** Where a player stands on Bet to Mid while the table chooses: "… deciding", "✓ in", "✗ out". */
export function midChoiceMark(choice: boolean | null): string {
  if (choice === null) return pairsAndWagersText.mid_deciding();
  return choice ? pairsAndWagersText.mid_in() : pairsAndWagersText.mid_out();
}

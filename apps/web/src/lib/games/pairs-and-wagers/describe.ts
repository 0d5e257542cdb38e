import { pairsAndWagers as pw, type Hint } from '@rollcall/rules/catalogue';

/**
 * Words and figures for the Pairs and Wagers screens: what a roll is called,
 * what a wager risks and can bring, what the last turn did, and the track
 * the race is drawn on. The figures all come from the game's view; these
 * helpers only put them into words.
 */

type Roll = Pick<pw.RollRecord, 'dice' | 'pattern' | 'scoring'>;

/** The short name of each pattern. */
export const patternNames: Readonly<Record<pw.Pattern, string>> = {
  quad: 'Quad',
  trips: 'Trips',
  'two-pair': 'Two Pair',
  pair: 'Pair',
  nothing: 'No score',
};

/** The numbers that make a roll's pattern, each once, smallest first. */
function scoringFaces(roll: Roll): number[] {
  return [...new Set(roll.scoring.map((i) => roll.dice[i] ?? 0))].sort((a, b) => a - b);
}

/** "Pair of 3s", "Two Pair: 2s and 5s", "Trips of 6s", "Quad of 4s", "No score". */
export function rollName(roll: Roll): string {
  const faces = scoringFaces(roll);
  if (roll.pattern === 'nothing' || faces.length === 0) return patternNames.nothing;
  if (roll.pattern === 'two-pair') return `Two Pair: ${faces[0]}s and ${faces[1]}s`;
  return `${patternNames[roll.pattern]} of ${faces[0]}s`;
}

/** The parity of the scoring dice, if they share one: what a call on this roll would have needed. */
export function scoringParity(roll: Roll): pw.Call | null {
  const faces = scoringFaces(roll);
  if (faces.length === 0) return null;
  if (faces.every((f) => f % 2 === 1)) return 'odd';
  if (faces.every((f) => f % 2 === 0)) return 'even';
  return null;
}

/** A chance as a whole percentage, e.g. "34%". */
export function percent(chance: pw.Chance): string {
  return `${Math.round((100 * chance.ways) / Math.max(1, chance.of))}%`;
}

/** "1 point", "3 points". */
export function points(n: number): string {
  return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
}

/** "+2", "−1", "±0": a change to a total. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
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
  const { kind, aim, ...outcomes } = offerWords(offer, counting);
  return {
    title: wagerNames[kind],
    stake: `Stake ${points(offer.stake)}`,
    chance: `${percent(offer.chance)} to ${aim}`,
    ...outcomes,
  };
}

/** What sets one wager's button apart: which wager, what tapping does, what the chance is of, and both ways it can go. */
function offerWords(
  offer: pw.WagerOffer,
  counting: Roll | null,
): Pick<OfferText, 'does' | 'win' | 'lose'> & { kind: pw.WagerKind; aim: string } {
  switch (offer.type) {
    case 'bet-odd':
      return {
        kind: 'odd',
        does: 'Call the parity of your scoring dice, then roll',
        aim: 'match',
        win: `Match: this turn's points double (up to ${offer.bestPoints})`,
        lose: `Miss: lose ${points(offer.risk)}, and the turn ends`,
      };
    case 'bet-get':
      return {
        kind: 'get',
        does: 'Roll all four dice again',
        aim: 'score',
        win: `Scores: keep your stake and score up to ${offer.bestPoints}`,
        lose: `Nothing again: lose ${points(offer.risk)}`,
      };
    case 'bet-better': {
      const loose = counting === null ? 0 : counting.dice.length - counting.scoring.length;
      return {
        kind: 'better',
        does: `Reroll the ${loose} loose ${loose === 1 ? 'die' : 'dice'}`,
        aim: `beat ${counting === null ? 'your roll' : rollName(counting)}`,
        win: `Better: keep your stake, score up to ${offer.bestPoints} instead of ${offer.currentPoints}`,
        lose: `No better: lose ${points(offer.risk)}, still score ${offer.currentPoints}`,
      };
    }
  }
}

/** The name of a wager. */
export const wagerNames: Readonly<Record<pw.WagerKind, string>> = {
  odd: 'Bet to Odd',
  get: 'Bet to Get',
  better: 'Bet to Better',
};

/** "Bet to Odd (odd): won", "Bet to Get: at stake". */
export function wagerLine(wager: pw.Wager, call: pw.Call | null): string {
  const name = wager.kind === 'odd' && call !== null ? `${wagerNames.odd} (${call})` : wagerNames[wager.kind];
  const how = wager.status === 'pending' ? 'at stake' : wager.status === 'kept' ? 'won' : 'lost';
  return `${name}: ${how}`;
}

/** What the active turn is up to, for the player whose turn it is or for everyone else. */
export function stepText(turn: pw.TurnView, who: string | null): string {
  const counting = turn.counting;
  if (who === null) {
    if (turn.step === 'start') {
      if (turn.bankedAtStart === 0) return 'Roll the four dice. You need banked points before you can bet.';
      return turn.call === null ? 'Call odd or even to double this turn, or just roll.' : `You called ${turn.call}. Roll!`;
    }
    if (turn.step === 'missed') return 'No score. Bet to Get for one more roll, or end your turn.';
    return `${counting ? rollName(counting) : 'You scored'}. Bet to Better, or bank it.`;
  }
  if (turn.step === 'start') return turn.call === null ? `${who} is about to roll.` : `${who} called ${turn.call} and is about to roll.`;
  if (turn.step === 'missed') return `${who} scored nothing: Bet to Get, or end the turn?`;
  return `${who} has ${counting ? rollName(counting) : 'a score'}: Bet to Better, or bank it?`;
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
  const result = counting === null ? patternNames.nothing : `${rollName(counting)}${summary.doubled ? ' ×2' : ''}`;
  const details = summary.wagers.map((w) => wagerLine(w, summary.call));
  if (summary.midPaid > 0) details.push(`Paid ${points(summary.midPaid)} into Bet to Mid`);
  if (summary.midWon > 0) details.push(`Won the Bet to Mid pool: +${summary.midWon}`);
  if (summary.bonus > 0) details.push(`Reached the goal first: +${summary.bonus} bonus`);
  return { result, change: signed(summary.after - summary.before), details };
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

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where the Bet to Mid pool stands, in one sentence. */
export function midPoolText(mid: NonNullable<pw.PairsView['mid']>, name: (seat: number) => string): string {
  const bettors = listNames(mid.bettors.map(name));
  switch (mid.status) {
    case 'choosing': {
      const joined = mid.choices.flatMap((c, s) => (c === true ? [name(s)] : []));
      const deciding = mid.choices.filter((c) => c === null).length;
      return `Joined so far: ${joined.length > 0 ? listNames(joined) : 'nobody'}; ${deciding} still deciding.`;
    }
    case 'void':
      return 'Off: fewer than two players joined, so nobody pays.';
    case 'open': {
      const owing = mid.owing.length > 0 ? ` Still to pay in from a scoring turn: ${listNames(mid.owing.map(name))}.` : '';
      return `${points(mid.pool)} for the first of ${bettors} to reach ${mid.target}.${owing}`;
    }
    case 'won':
      return `${name(mid.winner ?? 0)} reached ${mid.target} first and took ${points(mid.pool)}.`;
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
function choiceName(action: pw.PairsAction): string {
  switch (action.type) {
    case 'bet-odd':
      return `Call ${action.call}`;
    case 'roll':
      return 'Roll without a call';
    case 'bet-get':
      return 'Bet to Get';
    case 'bet-better':
      return 'Bet to Better';
    case 'end-turn':
      return 'End the turn';
    case 'mid-opt-in':
      return action.join ? 'Join the pool' : 'Stay out';
  }
}

/**
 * The phone's hint in words: the bot's choice, then what each choice is
 * expected to end the turn on. When passing the leader is at stake the worths
 * mix that chance with points, so only the choice is named.
 */
export function hintText(hint: PairsHint): string {
  const chosen = choiceName(hint.action);
  if (hint.wagers.some((w) => w.worth >= 1000)) return `${chosen}: your best chance to pass the leader`;
  if (hint.wagers.length === 0) return chosen;
  const worths = hint.wagers.map((w) => `${choiceName(w.action)} ${w.worth.toFixed(1)}`).join(' · ');
  return `${chosen} (expected total: ${worths})`;
}

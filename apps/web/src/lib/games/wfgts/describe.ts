import { wfgts } from '@rollcall/rules/catalogue';

/**
 * Words and figures for the wfgts screens: what a die is called, how a group
 * was worked out, running totals for the chart. Kept apart from the
 * components so they can be checked against the worked example.
 */

/** The die in a column, e.g. "d10 tens". */
export function dieName(column: number): string {
  return wfgts.DICE[column]?.name ?? `die ${column + 1}`;
}

/** The faces of the die in a column. */
export function dieSides(column: number): number {
  return wfgts.DICE[column]?.sides ?? 6;
}

/** The point value of the die in a column. */
export function dieValue(column: number): number {
  return wfgts.DICE[column]?.value ?? 0;
}

/** A letter per group of a line, so grouped dice can be tagged without relying on colour. */
export function groupLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** For each column, the index of the group it belongs to (columns in no group are absent). */
export function groupIndexByColumn(groups: readonly wfgts.Group[]): Map<number, number> {
  const byColumn = new Map<number, number>();
  groups.forEach((group, index) => {
    for (const column of group.dice) byColumn.set(column, index);
  });
  return byColumn;
}

/** A group spelled out for people. */
export interface GroupText {
  /** "Run 1-2-3-4" or "Set of three 6s". */
  title: string;
  /** The dice in it, e.g. "d20, d8, d6, d12". */
  dice: string;
  /** How it scores, e.g. "(9 + 3 + 2 + 5) × 4 = 76". */
  sum: string;
}

const counted = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

/** Spell out one group of a line. */
export function describeGroup(group: wfgts.Group, line: readonly number[]): GroupText {
  const numbers = group.dice.map((column) => line[column] ?? 0);
  const values = group.dice.map(dieValue);
  const size = group.dice.length;
  const title =
    group.kind === 'run'
      ? `Run ${numbers.join('-')}`
      : `Set of ${counted[size] ?? size} ${numbers[0] ?? ''}s`;
  const factor = group.kind === 'run' ? size : size + 2;
  return {
    title,
    dice: group.dice.map(dieName).join(', '),
    sum: `(${values.join(' + ')}) × ${factor} = ${group.score}`,
  };
}

/** "Run 1-2-3-4 + Set of three 6s", or "No group" for a line that scores nothing. */
export function groupingSummary(grouping: wfgts.Grouping, line: readonly number[]): string {
  if (grouping.groups.length === 0) return 'No run or set';
  return grouping.groups.map((g) => describeGroup(g, line).title).join(' + ');
}

/** Running totals after each scored round, for the chart; stops at the first round not yet scored. */
export function runningTotals(roundScores: readonly (number | null)[]): number[] {
  const totals: number[] = [];
  let sum = 0;
  for (const score of roundScores) {
    if (score === null) break;
    sum += score;
    totals.push(sum);
  }
  return totals;
}

/** The best grouping of a line, for the live preview. */
export function previewLine(line: readonly number[]): wfgts.Grouping {
  return wfgts.bestGrouping(line);
}

/** The phone's hint in words: the carry the bot would make, with the numbers showing, or how it would score. */
export function hintText(action: wfgts.WfgtsAction, line: readonly number[]): string {
  if (action.type === 'score') return action.choice === 'junk' ? 'Take the junk now' : 'Score the best grouping, keep the junk';
  if (action.dice.length === 0) return 'Carry nothing: roll all seven';
  return `Carry ${action.dice.map((c) => `the ${dieName(c)} (${line[c] ?? '?'})`).join(', ')}`;
}

import { wfgts } from '@rollcall/rules/catalogue';
import { formatList } from '$lib/i18n/format.js';
import { wfgtsText } from '$lib/i18n/messages.js';

/**
 * Words and figures for the wfgts screens: what a die is called, how a group
 * was worked out, running totals for the chart. Kept apart from the
 * components so they can be checked against the worked example.
 */

/** The die in a column as players call it, e.g. "d10 tens": the two ten-sided dice are told apart in words. */
export function dieName(column: number): string {
  if (column === 3) return wfgtsText.die_ones();
  if (column === 4) return wfgtsText.die_tens();
  return wfgtsText.die_short({ sides: dieSides(column) });
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

/** Spell out one group of a line. */
export function describeGroup(group: wfgts.Group, line: readonly number[]): GroupText {
  const numbers = group.dice.map((column) => line[column] ?? 0);
  const values = group.dice.map(dieValue);
  const size = group.dice.length;
  const title =
    group.kind === 'run'
      ? wfgtsText.group_run({ numbers: numbers.join('-') })
      : wfgtsText.group_set({ count: size, number: numbers[0] ?? 0 });
  const factor = group.kind === 'run' ? size : size + 2;
  return {
    title,
    dice: group.dice.map(dieName).join(', '),
    sum: `(${values.join(' + ')}) × ${factor} = ${group.score}`,
  };
}

/** "Run 1-2-3-4 + Set of three 6s", or "No run or set" for a line that scores nothing. */
export function groupingSummary(grouping: wfgts.Grouping, line: readonly number[]): string {
  if (grouping.groups.length === 0) return wfgtsText.group_none();
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
  if (action.type === 'score') return action.choice === 'junk' ? wfgtsText.hint_take_junk() : wfgtsText.hint_score_best();
  if (action.dice.length === 0) return wfgtsText.hint_carry_none();
  return wfgtsText.hint_carry({
    dice: formatList(action.dice.map((c) => wfgtsText.hint_carry_die({ die: dieName(c), number: line[c] ?? '?' }))),
  });
}

/**
 * A sentence with one figure drawn apart, as "Round <big>3</big> of 6": the
 * words either side of it in the language's own order, from the whole sentence.
 */
export function aroundFigure(sentence: (figure: string) => string): { before: string; after: string } {
  const [before = '', after = ''] = sentence('\u0000').split('\u0000');
  return { before, after };
}

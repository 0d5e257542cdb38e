import { describe, expect, it } from 'vitest';
import {
  aroundFigure,
  describeGroup,
  hintText,
  dieName,
  groupIndexByColumn,
  groupingSummary,
  groupLetter,
  previewLine,
  runningTotals,
} from './describe.js';

// Line c of rounds 1, 3 and 5 of the worked example in the rules.
const round1 = [2, 3, 2, 10, 8, 4, 1];
const round3 = [1, 2, 1, 10, 9, 1, 1];
const round5 = [2, 6, 6, 3, 6, 4, 19];

describe('how the wfgts screens spell out a line', () => {
  it.each([
    {
      what: 'shows the worked example’s round 1 as a 1-2-3-4 run on the d20, d8, d6 and d12',
      round: round1,
      group: { title: 'Run 1-2-3-4', dice: 'd20, d8, d6, d12', sum: '(9 + 3 + 2 + 5) × 4 = 76' },
      score: 76,
    },
    {
      what: 'counts a set’s size plus two in its sum',
      round: round3,
      group: { title: 'Set of four 1s', dice: 'd4, d8, d12, d20', sum: '(1 + 3 + 5 + 9) × 6 = 108' },
      score: 108,
    },
  ])('$what', ({ round, group, score }) => {
    const best = previewLine(round);
    expect(best.score).toBe(score);
    expect(best.groups).toHaveLength(1);
    expect(describeGroup(best.groups[0]!, round)).toEqual(group);
  });

  it('joins several groups in one summary', () => {
    const best = previewLine(round5);
    expect(best.score).toBe(75);
    expect(groupingSummary(best, round5)).toMatch(/^(Set of three 6s \+ Run 2-3-4|Run 2-3-4 \+ Set of three 6s)$/);
  });

  it('says so when a line holds no group', () => {
    const line = [1, 3, 5, 7, 9, 11, 13];
    expect(groupingSummary(previewLine(line), line)).toBe('No run or set');
  });

  it('tags every grouped column with its group’s letter and leaves the others out', () => {
    const best = previewLine(round5);
    const byColumn = groupIndexByColumn(best.groups);
    expect([...byColumn.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(byColumn.has(6)).toBe(false);
    expect(groupLetter(byColumn.get(1)!)).toBe(groupLetter(byColumn.get(2)!));
    expect(groupLetter(0)).toBe('A');
  });

  it('names both ten-sided dice apart', () => {
    expect(dieName(3)).toBe('d10 ones');
    expect(dieName(4)).toBe('d10 tens');
    expect(dieName(6)).toBe('d20');
  });

  it('counts a set of any size in words', () => {
    const line = [4, 6, 5, 5, 5, 5, 5];
    expect(describeGroup({ kind: 'set', dice: [2, 3, 4, 5, 6], score: 0 }, line).title).toBe('Set of five 5s');
  });

  it('cuts a sentence around its figure, in the sentence’s own order', () => {
    expect(aroundFigure((round) => `Round ${round} of 6`)).toEqual({ before: 'Round ', after: ' of 6' });
    expect(aroundFigure((round) => `${round}. Runde von 6`)).toEqual({ before: '', after: '. Runde von 6' });
  });

  it('adds up round scores until the first round not yet scored', () => {
    expect(runningTotals([76, 156, 108, null, null, null])).toEqual([76, 232, 340]);
    expect(runningTotals([null, 5])).toEqual([]);
  });
});

describe('the wfgts hint', () => {
  it('names the dice to carry with their numbers, or how to score', () => {
    expect(hintText({ type: 'carry', dice: [0, 2] }, [3, 1, 5, 2, 2, 6, 4])).toBe(`Carry the ${dieName(0)} (3) and the ${dieName(2)} (5)`);
    expect(hintText({ type: 'carry', dice: [] }, [3, 1, 5, 2, 2, 6, 4])).toBe('Carry nothing: roll all seven');
    expect(hintText({ type: 'score', choice: 'junk' }, [])).toBe('Take the junk now');
  });
});

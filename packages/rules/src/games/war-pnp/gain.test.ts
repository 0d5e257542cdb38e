import { describe, expect, it } from 'vitest';
import { bestGain, bestGainBox, gainOptions, gainPoints, legalBends } from './gain.js';
import { pointsColumn, type Sheet } from './sheet.js';
import { declareBoth, pass, play, readyToRoll, refusal, rolled, sheetWith, use } from './test-support/scenario.js';

describe('points from a box', () => {
  it('multiply by the PowerUp number: a 25 box with PU4 gives 100', () => {
    const sheet = sheetWith({ points: { '3/11': 5 }, marks: [{ column: '3/11', box: 5, mark: { kind: 'powerup', factor: 4 } }] });
    expect(gainPoints(sheet, '3/11', 5, 0)).toBe(100);
  });

  it('take Withering off before the multiplier: a 20 box with PU3 under W −9 gives 33', () => {
    const sheet = sheetWith({
      points: { '2/12': 2 },
      withering: { '2/12': 9 },
      marks: [{ column: '2/12', box: 2, mark: { kind: 'powerup', factor: 3 } }],
    });
    expect(gainPoints(sheet, '2/12', 2, 0)).toBe(33);
  });

  it('never go below 0 under Withering: a 5 box under W −6 gives 0', () => {
    expect(gainPoints(sheetWith({ points: { '3/11': 1 }, withering: { '3/11': 6 } }), '3/11', 1, 0)).toBe(0);
  });

  it('double with 2x and give 0 with X', () => {
    const sheet = sheetWith({
      points: { '7': 3 },
      marks: [
        { column: '7', box: 2, mark: { kind: 'double' } },
        { column: '7', box: 3, mark: { kind: 'block' } },
      ],
    });
    expect([gainPoints(sheet, '7', 1, 0), gainPoints(sheet, '7', 2, 0), gainPoints(sheet, '7', 3, 0)]).toEqual([4, 16, 0]);
  });

  it('count the box rows lower under Decay, first of all, and 0 below box 1', () => {
    const sheet = sheetWith({
      points: { '5/9': 5 },
      withering: { '5/9': 2 },
      marks: [{ column: '5/9', box: 5, mark: { kind: 'double' } }],
    });
    // Box 5 decayed 2 rows counts as box 3 (9), less 2 Withering, doubled.
    expect(gainPoints(sheet, '5/9', 5, 2)).toBe(14);
    expect(gainPoints(sheet, '5/9', 3, 3)).toBe(0);
    expect(gainPoints(sheet, '5/9', 1, 6)).toBe(0);
  });
});

/** Two boxes in every column, so each player chooses its gain. */
const filled = (sheet: Sheet, boxes = 2): Sheet => {
  for (const col of sheet.points) col.filled = col.filled.map((f, i) => f || i < boxes);
  return sheet;
};


describe('Bend', () => {
  const game = (level: number, dice: [number, number]) =>
    declareBoth(
      rolled(readyToRoll([filled(sheetWith({ powers: { 3: ['bend', level] } })), filled(sheetWith({}))]), dice),
      [use(0, { power: 'bend' })],
      [],
    );

  it('moves the sum up or down by up to its amount, within 2–12', () => {
    expect(legalBends(game(1, [3, 4]), 0)).toEqual([-1, 0, 1]);
    expect(legalBends(game(6, [3, 1]), 0)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(legalBends(game(6, [3, 1]), 1)).toEqual([0]);
  });

  it('picks the column for points only, and refuses a Bend beyond its reach', () => {
    const state = game(1, [3, 4]);
    expect(refusal(state, 0, { type: 'gain', bend: 2, box: 1 })).toBe('rule/war-bend');
    const after = play(state, 0, { type: 'gain', bend: 1, box: 2 });
    expect(after.step.kind === 'gain' && after.step.choices[0]).toEqual({ bend: 1, column: '6/8', box: 2, points: 4 });
  });

  it('adds up over a double activation', () => {
    const state = declareBoth(
      rolled(readyToRoll([filled(sheetWith({ powers: { 3: ['bend', 1] } })), filled(sheetWith({}))]), [3, 3]),
      [use(0, { power: 'bend' }), use(1, { power: 'bend' })],
      [],
    );
    expect(legalBends(state, 0)).toEqual([-2, -1, 0, 1, 2]);
  });
});

describe('choosing the box to gain from', () => {
  const game = (sheet: Sheet) => rolled(readyToRoll([sheet, filled(sheetWith({}))]), [3, 4]);

  it('refuses an empty box, and nothing when the column has a filled box', () => {
    const state = game(filled(sheetWith({})));
    expect(refusal(state, 0, { type: 'gain', bend: 0, box: 3 })).toBe('rule/war-box-empty');
    expect(refusal(state, 0, { type: 'gain', bend: 0, box: null })).toBe('rule/war-must-gain');
  });

  it('pre-selects the most points', () => {
    const sheet = filled(sheetWith({ withering: { '7': 8 }, marks: [{ column: '7', box: 1, mark: { kind: 'double' } }] }), 3);
    expect(bestGainBox(game(sheet), 0, 0)).toEqual({ bend: 0, column: '7', box: 3, points: 4 });
  });

  it('keeps a 2x for later when another box gives as much', () => {
    // Box 1 doubled gives 4 × 2 = 8, the same as box 2 unmarked.
    const sheet = filled(sheetWith({ marks: [{ column: '7', box: 1, mark: { kind: 'double' } }] }));
    expect(bestGainBox(game(sheet), 0, 0)).toEqual({ bend: 0, column: '7', box: 2, points: 8 });
  });

  it('offers nothing for a Bend out of reach', () => {
    expect(bestGainBox(game(filled(sheetWith({}))), 0, 1)).toBeNull();
  });

  it('is asked for only when there is a choice', () => {
    const state = rolled(readyToRoll([sheetWith({ points: { '7': 1 } }), filled(sheetWith({}))]), [3, 4]);
    expect(state.step.kind === 'gain' && state.step.choices).toEqual([{ bend: 0, column: '7', box: 1, points: 4 }, null]);
  });

  it('gives the best gain over every Bend to a seat that does not choose', () => {
    const state = declareBoth(
      rolled(
        readyToRoll([filled(sheetWith({ powers: { 3: ['bend', 3] }, points: { '5/9': 4 } })), filled(sheetWith({}))]),
        [3, 4],
      ),
      [use(0, { power: 'bend' })],
      [],
    );
    // Bend iii reaches 2: sums 5–9, with four boxes in 5/9 and two elsewhere.
    expect(gainOptions(state, 0)).toHaveLength(4 + 2 + 2 + 2 + 4);
    expect(bestGain(state, 0)).toEqual({ bend: -2, column: '5/9', box: 4, points: 12 });
  });

  it('uses up the mark of the chosen box', () => {
    let state = game(filled(sheetWith({ marks: [{ column: '7', box: 2, mark: { kind: 'double' } }] })));
    state = play(state, 1, { type: 'gain', bend: 0, box: 1 });
    state = play(state, 0, { type: 'gain', bend: 0, box: 2 });
    expect(state.scores).toEqual([16, 4]);
    expect(pointsColumn(state.sheets[0]!, '7').marks[1]).toBeNull();
  });
});

describe('Steal', () => {
  it("takes at most the box of its rank in the stealer's column: Steal iii from 5/9 with five boxes gains 15 and steals 9", () => {
    let state = rolled(
      readyToRoll([sheetWith({ powers: { 4: ['steal', 3] }, points: { '5/9': 5 } }), filled(sheetWith({}))], { scores: [0, 50] }),
      [1, 4],
    );
    state = declareBoth(state, [use(0, { power: 'steal', target: 1 })], []);
    state = play(state, 0, { type: 'gain', bend: 0, box: 5 });
    state = play(state, 1, { type: 'gain', bend: 0, box: 1 });
    expect(state.turn === null ? state.scoresByRound.at(-1) : state.scores).toEqual([24, 44]);
  });

  it("takes no more than the stealer gained, nor than the target has", () => {
    const game = (stealerBox: number, targetScore: number) => {
      let state = rolled(
        readyToRoll([sheetWith({ powers: { 4: ['steal', 6] }, points: { '5/9': 5 } }), sheetWith({})], { scores: [0, targetScore] }),
        [1, 4],
      );
      state = declareBoth(state, [use(0, { power: 'steal', target: 1 })], []);
      return play(state, 0, { type: 'gain', bend: 0, box: stealerBox });
    };
    expect(game(2, 50).scoresByRound.at(-1)).toEqual([12, 44]);
    expect(game(5, 4).scoresByRound.at(-1)).toEqual([19, 0]);
  });

  it('shares one cap between two Steals of a double', () => {
    let state = rolled(
      readyToRoll([sheetWith({ powers: { 2: ['steal', 6] }, points: { '4/10': 2 } }), sheetWith({})], { scores: [0, 50] }),
      [2, 2],
    );
    state = declareBoth(state, [use(0, { power: 'steal', target: 1 }), use(1, { power: 'steal', target: 1 })], []);
    state = play(state, 0, { type: 'gain', bend: 0, box: 2 });
    expect(state.scoresByRound.at(-1)).toEqual([16, 42]);
  });
});

describe('Decay', () => {
  it('lowers the box the target gains from; the largest of several counts', () => {
    let state = rolled(
      readyToRoll([
        filled(sheetWith({ powers: { 5: ['decay', 1] } }), 6),
        filled(sheetWith({ powers: { 5: ['decay', 1] } })),
        filled(sheetWith({ powers: { 5: ['decay', 2] } })),
      ]),
      [5, 6],
    );
    state = play(state, 0, { type: 'declare', declarations: [pass(0)] });
    state = play(state, 1, { type: 'declare', declarations: [use(0, { power: 'decay', target: 0 })] });
    state = play(state, 2, { type: 'declare', declarations: [use(0, { power: 'decay', target: 0 })] });
    expect(state.turn?.effects?.decay).toEqual([2, 0, 0]);
    expect(bestGainBox(state, 0, 0)).toEqual({ bend: 0, column: '3/11', box: 6, points: 20 });
  });

  it('takes a gain below box 1 to 0 points', () => {
    let state = rolled(
      readyToRoll([filled(sheetWith({ powers: { 5: ['decay', 6] } })), filled(sheetWith({}), 3)], { scores: [0, 10] }),
      [5, 2],
    );
    state = declareBoth(state, [use(0, { power: 'decay', target: 1 })], []);
    expect(gainOptions(state, 1).map((o) => o.points)).toEqual([0, 0, 0]);
  });
});

describe('traps', () => {
  const trapped = (score: number, box: number, column: '3/11' | '4/10') => {
    const state = rolled(
      readyToRoll([sheetWith({ points: { [column]: box } }), sheetWith({ points: { '2/12': 1 } })], { scores: [score, 0] }),
      column === '3/11' ? [5, 6] : [4, 6],
    );
    state.sheets[0]!.traps = [{ value: 25, owner: 1 }];
    return state;
  };

  it('are skipped over: a player at 17 gaining 10 reaches 27 and the trap on 25 stays', () => {
    const state = play(trapped(17, 2, '3/11'), 0, { type: 'gain', bend: 0, box: 2 });
    expect(state.scoresByRound.at(-1)).toEqual([27, 0]);
    expect(state.sheets[0]?.traps).toEqual([{ value: 25, owner: 1 }]);
  });

  it("spring on an exact landing: gaining 8 from 17, the owner removes a box of the owner's choice", () => {
    let state = play(trapped(17, 2, '4/10'), 0, { type: 'gain', bend: 0, box: 2 });
    expect(state.scores).toEqual([25, 0]);
    expect(state.step).toEqual({ kind: 'traps', queue: [{ victim: 0, owner: 1, value: 25 }] });
    expect(state.sheets[0]?.traps).toEqual([]);
    expect(refusal(state, 0, { type: 'remove', target: { kind: 'points', column: '4/10', box: 1 } })).toBe('rule/not-awaited');
    expect(refusal(state, 1, { type: 'remove', target: { kind: 'points', column: '4/10', box: 3 } })).toBe('rule/war-box-empty');
    state = play(state, 1, { type: 'remove', target: { kind: 'points', column: '4/10', box: 1 } });
    expect(pointsColumn(state.sheets[0]!, '4/10').filled.slice(0, 3)).toEqual([false, true, false]);
    expect(state.round).toBe(2);
  });

  const stealOnto = (victim: Sheet) => {
    let state = rolled(
      readyToRoll([sheetWith({ powers: { 4: ['steal', 3] }, points: { '5/9': 5 } }), victim], { scores: [0, 30] }),
      [1, 4],
    );
    state.sheets[1]!.traps = [{ value: 21, owner: 0 }];
    state = declareBoth(state, [use(0, { power: 'steal', target: 1 })], []);
    return play(state, 0, { type: 'gain', bend: 0, box: 5 });
  };

  it('spring when a Steal drops the score onto them', () => {
    const state = stealOnto(sheetWith({ powers: { 2: ['grow', 1] } }));
    expect(state.scores).toEqual([24, 21]);
    expect(state.turn?.report.steals).toEqual([{ seat: 0, target: 1, points: 9 }]);
    expect(state.step).toEqual({ kind: 'traps', queue: [{ victim: 1, owner: 0, value: 21 }] });
    const after = play(state, 0, { type: 'remove', target: { kind: 'power', row: 2, rank: 1 } });
    expect(after.sheets[1]?.powers[1]).toEqual({ name: 'grow', filled: [false, false, false, false, false, false] });
  });

  it('are erased with nothing more when the trapped player has no box left', () => {
    const state = stealOnto(sheetWith({}));
    expect(state.sheets[1]?.traps).toEqual([]);
    expect(state.scoresByRound.at(-1)).toEqual([24, 21]);
    expect(state.step.kind).toBe('develop');
  });
});

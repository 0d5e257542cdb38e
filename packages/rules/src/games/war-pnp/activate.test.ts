import { describe, expect, it } from 'vitest';
import { activationsFor, checkEffect, legalTargets } from './activate.js';
import { pointsColumn, powerRow } from './sheet.js';
import { pass, play, readyToRoll, refusal, rolled, sheetWith, use } from './test-support/scenario.js';

describe('activations', () => {
  it('come from the row of each die, at the level and size the row has at the roll', () => {
    const sheet = sheetWith({ powers: { 2: ['bend', 3], 5: ['trap', 1] } });
    powerRow(sheet, 2).filled[0] = false;
    expect(activationsFor(sheet, [2, 5])).toEqual([
      { row: 2, power: 'bend', level: 3, size: 2 },
      { row: 5, power: 'trap', level: 1, size: 1 },
    ]);
  });

  it('come twice from a double, and never from a row with no filled box', () => {
    const sheet = sheetWith({ powers: { 4: ['grow', 1], 1: ['steal', 0] } });
    expect(activationsFor(sheet, [4, 4])).toEqual([
      { row: 4, power: 'grow', level: 1, size: 1 },
      { row: 4, power: 'grow', level: 1, size: 1 },
    ]);
    expect(activationsFor(sheet, [1, 3])).toEqual([]);
  });
});

describe('checking a declared effect', () => {
  const sheets = () => [
    sheetWith({
      powers: { 1: ['cancel', 2], 2: ['block', 3], 3: ['trap', 1], 4: ['grow', 2], 5: ['double', 1], 6: ['powerup', 1] },
      marks: [{ column: '7', box: 1, mark: { kind: 'double' } }],
    }),
    sheetWith({ powers: { 1: ['steal', 3], 2: ['cancel', 2] }, marks: [{ column: '4/10', box: 2, mark: { kind: 'block' } }] }),
  ];
  const at = (dice: [number, number]) => rolled(readyToRoll(sheets(), { scores: [0, 30] }), dice);
  const first = (dice: [number, number]) => at(dice).turn!.activations[0]![0]!;

  it("refuses an effect that is not the row's power", () => {
    expect(checkEffect(at([2, 2]), 0, first([2, 2]), { power: 'steal', target: 1 })).toBe('rule/war-wrong-power');
  });

  it('refuses yourself where an opponent is needed', () => {
    expect(checkEffect(at([2, 2]), 0, first([2, 2]), { power: 'block', target: 0, boxes: [{ column: '7', box: 2 }] })).toBe(
      'rule/war-target',
    );
    expect(checkEffect(at([3, 3]), 0, first([3, 3]), { power: 'trap', target: 3, values: [5] })).toBe('rule/war-target');
  });

  it('refuses more marks than the level gives, the same box twice, and a marked box', () => {
    const state = at([2, 2]);
    const act = first([2, 2]);
    const boxes = (n: number) => Array.from({ length: n }, (_, i) => ({ column: '7' as const, box: i + 1 }));
    expect(checkEffect(state, 0, act, { power: 'block', target: 1, boxes: boxes(3) })).toBe('rule/war-too-many');
    expect(checkEffect(state, 0, act, { power: 'block', target: 1, boxes: [boxes(1)[0]!, boxes(1)[0]!] })).toBe(
      'rule/war-repeated',
    );
    expect(checkEffect(state, 0, act, { power: 'block', target: 1, boxes: [{ column: '4/10', box: 2 }] })).toBe('rule/war-marked');
    expect(checkEffect(state, 0, act, { power: 'block', target: 1, boxes: boxes(2) })).toBeNull();
  });

  it("refuses a trap on the target's current score or on a trapped value", () => {
    const state = at([3, 3]);
    state.sheets[1]!.traps = [{ value: 40, owner: 0 }];
    expect(checkEffect(state, 0, first([3, 3]), { power: 'trap', target: 1, values: [30] })).toBe('rule/war-trap-value');
    expect(checkEffect(state, 0, first([3, 3]), { power: 'trap', target: 1, values: [40] })).toBe('rule/war-marked');
    expect(checkEffect(state, 0, first([3, 3]), { power: 'trap', target: 1, values: [31] })).toBeNull();
  });

  it('refuses a Cancel aimed at a row the roll did not activate, or at its own row', () => {
    const state = at([1, 2]);
    expect(checkEffect(state, 0, first([1, 2]), { power: 'cancel', mode: 'stop', target: { seat: 1, row: 5 } })).toBe(
      'rule/war-target',
    );
    expect(checkEffect(state, 0, first([1, 2]), { power: 'cancel', mode: 'stop', target: { seat: 0, row: 1 } })).toBe(
      'rule/war-target',
    );
    expect(checkEffect(state, 0, first([1, 2]), { power: 'cancel', mode: 'stop', target: { seat: 1, row: 2 } })).toBeNull();
  });

  it('refuses to erase a mark that is not there, or lower Withering that is not there', () => {
    const state = at([1, 2]);
    const act = first([1, 2]);
    expect(checkEffect(state, 0, act, { power: 'cancel', mode: 'erase', marks: [{ kind: 'box', seat: 1, column: '7', box: 1 }] })).toBe(
      'rule/war-no-mark',
    );
    expect(checkEffect(state, 0, act, { power: 'cancel', mode: 'erase', marks: [{ kind: 'trap', seat: 1, value: 3 }] })).toBe(
      'rule/war-no-mark',
    );
    expect(checkEffect(state, 0, act, { power: 'cancel', mode: 'unwither', target: 1, column: '7' })).toBe('rule/war-no-withering');
    pointsColumn(state.sheets[1]!, '7').withering = 3;
    expect(checkEffect(state, 0, act, { power: 'cancel', mode: 'unwither', target: 1, column: '7' })).toBeNull();
  });

  it("refuses a Grow split that does not give away exactly the opponents' share", () => {
    const state = at([4, 4]);
    const act = first([4, 4]);
    expect(checkEffect(state, 0, act, { power: 'grow' })).toBeNull();
    expect(checkEffect(state, 0, act, { power: 'grow', gifts: [{ seat: 1, count: 2 }] })).toBe('rule/war-gifts');
    expect(checkEffect(state, 0, act, { power: 'grow', gifts: [{ seat: 0, count: 1 }] })).toBe('rule/war-gifts');
    expect(checkEffect(state, 0, act, { power: 'grow', gifts: [{ seat: 1, count: 1 }] })).toBeNull();
  });

  it('refuses a PowerUp or Double on a box of your own that is marked', () => {
    expect(checkEffect(at([6, 6]), 0, first([6, 6]), { power: 'powerup', box: { column: '7', box: 1 } })).toBe('rule/war-marked');
    expect(checkEffect(at([5, 5]), 0, first([5, 5]), { power: 'double', boxes: [{ column: '7', box: 1 }] })).toBe('rule/war-marked');
  });
});

describe('declaring with two players', () => {
  const game = () =>
    rolled(
      readyToRoll([
        sheetWith({ powers: { 3: ['decay', 1] }, points: { '4/10': 2 } }),
        sheetWith({ powers: { 3: ['steal', 2] }, points: { '4/10': 2 } }),
      ]),
      [3, 1],
    );

  it('refuses an activation the seat does not have, or one named twice', () => {
    expect(refusal(game(), 0, { type: 'declare', declarations: [pass(1)] })).toBe('rule/war-no-activation');
    expect(
      refusal(game(), 0, { type: 'declare', declarations: [pass(0), use(0, { power: 'decay', target: 1 })] }),
    ).toBe('rule/war-declared');
  });

  it('refuses a seat with no activation this round', () => {
    const state = rolled(readyToRoll([sheetWith({ powers: { 3: ['decay', 1] } }), sheetWith({})]), [3, 1]);
    expect(refusal(state, 1, { type: 'declare', declarations: [] })).toBe('rule/not-awaited');
  });

  it('keeps a declaration pending and changeable until both are in', () => {
    let state = play(game(), 0, { type: 'declare', declarations: [use(0, { power: 'decay', target: 1 })] });
    expect(state.turn?.declared).toEqual([[], []]);
    state = play(state, 0, { type: 'declare', declarations: [pass(0)] });
    state = play(state, 1, { type: 'declare', declarations: [use(0, { power: 'steal', target: 0 })] });
    expect(state.step.kind).toBe('gain');
    expect(state.turn?.declared).toEqual([
      [{ activation: 0, effect: null }],
      [{ activation: 0, effect: { power: 'steal', target: 0 } }],
    ]);
  });
});

describe('legal targets', () => {
  it('offer a Cancel only the activated rows no bigger than its own', () => {
    const state = rolled(
      readyToRoll([
        sheetWith({ powers: { 2: ['cancel', 2] } }),
        sheetWith({ powers: { 2: ['block', 2], 5: ['grow', 3] } }),
        sheetWith({ powers: { 5: ['wither', 1] } }),
      ]),
      [2, 5],
    );
    const t = legalTargets(state, 0, 0);
    expect(t?.power === 'cancel' && t.rows).toEqual([
      { seat: 1, row: 2 },
      { seat: 2, row: 5 },
    ]);
  });

  it('offer a trap every unmarked value up to 100 except the current score', () => {
    const state = rolled(readyToRoll([sheetWith({ powers: { 1: ['trap', 1] } }), sheetWith({ traps: [{ value: 7, owner: 0 }] })], { scores: [0, 12] }), [1, 6]);
    const t = legalTargets(state, 0, 0);
    const values = t?.power === 'trap' ? t.values[0]?.values : [];
    expect(values).toHaveLength(99);
    expect(values).not.toContain(7);
    expect(values).not.toContain(12);
    expect(values).toContain(100);
  });

  it('is null for an activation the seat does not have', () => {
    const state = rolled(readyToRoll([sheetWith({}), sheetWith({})]), [1, 6]);
    expect(legalTargets(state, 0, 0)).toBeNull();
  });
});

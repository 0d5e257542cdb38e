import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleStops, type StopClaim } from './resolve.js';
import { pointsColumn, type Sheet } from './sheet.js';
import { declareBoth, pass, play, readyToRoll, refusal, rolled, sheetWith, use } from './test-support/scenario.js';

const r = (seat: number, row: number) => ({ seat, row });

describe('settling stopping Cancels', () => {
  it('lets an unopposed Cancel stop its target', () => {
    expect(settleStops([{ from: r(0, 1), to: r(1, 2) }])).toEqual({ verdicts: ['works'], stopped: [r(1, 2)] });
  });

  it("makes a Cancel fail when its own row is stopped, so that row's target goes free", () => {
    const result = settleStops([
      { from: r(0, 1), to: r(1, 3) },
      { from: r(1, 2), to: r(0, 1) },
    ]);
    expect(result).toEqual({ verdicts: ['stopped', 'works'], stopped: [r(0, 1)] });
  });

  it('follows a chain: the third Cancel saves the first', () => {
    const result = settleStops([
      { from: r(0, 1), to: r(1, 5) },
      { from: r(1, 2), to: r(0, 1) },
      { from: r(0, 3), to: r(1, 2) },
    ]);
    expect(result.verdicts).toEqual(['works', 'stopped', 'works']);
    expect(result.stopped).toEqual([r(1, 5), r(1, 2)]);
  });

  it('fails every Cancel of a cycle and stops none of their rows', () => {
    expect(
      settleStops([
        { from: r(0, 1), to: r(1, 1) },
        { from: r(1, 1), to: r(2, 1) },
        { from: r(2, 1), to: r(0, 1) },
      ]),
    ).toEqual({ verdicts: ['deadlocked', 'deadlocked', 'deadlocked'], stopped: [] });
  });

  it('breaks a cycle that a working Cancel from outside reaches', () => {
    const result = settleStops([
      { from: r(0, 1), to: r(1, 1) },
      { from: r(1, 1), to: r(0, 1) },
      { from: r(2, 1), to: r(0, 1) },
    ]);
    expect(result.verdicts).toEqual(['stopped', 'works', 'works']);
    expect(result.stopped).toEqual([r(0, 1)]);
  });

  it('lets a Cancel that only a deadlocked cycle opposes work, and settles what it reaches', () => {
    const result = settleStops([
      { from: r(0, 1), to: r(1, 1) },
      { from: r(1, 1), to: r(0, 1) },
      { from: r(0, 1), to: r(2, 4) },
      { from: r(2, 4), to: r(0, 6) },
      { from: r(0, 6), to: r(1, 3) },
    ]);
    expect(result.verdicts).toEqual(['deadlocked', 'deadlocked', 'deadlocked', 'works', 'stopped']);
    expect(result.stopped).toEqual([r(0, 6)]);
  });

  it('treats two Cancels from one row (a double) as one row that works or not', () => {
    const result = settleStops([
      { from: r(0, 2), to: r(1, 4) },
      { from: r(0, 2), to: r(1, 5) },
      { from: r(1, 4), to: r(0, 2) },
    ]);
    expect(result.verdicts).toEqual(['deadlocked', 'deadlocked', 'deadlocked']);
  });
});


describe('settling any set of stopping Cancels', () => {
  const rowArb = fc.record({ seat: fc.integer({ min: 0, max: 2 }), row: fc.integer({ min: 1, max: 3 }) });
  const claimsArb = fc
    .array(fc.record({ from: rowArb, to: rowArb }), { maxLength: 10 })
    .map((claims) => claims.filter((c) => c.from.seat !== c.to.seat || c.from.row !== c.to.row));
  const key = (x: { seat: number; row: number }) => `${x.seat}:${x.row}`;

  it('is consistent: a row is stopped exactly when a working Cancel aims at it', () => {
    fc.assert(
      fc.property(claimsArb, (claims: StopClaim[]) => {
        const { verdicts, stopped } = settleStops(claims);
        const stoppedKeys = new Set(stopped.map(key));
        claims.forEach((c, i) => {
          const aimedAtByWorking = claims.some((d, j) => verdicts[j] === 'works' && key(d.to) === key(c.from));
          expect(verdicts[i] === 'stopped').toBe(aimedAtByWorking);
          expect(stoppedKeys.has(key(c.from))).toBe(aimedAtByWorking);
          // Two claims from one row share its fate.
          claims.forEach((d, j) => {
            if (key(d.from) === key(c.from)) expect(verdicts[j]).toBe(verdicts[i]);
          });
        });
        expect(stopped.every((r) => claims.some((c, i) => verdicts[i] === 'works' && key(c.to) === key(r)))).toBe(true);
      }),
    );
  });

  it('deadlocks only rows that lie on a loop of deadlocked rows', () => {
    fc.assert(
      fc.property(claimsArb, (claims: StopClaim[]) => {
        const { verdicts } = settleStops(claims);
        const dead = new Set(claims.flatMap((c, i) => (verdicts[i] === 'deadlocked' ? [key(c.from)] : [])));
        for (const start of dead) {
          // Walk "aims at" edges through deadlocked rows; one of them must lead back to the start.
          const seen = new Set<string>();
          const stack = [start];
          let back = false;
          while (stack.length > 0 && !back) {
            const at = stack.pop() as string;
            for (const c of claims) {
              if (key(c.from) !== at || !dead.has(key(c.to))) continue;
              if (key(c.to) === start) back = true;
              if (!seen.has(key(c.to))) {
                seen.add(key(c.to));
                stack.push(key(c.to));
              }
            }
          }
          expect(back).toBe(true);
        }
      }),
    );
  });
});

/** Two boxes in every column, so the round waits at gaining and its report can be read. */
const withGain = (sheet: Sheet): Sheet => {
  for (const col of sheet.points) col.filled = [true, true, false, false, false, false];
  return sheet;
};

describe('Cancel against Cancel', () => {
  it("stops a Cancel aimed at one's first Cancel with a second, so the first works (the seed's example)", () => {
    const state = rolled(
      readyToRoll([
        withGain(sheetWith({ powers: { 1: ['cancel', 2], 6: ['cancel', 2] } })),
        withGain(sheetWith({ powers: { 1: ['cancel', 2], 6: ['block', 2] } })),
      ]),
      [1, 6],
    );
    const after = declareBoth(
      state,
      [
        use(0, { power: 'cancel', mode: 'stop', target: r(1, 6) }),
        use(1, { power: 'cancel', mode: 'stop', target: r(1, 1) }),
      ],
      [
        use(0, { power: 'cancel', mode: 'stop', target: r(0, 1) }),
        use(1, { power: 'block', target: 0, boxes: [{ column: '7', box: 1 }] }),
      ],
    );
    expect(after.turn?.report.stopped).toEqual([r(1, 6), r(1, 1)]);
    expect(pointsColumn(after.sheets[0]!, '7').marks[0]).toBeNull();
  });

  it('fails both Cancels of two players that stop each other, and their other powers still act', () => {
    const state = rolled(
      readyToRoll([
        withGain(sheetWith({ powers: { 3: ['cancel', 1], 4: ['double', 1] } })),
        withGain(sheetWith({ powers: { 3: ['cancel', 1] } })),
      ]),
      [3, 4],
    );
    const after = declareBoth(
      state,
      [
        use(0, { power: 'cancel', mode: 'stop', target: r(1, 3) }),
        use(1, { power: 'double', boxes: [{ column: '7', box: 2 }] }),
      ],
      [use(0, { power: 'cancel', mode: 'stop', target: r(0, 3) })],
    );
    expect(after.turn?.report.stopped).toEqual([]);
    expect(after.turn?.report.deadlocked).toEqual([r(0, 3), r(1, 3)]);
    expect(pointsColumn(after.sheets[0]!, '7').marks[1]).toEqual({ kind: 'double' });
  });

  it('stops every activation of a row a double activated', () => {
    const state = rolled(
      readyToRoll([withGain(sheetWith({ powers: { 5: ['grow', 1] } })), withGain(sheetWith({ powers: { 5: ['cancel', 1] } }))]),
      [5, 5],
    );
    const after = declareBoth(
      state,
      [use(0, { power: 'grow' }), use(1, { power: 'grow' })],
      [use(0, { power: 'cancel', mode: 'stop', target: r(0, 5) }), pass(1)],
    );
    expect(after.step.kind).toBe('gain');
    expect(after.turn?.report.stopped).toEqual([r(0, 5)]);
  });
});

describe('size limits', () => {
  const state = (cancelSize: number, targetSize: number) =>
    rolled(
      readyToRoll([
        withGain(sheetWith({ powers: { 2: ['cancel', cancelSize] } })),
        withGain(sheetWith({ powers: { 3: ['steal', targetSize] } })),
      ]),
      [2, 3],
    );
  const stop = { type: 'declare' as const, declarations: [use(0, { power: 'cancel', mode: 'stop', target: r(1, 3) })] };

  it('refuses a Cancel of size 2 aimed at a row of size 3', () => {
    expect(refusal(state(2, 3), 0, stop)).toBe('rule/war-too-big');
  });

  it('lets a Cancel stop a row of its own size', () => {
    expect(play(state(3, 3), 0, stop).step.kind).toBe('declare');
  });

  it('counts filled boxes, not level: a row that lost a box is smaller', () => {
    const s = state(2, 3);
    s.sheets[1]!.powers[2]!.filled[0] = false;
    const again = rolled({ ...s, step: { kind: 'roll' }, turn: null }, [2, 3]);
    expect(play(again, 0, stop).step.kind).toBe('declare');
  });
});

describe('marks', () => {
  const blockAndDouble = (main: number) => {
    const state = rolled(
      readyToRoll(
        [withGain(sheetWith({ powers: { 1: ['block', 1] } })), withGain(sheetWith({ powers: { 1: ['double', 1] } }))],
        { main },
      ),
      [1, 6],
    );
    return declareBoth(
      state,
      [use(0, { power: 'block', target: 1, boxes: [{ column: '7', box: 1 }] })],
      [use(0, { power: 'double', boxes: [{ column: '7', box: 1 }] })],
    );
  };

  it('gives a box two marks claim in one round to the earlier in table order', () => {
    const mainFirst = blockAndDouble(0);
    expect(pointsColumn(mainFirst.sheets[1]!, '7').marks[0]).toEqual({ kind: 'block' });
    expect(mainFirst.turn?.report.lostMarks).toEqual([{ seat: 1, on: 1, target: { column: '7', box: 1 } }]);
    const otherFirst = blockAndDouble(1);
    expect(pointsColumn(otherFirst.sheets[1]!, '7').marks[0]).toEqual({ kind: 'double' });
    expect(otherFirst.turn?.report.lostMarks).toEqual([{ seat: 0, on: 1, target: { column: '7', box: 1 } }]);
  });

  it('erases two marks on your sheet and one on the opponent\'s with Cancel 3', () => {
    const state = rolled(
      readyToRoll([
        withGain(
          sheetWith({
            powers: { 2: ['cancel', 3] },
            marks: [
              { column: '2/12', box: 1, mark: { kind: 'block' } },
              { column: '3/11', box: 2, mark: { kind: 'block' } },
            ],
          }),
        ),
        withGain(sheetWith({ marks: [{ column: '7', box: 1, mark: { kind: 'powerup', factor: 5 } }] })),
      ]),
      [2, 4],
    );
    const after = play(state, 0, {
      type: 'declare',
      declarations: [
        use(0, {
          power: 'cancel',
          mode: 'erase',
          marks: [
            { kind: 'box', seat: 0, column: '2/12', box: 1 },
            { kind: 'box', seat: 0, column: '3/11', box: 2 },
            { kind: 'box', seat: 1, column: '7', box: 1 },
          ],
        }),
      ],
    });
    expect(after.sheets.flatMap((s) => s.points.flatMap((c) => c.marks)).every((m) => m === null)).toBe(true);
  });

  it('erases only marks made before the round: a new mark the same round stays', () => {
    const state = rolled(
      readyToRoll([
        withGain(sheetWith({ powers: { 2: ['cancel', 1] }, marks: [{ column: '7', box: 1, mark: { kind: 'block' } }] })),
        withGain(sheetWith({ powers: { 4: ['block', 1] } })),
      ]),
      [2, 4],
    );
    const after = declareBoth(
      state,
      [use(0, { power: 'cancel', mode: 'erase', marks: [{ kind: 'box', seat: 0, column: '7', box: 1 }] })],
      [use(0, { power: 'block', target: 0, boxes: [{ column: '7', box: 2 }] })],
    );
    expect(pointsColumn(after.sheets[0]!, '7').marks.slice(0, 2)).toEqual([null, { kind: 'block' }]);
  });

  it('erases a trap with Cancel', () => {
    const state = rolled(
      readyToRoll([withGain(sheetWith({ powers: { 2: ['cancel', 1] }, traps: [{ value: 25, owner: 1 }] })), withGain(sheetWith({}))]),
      [2, 4],
    );
    const after = play(state, 0, {
      type: 'declare',
      declarations: [use(0, { power: 'cancel', mode: 'erase', marks: [{ kind: 'trap', seat: 0, value: 25 }] })],
    });
    expect(after.sheets[0]?.traps).toEqual([]);
  });

  it('keeps only one of two traps on one value, the earlier in table order', () => {
    const state = rolled(
      readyToRoll([
        withGain(sheetWith({ powers: { 1: ['trap', 1] } })),
        withGain(sheetWith({ powers: { 1: ['trap', 1] } })),
        withGain(sheetWith({})),
      ], { main: 1 }),
      [1, 6],
    );
    let after = play(state, 1, { type: 'declare', declarations: [use(0, { power: 'trap', target: 2, values: [30] })] });
    after = play(after, 0, { type: 'declare', declarations: [use(0, { power: 'trap', target: 2, values: [30] })] });
    expect(after.sheets[2]?.traps).toEqual([{ value: 30, owner: 1 }]);
    expect(after.turn?.report.lostMarks).toEqual([{ seat: 0, on: 2, target: { value: 30 } }]);
  });
});

describe('Withering', () => {
  const game = (withering: number, attacker: Sheet) =>
    rolled(readyToRoll([withGain(attacker), withGain(sheetWith({ withering: { '4/10': withering } }))]), [3, 4]);

  it('adds up: W −4 plus Wither 5 becomes W −9', () => {
    const after = play(game(4, sheetWith({ powers: { 3: ['wither', 5] } })), 0, {
      type: 'declare',
      declarations: [use(0, { power: 'wither', target: 1, column: '4/10' })],
    });
    expect(pointsColumn(after.sheets[1]!, '4/10').withering).toBe(9);
  });

  it('is lowered by Cancel: Withering 7 less Cancel 5 is 2, and it never goes below 0', () => {
    const lower = { type: 'declare' as const, declarations: [use(0, { power: 'cancel', mode: 'unwither', target: 1, column: '4/10' })] };
    expect(pointsColumn(play(game(7, sheetWith({ powers: { 3: ['cancel', 5] } })), 0, lower).sheets[1]!, '4/10').withering).toBe(2);
    expect(pointsColumn(play(game(3, sheetWith({ powers: { 3: ['cancel', 5] } })), 0, lower).sheets[1]!, '4/10').withering).toBe(0);
  });
});

import { hints, warPnp } from '@rollcall/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { pickLocale } from '$lib/i18n/locale.svelte.js';
import {
  effectWords,
  hintText,
  firedRows,
  likelyLandings,
  markLabel,
  markRefWords,
  columnWords,
  namesFor,
  powerEffect,
  powerLabel,
  removeWords,
  reportLines,
  roman,
  sheetSummary,
  stepWords,
  type WarHint,
} from './describe.js';
import { boxes, phoneView, readyToRoll, row, step } from './test-games.js';

const names = namesFor((seat) => ['Ann', 'Bo', 'Cy'][seat] ?? '?', 0);
const tvNames = namesFor((seat) => ['Ann', 'Bo', 'Cy'][seat] ?? '?');

describe('how the Powers ’n Points screens name things', () => {
  it('prints ranks as the sheet does and a missing level as a dash', () => {
    expect([1, 2, 3, 4, 5, 6].map(roman)).toEqual(['i', 'ii', 'iii', 'iv', 'v', 'vi']);
    expect(roman(0)).toBe('–');
  });

  it('calls every seat by name, and says "your" for the phone’s own', () => {
    expect([names.name(0), names.name(1), tvNames.name(0)]).toEqual(['Ann', 'Bo', 'Ann']);
    const sheets = { sheets: [] };
    expect(markRefWords({ kind: 'trap', seat: 0, value: 40 }, sheets, names)).toBe('T on your 40');
    expect(markRefWords({ kind: 'trap', seat: 0, value: 40 }, sheets, tvNames)).toBe('T on Ann’s 40');
  });

  it('names the Points columns as they are said', () => {
    expect(columnWords('2/12')).toBe('2 or 12');
    expect(columnWords('7')).toBe('7');
  });

  it('prints marks as on paper: 2x, X and PU with its factor', () => {
    expect(markLabel({ kind: 'double' })).toBe('2x');
    expect(markLabel({ kind: 'block' })).toBe('X');
    expect(markLabel({ kind: 'powerup', factor: 5 })).toBe('PU5');
  });

  it('says what each power does in plain words, with its number at the level from the rules table', () => {
    expect(powerEffect('grow', 4)).toBe('Fill 3 extra boxes on your sheet now; your opponents get 2 to fill');
    expect(powerEffect('grow', 1)).toBe('Fill 1 extra box on your sheet now');
    expect(powerEffect('double', 3)).toBe('Two of your Points boxes pay double next time');
    expect(powerEffect('bend', 1)).toBe('When you gain, move the dice total up to 1 up or down');
    expect(powerEffect('block', 1)).toBe('One of an opponent’s Points boxes pays nothing next time');
    expect(powerEffect('steal', 3)).toBe('Take your gain again from an opponent, up to what box 3 of its column pays');
    expect(powerEffect('cancel', 3)).toBe(
      'Do one: stop a power row with no more boxes than this one, erase up to 3 marks, or ease a Wither by 3',
    );
    expect(powerEffect('trap', 1)).toBe('Put 1 trap on an opponent’s score track: landing on one costs them a box');
    expect(powerEffect('decay', 2)).toBe('This round, an opponent’s box pays as if it were 2 boxes lower');
    expect(powerEffect('powerup', 4)).toBe('One of your Points boxes pays ×5 next time');
    expect(powerEffect('wither', 6)).toBe('Every box in one of an opponent’s columns pays 6 less from now on');
  });

  it('keeps every power’s words short and free of the sheet’s shorthand', () => {
    for (const power of warPnp.POWER_NAMES) {
      for (const level of [1, 2, 3, 4, 5, 6]) {
        const words = powerEffect(power, level);
        expect(words.length, words).toBeLessThanOrEqual(105);
        expect(words).not.toMatch(/\bPU\d|\bW −|\b2x\b|\bmark \d* ?(own|opponent) box/i);
      }
    }
  });

  it('spells out declared effects with the level’s number', () => {
    const act = (power: warPnp.PowerName, level: number): warPnp.Activation => ({ row: 2, power, level, size: level });
    expect(effectWords({ power: 'block', target: 1, boxes: [{ column: '7', box: 2 }, { column: '6/8', box: 1 }] }, act('block', 3), names)).toBe(
      'X on Bo’s 7 box 2 and 6/8 box 1',
    );
    expect(effectWords({ power: 'grow', gifts: [{ seat: 2, count: 2 }] }, act('grow', 4), names)).toBe('3 extra boxes (and 2 for Cy)');
    expect(effectWords({ power: 'grow' }, act('grow', 1), names)).toBe('1 extra box');
    expect(effectWords({ power: 'cancel', mode: 'stop', target: { seat: 0, row: 5 } }, act('cancel', 2), tvNames)).toBe(
      'stop Ann’s row 5',
    );
    expect(effectWords({ power: 'trap', target: 0, values: [25, 31] }, act('trap', 3), tvNames)).toBe('T on Ann’s 25, 31');
    expect(effectWords({ power: 'wither', target: 1, column: '5/9' }, act('wither', 5), names)).toBe('W −5 under Bo’s 5/9');
  });

  it('counts a double as firing its row twice', () => {
    const act = (row: number): warPnp.Activation => ({ row, power: 'grow', level: 1, size: 1 });
    expect([...firedRows([act(3), act(3)])]).toEqual([[3, 2]]);
    expect([...firedRows([act(1), act(4)])]).toEqual([
      [1, 1],
      [4, 1],
    ]);
  });

  it('names a box to remove by row and rank or by column and box', () => {
    expect(removeWords({ kind: 'power', row: 3, rank: 4 })).toBe('row 3 box iv');
    expect(removeWords({ kind: 'points', column: '6/8', box: 1 })).toBe('6/8 box 1');
  });

  it('names a power by its message, and a row not started as unnamed', () => {
    expect(warPnp.POWER_NAMES.map(powerLabel)).toEqual(warPnp.POWER_NAMES.map((p) => warPnp.POWER_TABLE[p].label));
    expect(powerLabel(null)).toBe('Unnamed');
  });

  it('says what the table is waiting for at each step', () => {
    expect(stepWords({ kind: 'roll', roller: 1 }, tvNames)).toBe('Bo to roll the dice');
    expect(stepWords({ kind: 'declare', together: false, seat: 2, lap: 2 }, tvNames)).toBe('Cy to declare (lap 2 of 2)');
    expect(stepWords({ kind: 'traps', queue: [{ victim: 1, owner: 0, value: 25 }] }, tvNames)).toBe(
      'Ann to remove a box of Bo',
    );
  });
});

describe('what a played round says', () => {
  // Ann blocks Bo's 7 box 1 and Bo's Cancel (row 1) stops nothing: rolling 2 and 1.
  const ready = readyToRoll([
    [...row(1, 'grow'), ...row(2, 'block'), ...boxes('7', 3)],
    [...row(1, 'cancel'), ...row(2, 'trap'), ...boxes('7', 3)],
  ]);
  const rolled = step(ready, 0, { type: 'roll' }, [2, 1]);
  const bothDeclare = (ann: warPnp.Declaration[], bo: warPnp.Declaration[]) =>
    step(step(rolled, 0, { type: 'declare', declarations: ann }), 1, { type: 'declare', declarations: bo });

  it('names a mark Cancel could erase with what it is and whose it is', () => {
    const marked = bothDeclare(
      [{ activation: 0, effect: { power: 'block', target: 1, boxes: [{ column: '7', box: 1 }] } }, { activation: 1, pass: true }],
      [{ activation: 0, effect: { power: 'trap', target: 0, values: [40] } }, { activation: 1, pass: true }],
    );
    const view = phoneView(marked, 0);
    expect(markRefWords({ kind: 'box', seat: 1, column: '7', box: 1 }, view, names)).toBe('X on Bo’s 7 box 1');
    expect(markRefWords({ kind: 'trap', seat: 0, value: 40 }, view, names)).toBe('T on your 40');
    expect(markRefWords({ kind: 'trap', seat: 0, value: 40 }, view, namesFor((s) => ['Ann', 'Bo'][s] ?? '?', 1))).toBe('T on Ann’s 40');
  });

  it('reports gains, and a Cancel that stopped a row', () => {
    const declared = bothDeclare(
      [{ activation: 0, effect: { power: 'block', target: 1, boxes: [{ column: '6/8', box: 1 }] } }, { activation: 1, pass: true }],
      [{ activation: 0, pass: true }, { activation: 1, effect: { power: 'cancel', mode: 'stop', target: { seat: 0, row: 2 } } }],
    );
    // Ann's Grow was passed, so the round goes straight to gaining; 3 pays the empty 3/11 column.
    const view = phoneView(declared, 1);
    expect(view.turn).toBeNull();
    expect(view.lastRound?.report.stopped).toEqual([{ seat: 0, row: 2 }]);
    expect(reportLines(view.lastRound!, tvNames)).toEqual([
      'Ann’s row 2 was stopped.',
      'Ann gained 0 from nothing in 3/11.',
      'Bo gained 0 from nothing in 3/11.',
    ]);
  });

  it('suggests the trap values an opponent lands on with each filled box', () => {
    const view = phoneView(ready, 0);
    const sheet = view.sheets[1]!;
    // Bo has 7 boxes 1–3 (4, 8, 12) and 2/12 box 1 (10), on a score of 0.
    expect(likelyLandings(sheet, 0, Array.from({ length: 101 }, (_, v) => v).filter((v) => v !== 0))).toEqual([
      4, 8, 10, 12,
    ]);
    expect(likelyLandings(sheet, 0, [8, 12])).toEqual([8, 12]);
  });
});

describe("a big table's summary of a sheet", () => {
  it('names each started power with its level, and counts the Points filled and marked', () => {
    const sheet = warPnp.emptySheet();
    sheet.powers[1] = { name: 'grow', filled: [true, true, false, false, false, false] };
    sheet.points[5]!.filled[0] = true;
    sheet.points[5]!.filled[1] = true;
    sheet.points[0]!.filled[0] = true;
    sheet.points[2]!.marks[3] = { kind: 'double' };
    expect(sheetSummary(sheet)).toEqual({ powers: [{ row: 2, label: `${warPnp.POWER_TABLE.grow.label} ii` }], points: '3 Points boxes · 1 mark' });
  });

  it('says an empty sheet has nothing yet', () => {
    expect(sheetSummary(warPnp.emptySheet())).toEqual({ powers: [], points: '0 Points boxes' });
  });
});

describe('the phone’s hint in words', () => {
  const ready = readyToRoll([
    [...row(1, 'grow'), ...row(2, 'block'), ...boxes('7', 3)],
    [...row(1, 'cancel'), ...row(2, 'trap'), ...boxes('7', 3)],
  ]);
  const hint = (action: warPnp.WarAction, reason: Partial<Pick<WarHint, 'perRoll' | 'points'>> = {}): WarHint => ({
    game: 'war-pnp',
    action,
    perRoll: reason.perRoll ?? null,
    points: reason.points ?? null,
  });

  it('names developments as the sheet shows them, with what the Points boxes add a roll', () => {
    const view = phoneView(ready, 0);
    const picks: warPnp.Development[] = [{ kind: 'power', row: 2 }, { kind: 'points', column: '7' }];
    // Ann's round-1 pair is row 6 Bend and 2/12 box 1, so row 2 (Block, one box) and 7 (three boxes) come next.
    expect(hintText(hint({ type: 'develop', picks }, { perRoll: 0.6667 }), view, 0, names)).toBe(
      'Take row 2 (Block) to level ii and fill 7 box 4 (16 pts): that box adds about 0.7 points a roll',
    );
    const setup: warPnp.Development[] = [{ kind: 'power', row: 3, name: 'powerup' }, { kind: 'points', column: '5/9' }, { kind: 'points', column: '5/9' }];
    expect(hintText(hint({ type: 'develop', picks: setup }, { perRoll: 1.33 }), view, 0, names)).toBe(
      'Start row 3 as PowerUp and fill 5/9 boxes 1–2 (3, 6 pts): those boxes add about 1.3 points a roll',
    );
    const twoBoxes: warPnp.Development[] = [{ kind: 'points', column: '4/10' }, ...row(4, 'grow', 2)];
    expect(hintText(hint({ type: 'develop', picks: twoBoxes }, { perRoll: 0.67 }), view, 0, names)).toBe(
      'Start row 4 as Grow (2 boxes) and fill 4/10 box 1 (4 pts): that box adds about 0.7 points a roll',
    );
  });

  it('says what to do with each power that fired', () => {
    const rolled = phoneView(step(ready, 0, { type: 'roll' }, [2, 1]), 0);
    const declarations: warPnp.Declaration[] = [
      { activation: 0, effect: { power: 'block', target: 1, boxes: [{ column: '7', box: 3 }] } },
      { activation: 1, pass: true },
    ];
    expect(hintText(hint({ type: 'declare', declarations }), rolled, 0, names)).toBe('Block Bo’s 7 box 3 and pass Grow');
    const double = phoneView(step(ready, 0, { type: 'roll' }, [1, 1]), 0);
    const growTwice: warPnp.Declaration[] = [0, 1].map((activation) => ({ activation, effect: { power: 'grow' } }));
    expect(hintText(hint({ type: 'declare', declarations: growTwice }), double, 0, names)).toBe(
      'Use Grow to fill 1 extra box, both times',
    );
    const bo = phoneView(step(ready, 0, { type: 'roll' }, [2, 1]), 1);
    const stop: warPnp.Declaration[] = [
      { activation: 0, effect: { power: 'trap', target: 0, values: [4, 8] } },
      { activation: 1, effect: { power: 'cancel', mode: 'stop', target: { seat: 0, row: 2 } } },
    ];
    expect(hintText(hint({ type: 'declare', declarations: stop }), bo, 1, namesFor((s) => ['Ann', 'Bo'][s] ?? '?', 1))).toBe(
      'Trap Ann’s score at 4, 8 and stop Ann’s row 2 (Block)',
    );
  });

  it('gives a gain with its points, and a box to remove with its worth', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [3, 4]), 0);
    expect(hintText(hint({ type: 'gain', bend: 0, box: 3 }, { points: 12 }), view, 0, names)).toBe(
      'Gain from 7 box 3: 12 points, the most you can score',
    );
    expect(hintText(hint({ type: 'gain', bend: -1, box: 1 }, { points: 2 }), view, 0, names)).toBe(
      'Bend -1 and gain from 6/8 box 1: 2 points, the most you can score',
    );
    const trapped = { ...view, step: { kind: 'traps', queue: [{ victim: 1, owner: 0, value: 12 }] } } as warPnp.WarView;
    expect(hintText(hint({ type: 'remove', target: { kind: 'points', column: '7', box: 3 } }), trapped, 0, names)).toBe(
      'Remove Bo’s 7 box 3, their box worth most (12 pts)',
    );
  });

  it('reads a hint worked out by the rules, and there is none for the roll', () => {
    // Ann holds the dice: rolling is no choice, so there is no hint.
    expect(hints['war-pnp']!(ready, 0, () => 0.5)).toBeNull();
    const rolled = step(ready, 0, { type: 'roll' }, [2, 1]);
    const real = hints['war-pnp']!(rolled, 0, () => 0.5) as WarHint;
    expect(real.action.type).toBe('declare');
    expect(hintText(real, phoneView(rolled, 0), 0, names)).toMatch(/^(Block|Pass Block) .*(use Grow to fill 1 extra box|pass Grow)$/);
  });
});

describe('the same words in another language', () => {
  afterEach(() => pickLocale('en', null));

  it('counts with the language’s own plurals and names the powers in it', async () => {
    await pickLocale('de', null);
    expect(powerEffect('grow', 1)).toBe('Füll sofort 1 Feld mehr auf deinem Blatt');
    expect(powerEffect('grow', 4)).toBe('Füll sofort 3 Felder mehr; deine Gegner füllen 2');
    expect(powerLabel('cancel')).toBe('Aufheben');
    // French counts 0 as singular.
    await pickLocale('fr', null);
    expect(sheetSummary(warPnp.emptySheet()).points).toBe('0 case de Points');
  });
});

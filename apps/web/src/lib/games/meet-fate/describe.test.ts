import { meetFate } from '@rollcall/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { pickLocale } from '$lib/i18n/locale.svelte.js';
import {
  boxHint,
  boxName,
  dieName,
  faceOf,
  fillLabel,
  fillNews,
  highlighted,
  hintLabel,
  mainAction,
  rollCount,
  rollLabel,
  rollNews,
  sheetSections,
  tumbleKeys,
} from './describe.js';

describe('how the Meet Fate screens word the sheet', () => {
  it('lays out all nineteen boxes in three sections, in sheet order', () => {
    expect(sheetSections.map((s) => [s.title, s.boxes.length])).toEqual([
      ['Numbers', 8],
      ['Sum of all dice', 5],
      ['Fixed points', 6],
    ]);
    expect(sheetSections.flatMap((s) => s.boxes.map((b) => b.id))).toEqual([...meetFate.BOX_IDS]);
  });

  it('tells a number box which face it adds and a pattern box what it asks for', () => {
    expect(faceOf('threes')).toBe(3);
    expect(faceOf('eights')).toBe(8);
    expect(faceOf('chance')).toBeNull();
    expect(boxHint('twos')).toBe('add the 2s');
    expect(boxHint('three-pair')).toBe('3 pairs · sum');
    expect(boxHint('chance')).toBe('any dice · sum');
  });

  it('shows the fixed points the rules give each section 3 box', () => {
    expect(sheetSections[2]?.boxes.map((b) => boxHint(b.id))).toEqual([
      '5 in a row · 30',
      '6 in a row · 45',
      '3 alike + a pair · 25',
      '2 sets of 3 · 35',
      '5 alike · 50',
      '6 alike · 80',
    ]);
  });

  it('calls every box by the name the rules give it', () => {
    expect(meetFate.BOXES.map((b) => boxName(b.id))).toEqual(meetFate.BOXES.map((b) => b.name));
  });

  it('names the fill with the score and the box', () => {
    expect(fillLabel('small-straight', 30)).toBe('Score 30 in Small Straight');
    expect(fillLabel('six-of-a-kind', 0)).toBe('Score 0 in Six of a Kind');
  });
});

describe('the roll button', () => {
  it('rolls everything first, then says how many dice go back in', () => {
    expect(rollLabel(0, 0)).toBe('Roll all six dice');
    expect(rollLabel(1, 0)).toBe('Roll all six again');
    expect(rollLabel(1, 2)).toBe('Roll 4 dice, keep 2');
    expect(rollLabel(2, 5)).toBe('Roll 1 die, keep 5');
  });

  it('asks for a die to be let go when all six are kept, since that roll would be refused', () => {
    expect(rollLabel(1, 6)).toBe('Unkeep a die to roll');
  });
});

describe('which boxes are highlighted', () => {
  it('highlights every box tied for the best score', () => {
    // 2 2 2 2 5 5 from the rules: 18 in each sum box, 25 for the full house.
    const preview = meetFate.BOX_IDS.map((box) => ({ box, score: meetFate.scoreBox(box, [2, 2, 2, 2, 5, 5]) }));
    expect([...highlighted(preview, ['full-house'])]).toEqual(['full-house']);
    expect([...highlighted(preview, ['two-pair', 'chance'])]).toEqual(['two-pair', 'chance']);
  });

  it('highlights nothing when even the best box would score 0', () => {
    const preview = [
      { box: 'six-of-a-kind' as const, score: 0 },
      { box: 'trips' as const, score: 0 },
    ];
    expect(highlighted(preview, ['six-of-a-kind', 'trips']).size).toBe(0);
  });
});

describe('which dice tumble', () => {
  it('tumbles all six on a turn’s first roll', () => {
    const keys = tumbleKeys([], '3-1', 1, []);
    expect(new Set(keys)).toEqual(new Set(['3-1:1']));
    expect(keys).toHaveLength(6);
  });

  it('keeps a kept die still and rolls the others', () => {
    const first = tumbleKeys([], '3-1', 1, []);
    const second = tumbleKeys(first, '3-1', 2, [0, 4]);
    expect(second).toEqual(['3-1:1', '3-1:2', '3-1:2', '3-1:2', '3-1:1', '3-1:2']);
    // Die 4 goes back in on the third roll; die 0 stays kept since the first.
    expect(tumbleKeys(second, '3-1', 3, [0])).toEqual(['3-1:1', '3-1:3', '3-1:3', '3-1:3', '3-1:3', '3-1:3']);
  });

  it('gives the same keys when the same view comes again, so nothing rolls twice', () => {
    const once = tumbleKeys(tumbleKeys([], '2-0', 1, []), '2-0', 2, [1]);
    expect(tumbleKeys(once, '2-0', 2, [1])).toEqual(once);
  });

  it('starts afresh on the next turn even where positions were kept', () => {
    const end = tumbleKeys(tumbleKeys([], '2-0', 1, []), '2-0', 2, [1, 2]);
    expect(new Set(tumbleKeys(end, '2-1', 1, []))).toEqual(new Set(['2-1:1']));
  });

  it('words the hint as a keep with the best box now, or as the box to fill', () => {
    const dice = [8, 3, 8, 5, 8, 1];
    expect(hintLabel({ type: 'roll', hold: [0, 2, 4] }, dice, 'eights')).toBe('Keep 8 8 8 and roll again (scoring now, Eights is best)');
    expect(hintLabel({ type: 'roll', hold: [] }, dice, null)).toBe('Roll all six again');
    expect(hintLabel({ type: 'fill', box: 'chance' }, dice, 'eights')).toBe('Score it in Chance');
  });
});

describe('the big button after a roll', () => {
  const keep: meetFate.MeetFateAction = { type: 'roll', hold: [0, 1] };
  const fill: meetFate.MeetFateAction = { type: 'fill', box: 'two-pair' };

  it('follows the hint until the player touches anything, so it never says the opposite', () => {
    expect(mainAction(2, null, keep)).toBe('roll');
    expect(mainAction(2, null, fill)).toBe('fill');
  });

  it('follows what the player last did: dice tapped to keep roll again, a box picked scores', () => {
    expect(mainAction(2, 'box', keep)).toBe('fill');
    expect(mainAction(2, 'dice', fill)).toBe('roll');
    expect(mainAction(1, 'dice', null)).toBe('roll');
  });

  it('scores the best box with no hint and nothing touched, and always once no rolls are left', () => {
    expect(mainAction(2, null, null)).toBe('fill');
    expect(mainAction(0, 'dice', keep)).toBe('fill');
  });
});

describe('the dice and the table, by ear', () => {
  it('names each die by its place, its face and whether it is kept', () => {
    expect(dieName(2, 5, 'kept')).toBe('Die 3: 5, kept');
    expect(dieName(0, 8, 'to-roll')).toBe('Die 1: 8, to roll again');
    expect(dieName(5, 1, 'shown')).toBe('Die 6: 1');
    expect(dieName(3, null, 'shown')).toBe('Die 4: not rolled yet');
  });

  it('reads the roller their dice and the best box now, and everyone else whose dice they are', () => {
    const dice = [2, 2, 2, 2, 5, 5];
    const preview = meetFate.BOX_IDS.map((box) => ({ box, score: meetFate.scoreBox(box, dice) }));
    expect(rollNews(null, dice, 1, preview, ['full-house'])).toBe('Roll 1 of 3: 2, 2, 2, 2, 5 and 5. Best now: 25 in Full House.');
    expect(rollNews('Bo', dice, 2, preview, ['full-house'])).toBe('Bo, roll 2 of 3: 2, 2, 2, 2, 5 and 5.');
    const nothing = [{ box: 'six-of-a-kind' as const, score: 0 }];
    expect(rollNews(null, [1, 2, 4, 5, 7, 8], 3, nothing, ['six-of-a-kind'])).toBe('Roll 3 of 3: 1, 2, 4, 5, 7 and 8. Nothing scores yet.');
  });

  it('reads out each box filled with the total it makes', () => {
    expect(fillNews(null, { box: 'chance', score: 31 }, 120)).toBe('You scored 31 in Chance. Your total: 120.');
    expect(fillNews('Ann', { box: 'ones', score: 0 }, 7)).toBe('Ann scored 0 in Ones. Total: 7.');
  });

  it('counts the rolls of a turn, from none yet', () => {
    expect([rollCount(0), rollCount(2)]).toEqual(['not rolled yet', 'roll 2 of 3']);
  });
});

describe('at a German table', () => {
  afterEach(() => pickLocale('en', null));

  it('calls the boxes and the buttons what German dice players call them', async () => {
    await pickLocale('de', null);
    expect(['three-of-a-kind', 'four-of-a-kind', 'small-straight', 'large-straight'].map((b) => boxName(b as meetFate.BoxId))).toEqual([
      'Drilling',
      'Vierling',
      'Kleine Straße',
      'Große Straße',
    ]);
    expect(rollLabel(2, 5)).toBe('1 Würfel würfeln, 5 behalten');
    expect(fillLabel('full-house', 25)).toBe('25 in Full House eintragen');
    expect(dieName(2, 5, 'kept')).toBe('Würfel 3: 5, behalten');
  });
});

import { warPnp } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import {
  addPick,
  draftOf,
  freshDraft,
  newBoxes,
  picksComplete,
  picksLeft,
  readDraft,
  removePick,
  toggleBox,
  toggleMark,
  toggleValue,
} from './drafts.js';
import { boxes, phoneView, readyToRoll, row, step } from './test-games.js';

const pair: warPnp.DevelopNeed = { count: 2, pair: { powers: true, points: true } };
const five: warPnp.DevelopNeed = { count: 5, pair: null };

describe('development picks on the phone', () => {
  it('keeps one Powers and one Points pick for a round, a second tap replacing the first', () => {
    let picks = addPick(pair, [], { kind: 'power', row: 1, name: 'grow' });
    picks = addPick(pair, picks, { kind: 'points', column: '7' });
    picks = addPick(pair, picks, { kind: 'power', row: 2, name: 'block' });
    expect(picks).toEqual([
      { kind: 'points', column: '7' },
      { kind: 'power', row: 2, name: 'block' },
    ]);
    expect(picksComplete(pair, picks)).toBe(true);
  });

  it('skips the part of the sheet that is full', () => {
    const pointsOnly: warPnp.DevelopNeed = { count: 1, pair: { powers: false, points: true } };
    expect(addPick(pointsOnly, [], { kind: 'power', row: 1 })).toEqual([]);
    expect(picksLeft(pointsOnly, [])).toEqual({ powers: 0, points: 1, any: 0 });
  });

  it('adds setup picks up to five of any kind and no more', () => {
    let picks: warPnp.Development[] = [];
    for (let i = 0; i < 7; i++) picks = addPick(five, picks, { kind: 'points', column: '7' });
    expect(picks).toHaveLength(5);
    expect(picksLeft(five, picks.slice(0, 3))).toEqual({ powers: 0, points: 0, any: 2 });
  });

  it('moves a row’s name to its next pick when the naming pick is removed', () => {
    const picks: warPnp.Development[] = [
      { kind: 'power', row: 3, name: 'cancel' },
      { kind: 'points', column: '7' },
      { kind: 'power', row: 3 },
    ];
    expect(removePick(picks, 0)).toEqual([
      { kind: 'points', column: '7' },
      { kind: 'power', row: 3, name: 'cancel' },
    ]);
    expect(removePick(picks, 2)).toEqual(picks.slice(0, 2));
  });

  it('marks the boxes the picks would fill, a row picked twice filling two', () => {
    const sheet = warPnp.emptySheet();
    const picks: warPnp.Development[] = [
      { kind: 'power', row: 3, name: 'cancel' },
      { kind: 'power', row: 3 },
      { kind: 'points', column: '5/9' },
    ];
    expect([...newBoxes(sheet, picks)]).toEqual(['3:1', '3:2', '5/9#1']);
  });
});

describe('declaration drafts', () => {
  // Ann: Block on row 1, Cancel on row 2, Trap on row 3; Bo: Grow at level iv on row 1.
  const ready = readyToRoll([
    [...row(1, 'block'), ...row(2, 'cancel'), ...row(3, 'trap'), ...boxes('7', 2)],
    [...row(1, 'grow', 4), ...boxes('6/8', 1)],
  ]);

  it('is incomplete until a Block has its boxes, then gives only legal ones', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [1, 3]), 0);
    const t = warPnp.legalTargets(view, 0, 0);
    if (t?.power !== 'block') throw new Error('expected Block');
    const draft = freshDraft(t);
    expect(draft.opponent).toBe(1);
    expect(readDraft(draft, t)).toEqual({ kind: 'incomplete', need: 'Pick one box to block.' });
    const picked = { ...draft, boxes: toggleBox([], { column: '6/8', box: 1 }, t.count) };
    expect(readDraft(picked, t)).toEqual({
      kind: 'use',
      effect: { power: 'block', target: 1, boxes: [{ column: '6/8', box: 1 }] },
    });
    expect(readDraft({ ...picked, use: false }, t)).toEqual({ kind: 'pass' });
  });

  it('lets a Cancel stop only rows the roll fired that are no bigger than its own', () => {
    // Dice 2 and 1: Ann's Cancel (size 1) and Block fire; Bo's Grow (size 4) fires too.
    const view = phoneView(step(ready, 0, { type: 'roll' }, [2, 1]), 0);
    const t = warPnp.legalTargets(view, 0, 0);
    if (t?.power !== 'cancel') throw new Error('expected Cancel');
    expect(t.rows).toEqual([{ seat: 0, row: 1 }]);
    const draft = { ...freshDraft(t), row: { seat: 1, row: 1 } };
    expect(readDraft(draft, t)).toEqual({ kind: 'incomplete', need: 'Pick a row to stop.' });
    expect(readDraft({ ...draft, row: { seat: 0, row: 1 } }, t)).toMatchObject({ kind: 'use' });
  });

  it('passes a Cancel with nothing to work on', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [2, 2]), 0);
    const t = warPnp.legalTargets(view, 0, 0);
    if (t?.power !== 'cancel') throw new Error('expected Cancel');
    expect(freshDraft(t).use).toBe(false);
    expect(readDraft(freshDraft(t), t)).toEqual({ kind: 'pass' });
  });

  it('keeps a trap off the opponent’s current score and within the level’s count', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [3, 5]), 0);
    const t = warPnp.legalTargets(view, 0, 0);
    if (t?.power !== 'trap') throw new Error('expected Trap');
    const draft = { ...freshDraft(t), values: toggleValue(toggleValue([], 0, t.count), 25, t.count) };
    expect(draft.values).toEqual([25]);
    expect(readDraft({ ...freshDraft(t), values: [0] }, t)).toMatchObject({ kind: 'incomplete' });
    expect(readDraft(draft, t)).toEqual({ kind: 'use', effect: { power: 'trap', target: 1, values: [25] } });
  });

  it('needs no split for Grow with one opponent, and brings back an effect already sent', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [1, 4]), 1);
    const t = warPnp.legalTargets(view, 1, 0);
    if (t?.power !== 'grow') throw new Error('expected Grow');
    expect(t).toMatchObject({ self: 3, gift: 2 });
    expect(readDraft(freshDraft(t), t)).toEqual({ kind: 'use', effect: { power: 'grow' } });
    expect(draftOf(t, null).use).toBe(false);
  });

  it('restores a sent Cancel in the way it was made', () => {
    const view = phoneView(step(ready, 0, { type: 'roll' }, [2, 1]), 0);
    const t = warPnp.legalTargets(view, 0, 0);
    if (t?.power !== 'cancel') throw new Error('expected Cancel');
    const effect: warPnp.Effect = { power: 'cancel', mode: 'stop', target: { seat: 0, row: 1 } };
    expect(readDraft(draftOf(t, effect), t)).toEqual({ kind: 'use', effect });
  });

  it('toggles picks without going over the level’s count', () => {
    const a = { column: '7' as const, box: 1 };
    const b = { column: '7' as const, box: 2 };
    expect(toggleBox([a], b, 1)).toEqual([b]);
    expect(toggleBox([a], b, 1).length).toBe(1);
    expect(toggleBox([a, b], { column: '5/9', box: 1 }, 2)).toEqual([a, b]);
    expect(toggleBox([a, b], a, 2)).toEqual([b]);
    const mark: warPnp.MarkRef = { kind: 'trap', seat: 1, value: 25 };
    expect(toggleMark(toggleMark([], mark, 2), mark, 2)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { viewEdits, withEdits } from './view-changes.js';

const before = { version: 3, seats: [{ name: 'Ann', connected: true }, { name: 'Bob', connected: true }], play: { round: 1, me: null }, dice: { seed: 'a' } };

describe('changes to a view', () => {
  it('names only the values that differ, by their paths', () => {
    const after = { ...before, version: 4, seats: [before.seats[0], { name: 'Bob', connected: false }] };
    expect(viewEdits(before, after)).toEqual([[['version'], 4], [['seats', 1, 'connected'], false]]);
    expect(withEdits(before, viewEdits(before, after))).toEqual(after);
  });

  it('grows and shortens arrays, adds and removes keys, and replaces values of another kind', () => {
    const after = { version: 3, seats: [{ name: 'Ann', connected: true }], play: { round: [1, 2], me: { sheet: [] }, extra: 0 }, dice: undefined };
    const edits = viewEdits(before, after);
    expect(edits).toContainEqual([['seats', 'length'], 1]);
    expect(edits).toContainEqual([['dice']]);
    expect(withEdits(before, edits)).toEqual(JSON.parse(JSON.stringify(after)));
    const longer = { ...before, seats: [...before.seats, { name: 'Cy', connected: false }] };
    expect(withEdits(before, viewEdits(before, longer))).toEqual(longer);
  });

  it('leaves the view it was given as it was, and shares what did not change', () => {
    const copy = JSON.parse(JSON.stringify(before)) as typeof before;
    const after = withEdits(before, [[['play', 'round'], 2]]);
    expect(before).toEqual(copy);
    expect(after.seats).toBe(before.seats);
    expect(after.play).toEqual({ round: 2, me: null });
  });

  it('finds nothing between a view and itself, nor through a shared subtree', () => {
    expect(viewEdits(before, before)).toEqual([]);
    expect(viewEdits(before, { ...before })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DeliveryTracker } from './delivery-tracker.js';

describe('delivery to a whole room', () => {
  it('counts a version delivered only when the last socket has it, at that socket’s time', () => {
    const room = new DeliveryTracker(3);
    expect(room.seen(0, 4, 10)).toEqual([]);
    expect(room.seen(1, 4, 12)).toEqual([]);
    expect(room.completedAt(4)).toBeUndefined();
    expect(room.seen(2, 4, 19)).toEqual([0, 1, 2, 3, 4]);
    expect(room.completedAt(4)).toBe(19);
  });

  it('takes a newer view as delivery of every version it skipped', () => {
    const room = new DeliveryTracker(2);
    room.seen(0, 1, 0);
    room.seen(1, 1, 0);
    room.seen(0, 2, 5);
    expect(room.seen(1, 3, 8)).toEqual([2]);
    expect(room.completedAt(2)).toBe(8);
    expect(room.seen(0, 3, 9)).toEqual([3]);
    expect(room.completedAt(3)).toBe(9);
  });

  it('ignores a repeated or older view on a socket', () => {
    const room = new DeliveryTracker(2);
    room.seen(0, 2, 1);
    expect(room.seen(0, 2, 3)).toEqual([]);
    expect(room.seen(0, 1, 4)).toEqual([]);
    expect(room.seen(1, 2, 6)).toEqual([0, 1, 2]);
    expect(room.completedAt(2)).toBe(6);
  });

  it('refuses a socket that is not in the room', () => {
    expect(() => new DeliveryTracker(2).seen(2, 1, 0)).toThrow(RangeError);
    expect(() => new DeliveryTracker(0)).toThrow(RangeError);
  });
});

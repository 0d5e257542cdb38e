import { describe, expect, it } from 'vitest';
import { idleMemory, median } from './memory.js';

describe('idle memory', () => {
  it('splits growth into a per-socket and a per-room figure, and the room alone', () => {
    const figures = idleMemory({
      baselineKb: 100_000,
      withSocketsKb: 120_000,
      sockets: 2000,
      withRoomsKb: 140_000,
      rooms: 200,
      socketsPerRoom: 9,
    });
    expect(figures).toEqual({ baselineKb: 100_000, perSocketKb: 10, perRoomKb: 100, perRoomStateKb: 10 });
  });

  it('takes the median reading', () => {
    expect(median([5, 1, 9])).toBe(5);
    expect(median([4, 1, 9, 6])).toBe(5);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '@rollcall/protocol';
import { seatName } from './seat-names.js';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ann', connected: true, vacant: false },
  { seat: 2, name: 'Cy', connected: false, vacant: true },
];

describe('seat names', () => {
  it('uses the name the seat joined with, even when it left', () => {
    expect(seatName(seats, 0)).toBe('Ann');
    expect(seatName(seats, 2)).toBe('Cy');
  });

  it('counts seats from one when the room has no name for it', () => {
    expect(seatName(seats, 1)).toBe('Seat 2');
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '@rollcall/protocol';
import { awaitedName, seatName, seatRemoved, turnTitle } from './seat-names.js';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ann', connected: true, vacant: false },
  { seat: 1, name: 'Bo', connected: false, vacant: false },
  { seat: 2, name: 'Cy', connected: false, vacant: true },
];

describe('seat names', () => {
  it('uses the name the seat joined with, even when it left', () => {
    expect(seatName(seats, 0)).toBe('Ann');
    expect(seatName(seats, 2)).toBe('Cy');
  });

  it('counts seats from one when the room has no name for it', () => {
    expect(seatName(seats, 3)).toBe('Seat 4');
  });

  it('marks a removed player among those the game waits on, and not one who is only away', () => {
    expect(seats.map((s) => seatRemoved(seats, s.seat))).toEqual([false, false, true]);
    expect(seats.map((s) => awaitedName(seats, s.seat))).toEqual(['Ann', 'Bo', 'Cy (removed)']);
    expect(seatRemoved(seats, 3)).toBe(false);
  });

  it("heads a removed player's turn as such, and an away player's as usual", () => {
    expect(seats.map((s) => turnTitle(seats, s.seat))).toEqual(["Ann's turn", "Bo's turn", "Cy's turn (removed)"]);
  });
});

import type { SeatInfo } from '@rollcall/protocol';

/** The name a seat joined with, or "Seat 3" for a seat the room no longer lists. */
export function seatName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

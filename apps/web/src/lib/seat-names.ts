import type { SeatInfo } from '@rollcall/protocol';

/** The name a seat joined with, or "Seat 3" for a seat the room no longer lists. */
export function seatName(seats: readonly SeatInfo[], seat: number): string {
  return seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
}

/** Whether the seat's player was removed: nobody will choose for it, only the lead or the TV can move it on. */
export function seatRemoved(seats: readonly SeatInfo[], seat: number): boolean {
  return seats.find((s) => s.seat === seat)?.vacant ?? false;
}

/** A seat's name in a list of those the game waits on; a removed player's seat says so. */
export function awaitedName(seats: readonly SeatInfo[], seat: number): string {
  return seatRemoved(seats, seat) ? `${seatName(seats, seat)} (removed)` : seatName(seats, seat);
}

/** The heading of a seat's turn; a removed player's turn says so, as only a default move will end it. */
export function turnTitle(seats: readonly SeatInfo[], seat: number): string {
  return `${seatName(seats, seat)}'s turn${seatRemoved(seats, seat) ? ' (removed)' : ''}`;
}

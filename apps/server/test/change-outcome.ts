/** What the pure room changes' tests ask of a change: the room it made, or the code it was refused with. */
import type { Change } from '../src/room-changes.js';
import type { RoomRecord } from '../src/room-record.js';

/** The room an accepted change made; throws, naming the refusal, when there is none. */
export function accepted(change: Change | null): RoomRecord {
  if (change === null || !change.ok) throw new Error(`refused: ${change === null ? 'no change' : change.error.code}`);
  return change.room;
}

/** The code a refused change carries; throws when it was accepted. */
export function refusal(change: Change): string {
  if (change.ok) throw new Error('accepted');
  return change.error.code;
}

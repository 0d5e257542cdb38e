import { createContext } from 'svelte';
import { RoomConnection } from './room-connection.svelte.js';
import { SeatStorage } from './seat-storage.js';
import { openSocketLink } from './socket-link.js';

const [getRoom, setRoom] = createContext<RoomConnection>();

/**
 * Made once by the root layout, so moving between screens (home → TV) keeps
 * the same socket and room.
 */
export function provideRoom(): RoomConnection {
  return setRoom(new RoomConnection({ open: openSocketLink, storage: new SeatStorage(browserStorage()) }));
}

/** The screen's link to its room. */
export const useRoom = getRoom;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Who a connection is in a room: what its token proves, what it may do there
 * and which views it gets. A seat is addressed by its id, which never changes;
 * its number is where it sat when its token was checked. Someone who came
 * during a game (`next`) is addressed by the seat id they will have, so that
 * seat's views reach them the moment they are seated. A host screen with the
 * host token (or one it was let in with) controls the room; without it
 * (`controls: false`) it watches under the code it shows (`screen`) until
 * let in, and where it may not watch it waits seeing nothing (`waiting-screen`).
 */
export type Identity =
  | { role: 'seat'; seat: number; seatId: string }
  | { role: 'next'; seatId: string }
  | { role: 'host'; controls: true }
  | { role: 'host'; controls: false; screen: string }
  | { role: 'waiting-screen'; screen: string }
  | { role: 'spectator' };

/** What a token proves in a room: a seat, or control of the room as its host. */
export type TokenIdentity = Extract<Identity, { role: 'seat' } | { controls: true }>;

/** The seat id a connection's views are addressed by, if any. */
export function seatIdOf(identity: Identity): string | null {
  return identity.role === 'seat' || identity.role === 'next' ? identity.seatId : null;
}

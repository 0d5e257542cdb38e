/** Memory figures of `bench:idle`, in KiB. */
export interface IdleMemory {
  /** Resident memory with the server warmed up and nothing connected. */
  baselineKb: number;
  /** Per connected socket that has joined no room. */
  perSocketKb: number;
  /** Per room with its game started, its TV, phones and spectators included. */
  perRoomKb: number;
  /** Per room once its sockets are taken out at the per-socket figure. */
  perRoomStateKb: number;
}

/** Work out the idle figures from three resident-memory readings. */
export function idleMemory(p: {
  baselineKb: number;
  withSocketsKb: number;
  sockets: number;
  withRoomsKb: number;
  rooms: number;
  socketsPerRoom: number;
}): IdleMemory {
  const perSocketKb = (p.withSocketsKb - p.baselineKb) / p.sockets;
  const perRoomKb = (p.withRoomsKb - p.withSocketsKb) / p.rooms;
  return { baselineKb: p.baselineKb, perSocketKb, perRoomKb, perRoomStateKb: perRoomKb - p.socketsPerRoom * perSocketKb };
}

/** The median of a few readings, so one reading taken mid-collection does not decide. */
export function median(readings: readonly number[]): number {
  const sorted = [...readings].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

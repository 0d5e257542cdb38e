/** Who is looking at a game: a seat's own phone, the host screen (TV), or a spectator. */
export type Viewer = { role: 'seat'; seat: number } | { role: 'host' } | { role: 'spectator' };

/** True when the viewer is the given seat's own phone. */
export function isSeat(viewer: Viewer, seat: number): boolean {
  return viewer.role === 'seat' && viewer.seat === seat;
}

import type { CreateRoom, JoinRoom, PublicRoomView, RoomView, SeatPart, ViewerInfo } from './messages.js';

/**
 * A screen's views come in two kinds of message: the public view everyone in
 * the room gets, and, for a phone, its seat's own part, sent only when that
 * changed. These pure functions keep what a screen has heard and put the
 * view it shows together, the same way on every client.
 */

/** What a screen has heard of its room: the newest public view, and its seat's parts that may still be needed. */
export interface Heard {
  room: PublicRoomView | null;
  /**
   * Oldest first: the part in use and any newer ones. A part comes just before
   * the public view of its version, so for a moment it is newer than the view.
   */
  parts: SeatPart[];
}

/** Nothing heard yet. */
export const nothingHeard: Heard = { room: null, parts: [] };

/** The newest part not newer than the public view: the one that goes with it. */
function partInUse(room: PublicRoomView, parts: readonly SeatPart[]): SeatPart | undefined {
  return parts.findLast((p) => p.version <= room.version);
}

function settled(room: PublicRoomView | null, parts: SeatPart[]): Heard {
  if (room === null) return { room, parts };
  const inUse = partInUse(room, parts);
  return { room, parts: inUse === undefined ? parts : parts.filter((p) => p.version >= inUse.version) };
}

/**
 * After a `room:view`. Of two views of one room the newer stays (with several
 * server nodes, views can overtake each other); an equal version replaces the
 * older copy, since who is connected changes without a new version. A view of
 * another room starts afresh.
 */
export function hearRoom(heard: Heard, room: PublicRoomView): Heard {
  const sameRoom = heard.room?.code === room.code;
  if (sameRoom && heard.room !== null && heard.room.version > room.version) return heard;
  return settled(room, heard.parts.filter((p) => p.code === room.code));
}

/** After a `room:seat`: kept in version order, replacing a part of the same version. */
export function hearPart(heard: Heard, part: SeatPart): Heard {
  if (heard.room !== null && heard.room.code !== part.code) return settled(null, [part]);
  const others = heard.parts.filter((p) => p.code === part.code && p.version !== part.version);
  const parts = [...others, part].sort((a, b) => a.version - b.version);
  return settled(heard.room, parts);
}

/** Who is looking, as far as the screen knows by itself: a viewer whose seat learns its number from its part. */
export type Looker = Exclude<ViewerInfo, { role: 'seat' }> | { role: 'seat' };

/**
 * Who a create or join asks to be, known before the answer (the first views
 * come before it). A host screen has controls when it opens the room or
 * brings its token; a wrong token is refused, and no view comes.
 */
export function lookerOf(request: CreateRoom | JoinRoom): Looker {
  if (request.as === 'player' || request.as === 'seat' || request.as === 'handover') return { role: 'seat' };
  if (request.as === 'host') return { role: 'host', controls: !('code' in request) || request.hostToken !== undefined };
  return { role: 'spectator' };
}

/** One seat's view: the public game view with the seat's own fields laid over it. */
export function withPart(room: PublicRoomView, part: SeatPart): RoomView {
  const play =
    room.play !== null && typeof room.play === 'object' && part.play !== null ? { ...room.play, ...part.play } : room.play;
  return { ...room, viewer: { role: 'seat', seat: part.seat }, play };
}

/** The view to show, or null until there is one: a seat also waits for its part. */
export function assembledView(heard: Heard, looker: Looker): RoomView | null {
  const { room } = heard;
  if (room === null) return null;
  if (looker.role !== 'seat') {
    return { ...room, viewer: looker };
  }
  const part = partInUse(room, heard.parts);
  return part === undefined ? null : withPart(room, part);
}

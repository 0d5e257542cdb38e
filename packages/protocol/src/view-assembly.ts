import type { CreateRoom, JoinRoom, PublicRoomView, RoomChange, RoomView, SeatPart, ViewerInfo } from './messages.js';
import { withEdits } from './view-changes.js';

/**
 * A screen hears its room as `room:change`s: the public view everyone gets,
 * as edits from the one before or whole, and, for a phone, its seat's own
 * part when that changed, in the same message. These pure functions keep
 * what a screen holds and put the view it shows together, the same way on
 * every client.
 */

/** What a screen holds of its room: the public view, the tag it was sent under, and a phone's own part. */
export interface Heard {
  room: PublicRoomView | null;
  /** The next change must be made from the view with this tag. */
  tag: string | null;
  part: SeatPart | null;
}

/** Nothing heard yet. */
export const nothingHeard: Heard = { room: null, tag: null, part: null };

/**
 * After a `room:change` and the part that came with it, if any; null when
 * the change is made from a view other than the one held (a gap): the screen
 * then asks for the whole view. Of two whole views of one room the newer
 * stays (with several server nodes, views can overtake each other); an equal
 * version replaces the older copy, since who is connected changes without a
 * new version. A view of another room starts afresh.
 */
export function hearChange(heard: Heard, change: RoomChange, part?: SeatPart | null): Heard | null {
  const held = heard.room?.code === change.code ? heard.room : null;
  const ownPart = part?.code === change.code ? part : held === null ? null : heard.part;
  if (change.view !== undefined) {
    return held !== null && held.version > change.version ? heard : { room: change.view, tag: change.tag, part: ownPart };
  }
  if (held === null || heard.tag !== change.from) return null;
  return { room: withEdits(held, change.edits ?? []), tag: change.tag, part: ownPart };
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
  return heard.part === null ? null : withPart(room, heard.part);
}

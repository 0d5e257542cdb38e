import { viewEdits, type PublicRoomView, type RoomChange } from '@rollcall/protocol';
import { randomBytes } from 'node:crypto';

/**
 * Past this many edits a change is about as long as the whole view (a game
 * starting, a rematch), and costs more to apply: the whole view goes instead.
 */
const MOST_EDITS = 40;

interface LastSent {
  tag: string;
  view: PublicRoomView;
  /** Connections sent a whole view of their own since, which the room's next change is not made from. */
  apart: Set<string>;
}

/** A room's next view as it goes out, as JSON texts. */
export interface NextView {
  /** The change everyone holding the last view gets (whole when there is none). */
  change: string;
  /** The same view whole, for the connections set `apart`. */
  whole: () => string;
  /** Connections holding a view of their own, not the room's last one. */
  apart: readonly string[];
}

const head = (view: PublicRoomView, tag: string) => ({ code: view.code, version: view.version, status: view.status, tag });

function wholeText(view: PublicRoomView, tag: string): string {
  const change: RoomChange = { ...head(view, tag), view };
  return JSON.stringify(change);
}

/**
 * The public view this process last sent each room, so that the next one goes
 * out as a change from it, encoded once for the whole room. Tags start with a
 * random prefix, so a change from one process never seems to follow on from
 * a view sent by another: the screen finds the gap and asks for the whole view.
 */
export class SentViews {
  private readonly rooms = new Map<string, LastSent>();
  private readonly prefix = randomBytes(3).toString('base64url');
  private count = 0;

  private nextTag(): string {
    this.count += 1;
    return `${this.prefix}${this.count.toString(36)}`;
  }

  /** The room's next view, to everyone in it: a change from the last one, or whole. */
  next(view: PublicRoomView): NextView {
    const last = this.rooms.get(view.code);
    const tag = this.nextTag();
    this.rooms.set(view.code, { tag, view, apart: new Set() });
    let whole: string | null = null;
    const wholeOnce = () => (whole ??= wholeText(view, tag));
    const edits = last === undefined ? null : viewEdits(last.view, view);
    const change =
      last === undefined || edits === null || edits.length > MOST_EDITS
        ? wholeOnce()
        : JSON.stringify({ ...head(view, tag), from: last.tag, edits } satisfies RoomChange);
    return { change, whole: wholeOnce, apart: last === undefined ? [] : [...last.apart] };
  }

  /**
   * The whole view for one connection coming in or asking again. When it is
   * the room's last view, it keeps that view's tag, so the next change follows
   * on; otherwise the connection is set apart and gets the next view whole.
   */
  whole(view: PublicRoomView, connectionId: string): string {
    const last = this.rooms.get(view.code);
    if (last === undefined) {
      const tag = this.nextTag();
      this.rooms.set(view.code, { tag, view, apart: new Set() });
      return wholeText(view, tag);
    }
    if (viewEdits(last.view, view).length === 0) {
      last.apart.delete(connectionId);
      return wholeText(view, last.tag);
    }
    last.apart.add(connectionId);
    return wholeText(view, this.nextTag());
  }

  /** A connection came into the room holding no view of it: the next one it gets is whole. */
  arrived(code: string, connectionId: string): void {
    this.rooms.get(code)?.apart.add(connectionId);
  }

  /** Nobody here is in the room any more: keep nothing for it. */
  forget(code: string): void {
    this.rooms.delete(code);
  }
}

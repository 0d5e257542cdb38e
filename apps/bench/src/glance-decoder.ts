import { ServerEvent } from '@rollcall/protocol';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

/** The events of the servers before changes: a whole public view, and a seat's part just before it. */
export const legacyEvent = { view: 'room:view', seat: 'room:seat' } as const;

const PREFIXES = [ServerEvent.change, legacyEvent.view].map((event) => ({ event, prefix: `${PacketType.EVENT}["${event}",` }));
/** Every server writes a change's (or a whole view's) code, version and status first (see `RoomChange`, the server's `publicView` and the floor). */
const HEAD = /^\{"code":"[A-Z]+","version":(\d+),"status":"([a-z]+)"/;

/** A change or public view as the generator's sockets get it: its head read, the rest left as text until someone needs it. */
export interface GlancedView {
  version: number;
  status: string;
  /** The event's arguments as JSON, separated by commas: a change and the part that came with it, or a whole view. */
  text: string;
}

/**
 * A Socket.IO decoder for the generator's sockets: of a change or a public
 * view it reads the version and status at its head and leaves the rest as
 * text. Watchers (the TV and spectators) never need more; a phone parses the
 * text only when it is about to choose a move. So the generator's cost stays
 * small next to the server's, for any server: it measures the server rather
 * than itself. Anything it does not recognise is decoded in full as usual.
 */
export class GlanceDecoder extends Decoder {
  override add(chunk: unknown): void {
    const known = typeof chunk === 'string' && chunk.endsWith(']') ? PREFIXES.find((p) => chunk.startsWith(p.prefix)) : undefined;
    if (known !== undefined) {
      const text = (chunk as string).slice(known.prefix.length, -1);
      const head = HEAD.exec(text.slice(0, 96));
      if (head !== null) {
        const view: GlancedView = { version: Number(head[1]), status: head[2] ?? '', text };
        this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [known.event, view] });
        return;
      }
    }
    super.add(chunk);
  }
}

/** The client parser for the generator's sockets. */
export const glanceParser = { Encoder, Decoder: GlanceDecoder };

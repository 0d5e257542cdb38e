import { ServerEvent } from '@rollcall/protocol';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

const VIEW_PREFIX = `${PacketType.EVENT}["${ServerEvent.view}",`;
/** Both servers write a public view's code, version and status first (see the server's `publicView` and the floor). */
const HEAD = /^\{"code":"[A-Z]+","version":(\d+),"status":"([a-z]+)"/;

/** A public view as the generator's sockets get it: its head read, the rest left as text until someone needs it. */
export interface GlancedView {
  version: number;
  status: string;
  /** The whole view as JSON. */
  text: string;
}

/**
 * A Socket.IO decoder for the generator's sockets: of a public view it reads
 * the version and status at its head and leaves the rest as text. Watchers
 * (the TV and spectators) never need more; a phone parses the text only when
 * it is about to choose a move. So the generator's cost stays small next to
 * the server's, for any server: it measures the server rather than itself.
 * Anything it does not recognise is decoded in full as usual.
 */
export class GlanceDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk === 'string' && chunk.startsWith(VIEW_PREFIX) && chunk.endsWith(']')) {
      const head = HEAD.exec(chunk.slice(VIEW_PREFIX.length, VIEW_PREFIX.length + 96));
      if (head !== null) {
        const view: GlancedView = {
          version: Number(head[1]),
          status: head[2] ?? '',
          text: chunk.slice(VIEW_PREFIX.length, -1),
        };
        this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, view] });
        return;
      }
    }
    super.add(chunk);
  }
}

/** The client parser for the generator's sockets. */
export const glanceParser = { Encoder, Decoder: GlanceDecoder };

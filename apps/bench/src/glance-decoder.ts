import { ServerEvent } from '@rollcall/protocol';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';

const VIEW_PREFIX = `${PacketType.EVENT}["${ServerEvent.view}",`;
/** Both servers write a public view's code, version and status first (see the server's `publicView` and the floor). */
const HEAD = /^\{"code":"[A-Z]+","version":(\d+),"status":"([a-z]+)"/;

/**
 * A Socket.IO decoder for the sockets that only watch (the TV and the
 * spectators): of a public view it reads the version and status at its head
 * and leaves the rest unparsed, so that a thousand watchers cost the generator
 * little and it measures the server rather than itself. Anything it does not
 * recognise is decoded in full as usual.
 */
export class GlanceDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk === 'string' && chunk.startsWith(VIEW_PREFIX)) {
      const head = HEAD.exec(chunk.slice(VIEW_PREFIX.length, VIEW_PREFIX.length + 96));
      if (head !== null) {
        const view = { version: Number(head[1]), status: head[2] };
        this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, view] });
        return;
      }
    }
    super.add(chunk);
  }
}

/** The client parser for watching sockets. */
export const glanceParser = { Encoder, Decoder: GlanceDecoder };

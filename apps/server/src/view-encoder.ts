import { ServerEvent } from '@rollcall/protocol';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

const viewEvents = new Set<unknown>([ServerEvent.view, ServerEvent.seat]);

/**
 * Socket.IO's packet encoder, less one step for views. The default encoder
 * walks every value of a message looking for binary data before writing it
 * as JSON; for a view, a few kilobytes of nested arrays, that walk costs about
 * a quarter of the encoding, and a view goes out on every move. A
 * `PublicRoomView` or `SeatPart` is plain JSON by its type, so it goes straight to text, in
 * exactly the form the default would give it; every other packet takes the
 * default road, binary or not.
 */
export class ViewEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    const data: unknown = packet.data;
    if (packet.type !== PacketType.EVENT || !Array.isArray(data) || !viewEvents.has(data[0])) {
      return super.encode(packet);
    }
    const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
    return [`${PacketType.EVENT}${nsp}${packet.id ?? ''}${JSON.stringify(data)}`];
  }
}

/** The parser the server runs with: views encoded as above, everything else as usual. */
export const viewParser = { Encoder: ViewEncoder, Decoder };

import { ServerEvent } from '@rollcall/protocol';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * Socket.IO's packet encoder, with one shortcut for views. A `room:change`
 * is sent with its arguments already written as JSON (see `SentViews`): the
 * public change once for the room, a seat's part once for the seat, so each
 * socket's message is those texts put side by side rather than encoded again.
 * Every other packet takes the default road, binary or not.
 */
export class ViewEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    const data: unknown = packet.data;
    if (packet.type !== PacketType.EVENT || !Array.isArray(data) || data[0] !== ServerEvent.change) {
      return super.encode(packet);
    }
    const nsp = packet.nsp && packet.nsp !== '/' ? `${packet.nsp},` : '';
    return [`${PacketType.EVENT}${nsp}${packet.id ?? ''}["${ServerEvent.change}",${data.slice(1).join(',')}]`];
  }
}

/** The parser the server runs with: views encoded as above, everything else as usual. */
export const viewParser = { Encoder: ViewEncoder, Decoder };

import { ServerEvent } from '@rollcall/protocol';
import fc from 'fast-check';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { ViewEncoder } from './view-encoder.js';

const json = fc.jsonValue();

describe('the view encoder', () => {
  it('writes a view or a seat part exactly as Socket.IO’s own encoder does, in any namespace, with or without an id', () => {
    const ours = new ViewEncoder();
    const theirs = new Encoder();
    const event = fc.constantFrom(ServerEvent.view, ServerEvent.seat);
    fc.assert(
      fc.property(event, json, fc.constantFrom('/', '/rooms'), fc.option(fc.nat(), { nil: undefined }), (name, view, nsp, id) => {
        const packet: Packet = { type: PacketType.EVENT, nsp, id, data: [name, view] };
        expect(ours.encode(packet)).toEqual(theirs.encode(packet));
      }),
    );
  });

  it('leaves every other packet to the default, binary attachments included', () => {
    const ours = new ViewEncoder();
    const theirs = new Encoder();
    const packets: Packet[] = [
      { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: true, value: { version: 3 } }] },
      { type: PacketType.EVENT, nsp: '/', data: [ServerEvent.seatLost, { code: 'ABCD', reason: 'removed' }] },
      { type: PacketType.EVENT, nsp: '/', data: ['other', Buffer.from([1, 2, 3])] },
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'x' } },
    ];
    for (const packet of packets) expect(ours.encode(packet)).toEqual(theirs.encode(packet));
    expect(ours.encode(packets[2]!)).toHaveLength(2);
  });

  it('gives text the standard decoder reads back as the same view', () => {
    const view = { code: 'ABCD', version: 12, play: { rolls: [[1, 2, 3]], seats: [{ seat: 0, total: 40 }] } };
    const [text] = new ViewEncoder().encode({ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, view] });
    const decoder = new Decoder();
    const decoded: Packet[] = [];
    decoder.on('decoded', (p: Packet) => decoded.push(p));
    decoder.add(text as string);
    expect(decoded).toEqual([{ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, view] }]);
  });
});

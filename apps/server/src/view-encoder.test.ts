import { ServerEvent } from '@rollcall/protocol';
import fc from 'fast-check';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { ViewEncoder } from './view-encoder.js';

const json = fc.jsonValue();

describe('the view encoder', () => {
  it('writes a change given as JSON texts exactly as Socket.IO’s own encoder writes their values, in any namespace, with or without an id', () => {
    const ours = new ViewEncoder();
    const theirs = new Encoder();
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 2 }), fc.constantFrom('/', '/rooms'), fc.option(fc.nat(), { nil: undefined }), (args, nsp, id) => {
        const texts = args.map((a) => JSON.stringify(a));
        const written: Packet = { type: PacketType.EVENT, nsp, id, data: [ServerEvent.change, ...texts] };
        // JSON of a value, parsed back, is what the default writes (minus -0, which JSON has not).
        const values: Packet = { ...written, data: [ServerEvent.change, ...texts.map((t) => JSON.parse(t) as unknown)] };
        expect(ours.encode(written)).toEqual(theirs.encode(values));
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

  it('gives text the standard decoder reads back as the same change and part', () => {
    const change = { code: 'ABCD', version: 12, status: 'playing', tag: 'x2', from: 'x1', edits: [[['play', 'rolls', 0], [1, 2, 3]]] };
    const part = { code: 'ABCD', version: 12, seat: 0, play: { me: { total: 40 } } };
    const [text] = new ViewEncoder().encode({ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.change, JSON.stringify(change), JSON.stringify(part)] });
    const decoder = new Decoder();
    const decoded: Packet[] = [];
    decoder.on('decoded', (p: Packet) => decoded.push(p));
    decoder.add(text as string);
    expect(decoded).toEqual([{ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.change, change, part] }]);
  });
});

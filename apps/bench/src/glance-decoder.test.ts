import { ServerEvent } from '@rollcall/protocol';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { GlanceDecoder } from './glance-decoder.js';

function decode(text: string): Packet[] {
  const decoder = new GlanceDecoder();
  const out: Packet[] = [];
  decoder.on('decoded', (p: Packet) => out.push(p));
  decoder.add(text);
  return out;
}

const encode = (packet: Packet) => new Encoder().encode(packet)[0] as string;

describe('the watchers’ decoder', () => {
  it('reads only the version and status of a view', () => {
    const view = { code: 'ABCD', version: 1234, status: 'finished', seats: [{ seat: 0, name: 'Ann' }], play: { rolls: [[1, 2]] } };
    const [packet] = decode(encode({ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, view] }));
    expect(packet?.data).toEqual([ServerEvent.view, { version: 1234, status: 'finished' }]);
  });

  it('decodes in full whatever is not a view it recognises', () => {
    const ack: Packet = { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true, value: { code: 'ABCD', role: 'spectator' } }] };
    expect(decode(encode(ack))).toEqual([ack]);
    const odd = { version: 2, code: 'ABCD' };
    expect(decode(encode({ type: PacketType.EVENT, nsp: '/', data: [ServerEvent.view, odd] }))[0]?.data).toEqual([ServerEvent.view, odd]);
  });
});

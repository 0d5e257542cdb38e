import { ServerEvent, type PublicRoomView, type SeatPart } from '@rollcall/protocol';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { GlanceDecoder, type GlancedView } from './glance-decoder.js';

function decode(text: string): Packet[] {
  const decoder = new GlanceDecoder();
  const out: Packet[] = [];
  decoder.on('decoded', (p: Packet) => out.push(p));
  decoder.add(text);
  return out;
}

const encode = (packet: Packet) => new Encoder().encode(packet)[0] as string;
const event = (name: string, body: unknown): Packet => ({ type: PacketType.EVENT, nsp: '/', data: [name, body] });

const publicView: PublicRoomView = {
  code: 'ABCD',
  version: 1234,
  status: 'finished',
  seats: [{ seat: 0, name: 'Ann', connected: true, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: false }],
  lead: 0,
  locked: false,
  spectatorsAllowed: true,
  whenAway: { play: 'default', seconds: 30 },
  hints: true,
  nextPlayers: [],
  spectators: 2,
  game: { id: 'wfgts', options: {} },
  timer: { seconds: 0, deadline: null },
  awaiting: [],
  step: 1200,
  play: { kind: 'public', rolls: [[1, 2]] },
  outcome: null,
};

describe('the generator’s decoder', () => {
  it('reads the version and status of a public view and keeps the rest as its JSON', () => {
    const [packet] = decode(encode(event(ServerEvent.view, publicView)));
    expect(packet?.data).toEqual([
      ServerEvent.view,
      { version: 1234, status: 'finished', text: JSON.stringify(publicView) },
    ]);
    const glanced = (packet?.data as [string, GlancedView])[1];
    expect(JSON.parse(glanced.text)).toEqual(publicView);
  });

  it('decodes in full whatever is not a view it recognises', () => {
    const ack: Packet = { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true, value: { code: 'ABCD', role: 'spectator' } }] };
    expect(decode(encode(ack))).toEqual([ack]);
    const odd = { version: 2, code: 'ABCD' };
    expect(decode(encode(event(ServerEvent.view, odd)))[0]?.data).toEqual([ServerEvent.view, odd]);
    const part: SeatPart = { code: 'ABCD', version: 7, seat: 1, play: { kind: 'seat', me: { seat: 1 } } };
    expect(decode(encode(event(ServerEvent.seat, part)))[0]?.data).toEqual([ServerEvent.seat, part]);
  });
});

import { ServerEvent, type PublicRoomView, type RoomChange, type SeatPart } from '@rollcall/protocol';
import { Encoder, PacketType, type Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { GlanceDecoder, legacyEvent, type GlancedView } from './glance-decoder.js';

function decode(text: string): Packet[] {
  const decoder = new GlanceDecoder();
  const out: Packet[] = [];
  decoder.on('decoded', (p: Packet) => out.push(p));
  decoder.add(text);
  return out;
}

const encode = (packet: Packet) => new Encoder().encode(packet)[0] as string;
const event = (name: string, ...body: unknown[]): Packet => ({ type: PacketType.EVENT, nsp: '/', data: [name, ...body] });

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
  it('reads the version and status of a change and keeps its arguments as JSON', () => {
    const change: RoomChange = { code: 'ABCD', version: 1235, status: 'playing', tag: 'b', from: 'a', edits: [[['version'], 1235]] };
    const part: SeatPart = { code: 'ABCD', version: 1235, seat: 1, play: null };
    const [packet] = decode(encode(event(ServerEvent.change, change, part)));
    expect(packet?.data).toEqual([ServerEvent.change, { version: 1235, status: 'playing', text: `${JSON.stringify(change)},${JSON.stringify(part)}` }]);
  });

  it('reads the version and status of a whole public view from a server before changes and keeps the rest as its JSON', () => {
    const [packet] = decode(encode(event(legacyEvent.view, publicView)));
    expect(packet?.data).toEqual([
      legacyEvent.view,
      { version: 1234, status: 'finished', text: JSON.stringify(publicView) },
    ]);
    const glanced = (packet?.data as [string, GlancedView])[1];
    expect(JSON.parse(glanced.text)).toEqual(publicView);
  });

  it('decodes in full whatever is not a view it recognises', () => {
    const ack: Packet = { type: PacketType.ACK, nsp: '/', id: 3, data: [{ ok: true, value: { code: 'ABCD', role: 'spectator' } }] };
    expect(decode(encode(ack))).toEqual([ack]);
    const odd = { version: 2, code: 'ABCD' };
    expect(decode(encode(event(ServerEvent.change, odd)))[0]?.data).toEqual([ServerEvent.change, odd]);
    const part: SeatPart = { code: 'ABCD', version: 7, seat: 1, play: { kind: 'seat', me: { seat: 1 } } };
    expect(decode(encode(event(legacyEvent.seat, part)))[0]?.data).toEqual([legacyEvent.seat, part]);
  });
});

import type { PublicRoomView, SeatPart } from '@rollcall/protocol';
import { Server } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { channel, socketDelivery } from './delivery.js';

const view = { code: 'ABCD', version: 3, status: 'playing' } as PublicRoomView;
const part: SeatPart = { code: 'ABCD', version: 3, seat: 0, play: null };

describe('delivery over one Socket.IO server', () => {
  it('sends a change only to audiences someone is in, so an empty one costs no encoding', () => {
    // Never attached to an HTTP server: nothing to close.
    const io = new Server();
    const to = vi.spyOn(io, 'to');
    const delivery = socketDelivery(io);
    io.sockets.adapter.addAll('seat-socket', new Set([channel.seat('ABCD', 'seat-a'), channel.room('ABCD')]));

    delivery.send('ABCD', view, new Map([['seat-a', part], ['seat-b', part]]));
    delivery.send('WXYZ', { ...view, code: 'WXYZ' }, new Map());

    expect(to.mock.calls.map(([name]) => name)).toEqual([channel.seat('ABCD', 'seat-a'), channel.room('ABCD')]);
  });
});

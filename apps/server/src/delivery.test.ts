import type { RoomView } from '@rollcall/protocol';
import { Server } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { channel, socketDelivery } from './delivery.js';

const view = (role: string) => ({ code: 'ABCD', viewer: { role } }) as unknown as RoomView;

describe('delivery over one Socket.IO server', () => {
  it('sends a view only to audiences someone is in, so an empty one costs no encoding', () => {
    // Never attached to an HTTP server: nothing to close.
    const io = new Server();
    const to = vi.spyOn(io, 'to');
    const delivery = socketDelivery(io);
    io.sockets.adapter.addAll('spectator-socket', new Set([channel.spectators('ABCD')]));
    io.sockets.adapter.addAll('seat-socket', new Set([channel.seat('ABCD', 'seat-a')]));

    delivery.sendPublic('ABCD', { host: view('host'), display: view('host'), spectator: view('spectator') });
    delivery.sendSeat('ABCD', 'seat-a', view('seat'));
    delivery.sendSeat('ABCD', 'seat-b', view('seat'));

    expect(to.mock.calls.map(([name]) => name)).toEqual([channel.spectators('ABCD'), channel.seat('ABCD', 'seat-a')]);
  });
});

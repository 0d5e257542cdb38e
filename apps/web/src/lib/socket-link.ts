import { io } from 'socket.io-client';
import type { RoomSocket } from './room-connection.svelte.js';

/** A Socket.IO link to the server that served this page (same origin, so it works on any LAN address). */
export function openSocketLink(): RoomSocket {
  const socket = io({ autoConnect: false, reconnectionDelay: 500, reconnectionDelayMax: 3000 });
  return {
    get connected() {
      return socket.connected;
    },
    connect() {
      socket.connect();
    },
    disconnect() {
      socket.disconnect();
    },
    on(event, listener) {
      socket.on(event, listener);
    },
    request(event, payload, timeoutMs, ack) {
      socket.timeout(timeoutMs).emit(event, payload, ack);
    },
  };
}

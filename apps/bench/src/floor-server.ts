/**
 * The floor: the least a Socket.IO server can do for our workload. It speaks
 * just enough of the room protocol for the load generator (create, join,
 * start, move) and after each move sends every socket of the room a message
 * as large as our views, with no rules, no validation, no store and no logs.
 * Whatever our server costs above this is ours.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { ClientEvent, CODE_ALPHABET, ServerEvent, type Reply } from '@rollcall/protocol';
import { Server, type Socket } from 'socket.io';

/** How large the floor's messages are: the mean sizes of our views, as sent on the wire. */
export interface FloorSizes {
  seat: number;
  public: number;
}

interface FloorRoom {
  code: string;
  version: number;
  status: 'lobby' | 'playing';
  seats: Socket[];
  awaiting: number[];
  /** Padding that brings each message to its size; redone when the version gains a digit. */
  pads: { digits: number; seat: string; public: string } | null;
}

type Ack = (reply: Reply<unknown>) => void;

/** A running floor server. */
export interface FloorServer {
  port: number;
  close(): Promise<void>;
}

const publicChannel = (code: string) => `${code}/public`;

function codeOf(n: number): string {
  let code = '';
  for (let i = 0; i < 4; i++) {
    code += CODE_ALPHABET[n % CODE_ALPHABET.length];
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return code;
}

/** The wire length of a view message: Socket.IO's `2["room:view",{…}]`. */
const wireLength = (body: object) => 1 + JSON.stringify([ServerEvent.view, body]).length;

/** Start the floor on 127.0.0.1. */
export async function startFloorServer(options: { port: number; sizes: FloorSizes }): Promise<FloorServer> {
  const http: HttpServer = createServer((request, response) => {
    response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(request.url === '/healthz' ? '{"ok":true}' : '{}');
  });
  const io = new Server(http, { serveClient: false });
  const rooms = new Map<string, FloorRoom>();
  let created = 0;

  const bodies = (room: FloorRoom) => {
    const base = { code: room.code, version: room.version, status: room.status, awaiting: room.awaiting, play: null };
    const digits = String(room.version).length;
    if (room.pads?.digits !== digits) {
      const bare = wireLength({ ...base, pad: '' });
      room.pads = {
        digits,
        seat: 'x'.repeat(Math.max(0, options.sizes.seat - bare)),
        public: 'x'.repeat(Math.max(0, options.sizes.public - bare)),
      };
    }
    return { seat: { ...base, pad: room.pads.seat }, public: { ...base, pad: room.pads.public } };
  };

  const change = (room: FloorRoom, ack: Ack | undefined) => {
    room.version += 1;
    const { seat, public: shared } = bodies(room);
    for (const socket of room.seats) socket.emit(ServerEvent.view, seat);
    io.to(publicChannel(room.code)).emit(ServerEvent.view, shared);
    ack?.({ ok: true, value: { version: room.version } });
  };

  const roomFor = (payload: unknown, ack: Ack | undefined): FloorRoom | undefined => {
    const room = rooms.get((payload as { code?: string } | null)?.code ?? '');
    if (room === undefined) ack?.({ ok: false, error: { code: 'room/not-found', message: 'no such room' } });
    return room;
  };

  io.on('connection', (socket) => {
    socket.on(ClientEvent.createRoom, (_payload: unknown, ack?: Ack) => {
      const code = codeOf(created++);
      rooms.set(code, { code, version: 0, status: 'lobby', seats: [], awaiting: [], pads: null });
      void socket.join(publicChannel(code));
      ack?.({ ok: true, value: { code, role: 'host', hostToken: `floor-host-${code}-token` } });
    });
    socket.on(ClientEvent.joinRoom, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room === undefined) return;
      if ((payload as { as?: string }).as === 'player') {
        const seat = room.seats.length;
        room.seats.push(socket);
        room.awaiting = room.seats.map((_, i) => i);
        ack?.({ ok: true, value: { code: room.code, role: 'seat', seat, seatToken: `floor-seat-${room.code}-${seat}` } });
        return;
      }
      void socket.join(publicChannel(room.code));
      ack?.({ ok: true, value: { code: room.code, role: 'spectator' } });
    });
    for (const event of [ClientEvent.configure, ClientEvent.rematch]) {
      socket.on(event, (payload: unknown, ack?: Ack) => {
        const room = roomFor(payload, ack);
        if (room !== undefined) change(room, ack);
      });
    }
    socket.on(ClientEvent.start, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room === undefined) return;
      room.status = 'playing';
      change(room, ack);
    });
    socket.on(ClientEvent.action, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room !== undefined) change(room, ack);
    });
  });

  await new Promise<void>((resolve) => http.listen(options.port, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('the floor has no TCP address');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        io.disconnectSockets(true);
        void io.close(() => resolve());
      }),
  };
}

/**
 * The floor: the least a Socket.IO server can do for our workload. It speaks
 * just enough of the room protocol for the load generator (create, join,
 * start, move) and sends what ours sends, by count and size: after each move
 * one broadcast as large as our public view to every socket of the room, and
 * before it, seat parts as large as ours to the phones whose part would have
 * changed; with no rules, no validation, no store and no logs. Whatever our
 * server costs above this is ours.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { ClientEvent, CODE_ALPHABET, type Reply } from '@rollcall/protocol';
import { legacyEvent } from './glance-decoder.js';
import { Server, type Socket } from 'socket.io';

/** How large the floor's messages are: the mean sizes of our public view and seat part, as Socket.IO packets. */
export interface FloorSizes {
  public: number;
  seatPart: number;
}

/** Sizes for a floor run without one of ours to copy: about what a wfgts room of 6 sends over a game. */
export const DEFAULT_FLOOR_SIZES: FloorSizes = { public: 2800, seatPart: 500 };

interface FloorRoom {
  code: string;
  version: number;
  status: 'lobby' | 'playing';
  seats: Socket[];
  awaiting: number[];
  /** Moves accepted since the game started, to tell when a step is complete. */
  moves: number;
  /** Padding that brings each message to its size; redone when the version gains a digit or the status changes. */
  pads: { key: string; part: string; public: string } | null;
}

type Ack = (reply: Reply<unknown>) => void;

/** A running floor server. */
export interface FloorServer {
  port: number;
  close(): Promise<void>;
}

/** Every socket of a room: the TV, the phones and the spectators. */
const roomChannel = (code: string) => `${code}/all`;

function codeOf(n: number): string {
  let code = '';
  for (let i = 0; i < 4; i++) {
    code += CODE_ALPHABET[n % CODE_ALPHABET.length];
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return code;
}

/** The wire length of a message: Socket.IO's `2["room:view",{…}]` or `2["room:seat",{…}]`. */
const wireLength = (event: string, body: object) => 1 + JSON.stringify([event, body]).length;

/** Start the floor on 127.0.0.1. */
export async function startFloorServer(options: { port: number; sizes: FloorSizes }): Promise<FloorServer> {
  const http: HttpServer = createServer((request, response) => {
    response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(request.url === '/healthz' ? '{"ok":true}' : '{}');
  });
  const io = new Server(http, { serveClient: false });
  const rooms = new Map<string, FloorRoom>();
  let created = 0;

  const publicBody = (room: FloorRoom) => ({
    code: room.code,
    version: room.version,
    status: room.status,
    awaiting: room.awaiting,
    play: null,
  });
  const partBody = (room: FloorRoom, seat: number) => ({ code: room.code, version: room.version, seat, play: null });
  const pads = (room: FloorRoom) => {
    const key = `${String(room.version).length} ${room.status}`;
    if (room.pads?.key !== key) {
      const view = wireLength(legacyEvent.view, { ...publicBody(room), pad: '' });
      const part = wireLength(legacyEvent.seat, { ...partBody(room, 0), pad: '' });
      room.pads = {
        key,
        part: 'x'.repeat(Math.max(0, options.sizes.seatPart - part)),
        public: 'x'.repeat(Math.max(0, options.sizes.public - view)),
      };
    }
    return room.pads;
  };
  const sendPart = (room: FloorRoom, seat: number) => {
    room.seats[seat]?.emit(legacyEvent.seat, { ...partBody(room, seat), pad: pads(room).part });
  };

  /** A new version: the seat parts that changed with it, then the public view to the whole room, then the ack. */
  const change = (room: FloorRoom, ack: Ack | undefined, partsTo: (seat: number) => boolean) => {
    room.version += 1;
    room.seats.forEach((_, seat) => {
      if (partsTo(seat)) sendPart(room, seat);
    });
    io.to(roomChannel(room.code)).emit(legacyEvent.view, { ...publicBody(room), pad: pads(room).public });
    ack?.({ ok: true, value: { version: room.version } });
  };
  const everyone = () => true;
  const nobody = () => false;

  const roomFor = (payload: unknown, ack: Ack | undefined): FloorRoom | undefined => {
    const room = rooms.get((payload as { code?: string } | null)?.code ?? '');
    if (room === undefined) ack?.({ ok: false, error: { code: 'room/not-found' } });
    return room;
  };

  io.on('connection', (socket) => {
    socket.on(ClientEvent.createRoom, (_payload: unknown, ack?: Ack) => {
      const code = codeOf(created++);
      rooms.set(code, { code, version: 0, status: 'lobby', seats: [], awaiting: [], moves: 0, pads: null });
      void socket.join(roomChannel(code));
      ack?.({ ok: true, value: { code, role: 'host', hostToken: `floor-host-${code}-token` } });
    });
    socket.on(ClientEvent.joinRoom, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room === undefined) return;
      void socket.join(roomChannel(room.code));
      if ((payload as { as?: string }).as === 'player') {
        const seat = room.seats.length;
        room.seats.push(socket);
        room.awaiting = room.seats.map((_, i) => i);
        // Ours sends a seat its part whenever it joins, so a phone has its own view from the first change on.
        sendPart(room, seat);
        ack?.({ ok: true, value: { code: room.code, role: 'seat', seat, seatToken: `floor-seat-${room.code}-${seat}` } });
        return;
      }
      ack?.({ ok: true, value: { code: room.code, role: 'spectator' } });
    });
    socket.on(ClientEvent.configure, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room !== undefined) change(room, ack, nobody);
    });
    // Starting a game and ending it for a rematch give or take every seat's sheet, so ours sends every phone its part.
    socket.on(ClientEvent.rematch, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room !== undefined) change(room, ack, everyone);
    });
    socket.on(ClientEvent.start, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room === undefined) return;
      room.status = 'playing';
      room.moves = 0;
      change(room, ack, everyone);
    });
    socket.on(ClientEvent.action, (payload: unknown, ack?: Ack) => {
      const room = roomFor(payload, ack);
      if (room === undefined) return;
      // In wfgts every seat moves once per step, and the last move of a step rolls the dice or scores the
      // round, which changes every seat's part; any other move changes the mover's part alone. The floor
      // keeps no game, so it counts: every P-th accepted move of a room of P phones completes a step.
      room.moves += 1;
      const stepDone = room.moves % room.seats.length === 0;
      change(room, ack, stepDone ? everyone : (seat) => room.seats[seat] === socket);
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

/**
 * The floor: the least a Socket.IO server can do for our workload. It speaks
 * just enough of the room protocol for the load generator (create, join,
 * start, move) and sends what ours sends, by count and size: after each move
 * one `room:change` to every socket of the room, as large as our changes, and
 * to a phone whose part changed with the move, its part in the same message,
 * as large as ours with a part; with no rules, no validation, no store and no
 * logs. Whatever our server costs above this is ours.
 *
 * Its changes are whole views (the floor keeps no view to take edits from),
 * padded to our sizes: every screen can take a whole view, so none ever asks
 * the floor for one.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { ClientEvent, CODE_ALPHABET, ServerEvent, type Reply } from '@rollcall/protocol';
import { Server, type Socket } from 'socket.io';

/** How large the floor's messages are: the mean sizes of our changes, alone and with a seat's part, as Socket.IO packets. */
export interface FloorSizes {
  public: number;
  seatPart: number;
}

/** Sizes for a floor run without one of ours to copy: about what a wfgts room of 6 sends over a game. */
export const DEFAULT_FLOOR_SIZES: FloorSizes = { public: 290, seatPart: 1200 };

interface FloorRoom {
  code: string;
  version: number;
  status: 'lobby' | 'playing';
  seats: Socket[];
  awaiting: number[];
  /** Moves accepted since the game started, to tell when a step is complete. */
  moves: number;
  /** Padding that brings each message to its size; redone when the version gains a digit, or the status or the seats change. */
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

/** The wire length of a message: Socket.IO's `2["room:change",{…}]`, or `2["room:change",{…},{…}]` with a part. */
const wireLength = (...args: object[]) => 1 + JSON.stringify([ServerEvent.change, ...args]).length;

/** Start the floor on 127.0.0.1. */
export async function startFloorServer(options: { port: number; sizes: FloorSizes }): Promise<FloorServer> {
  const http: HttpServer = createServer((request, response) => {
    response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(request.url === '/healthz' ? '{"ok":true}' : '{}');
  });
  const io = new Server(http, { serveClient: false });
  const rooms = new Map<string, FloorRoom>();
  let created = 0;

  const changeBody = (room: FloorRoom, pad: string) => ({
    code: room.code,
    version: room.version,
    status: room.status,
    tag: '',
    view: { code: room.code, version: room.version, status: room.status, awaiting: room.awaiting, play: null, pad },
  });
  const partBody = (room: FloorRoom, seat: number, pad: string) => ({ code: room.code, version: room.version, seat, play: null, pad });
  const pads = (room: FloorRoom) => {
    const key = `${String(room.version).length} ${room.status} ${room.awaiting.length}`;
    if (room.pads?.key !== key) {
      const change = Math.max(0, options.sizes.public - wireLength(changeBody(room, '')));
      const part = options.sizes.seatPart - wireLength(changeBody(room, 'x'.repeat(change)), partBody(room, 0, ''));
      room.pads = { key, public: 'x'.repeat(change), part: 'x'.repeat(Math.max(0, part)) };
    }
    return room.pads;
  };
  const sendPart = (room: FloorRoom, seat: number) => {
    const pad = pads(room);
    room.seats[seat]?.emit(ServerEvent.change, changeBody(room, pad.public), partBody(room, seat, pad.part));
  };

  /** A new version: one message to every socket of the room, the part in it for the phones whose part changed; then the ack. */
  const change = (room: FloorRoom, ack: Ack | undefined, partsTo: (seat: number) => boolean) => {
    room.version += 1;
    const withPart = room.seats.flatMap((_, seat) => (partsTo(seat) ? [seat] : []));
    io.to(roomChannel(room.code))
      .except(withPart.flatMap((seat) => room.seats[seat]?.id ?? []))
      .emit(ServerEvent.change, changeBody(room, pads(room).public));
    for (const seat of withPart) sendPart(room, seat);
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
        // Ours sends a phone that comes in the whole view with its part.
        sendPart(room, seat);
        ack?.({ ok: true, value: { code: room.code, role: 'seat', seat, seatToken: `floor-seat-${room.code}-${seat}` } });
        return;
      }
      ack?.({ ok: true, value: { code: room.code, role: 'spectator' } });
    });
    // Choosing the game and opening the room to everyone change only what everyone sees.
    for (const event of [ClientEvent.configure, ClientEvent.setLock]) {
      socket.on(event, (payload: unknown, ack?: Ack) => {
        const room = roomFor(payload, ack);
        if (room !== undefined) change(room, ack, nobody);
      });
    }
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

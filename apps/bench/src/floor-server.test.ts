import { ClientEvent, hearChange, nothingHeard, ServerEvent, type Joined, type Reply, type RoomChange, type SeatPart } from '@rollcall/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startFloorServer, type FloorServer } from './floor-server.js';
import { LoadGenerator } from './generator.js';
import { floorMove } from './wfgts-moves.js';

const sizes = { public: 300, seatPart: 1200 };
let floor: FloorServer | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await floor?.close();
  floor = null;
});

/** A socket that writes down every change it gets, in order, with or without a part, and their wire sizes. */
async function listener(port: number, name: string, log: string[], bytes: Map<string, Set<number>>): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.io.engine.on('data', (data) => {
    if (typeof data !== 'string' || !data.startsWith(`2["${ServerEvent.change}"`)) return;
    const [, change, part] = JSON.parse(data.slice(1)) as [string, RoomChange, SeatPart?];
    // Every change is one a screen can take whatever it holds.
    expect(hearChange(nothingHeard, change, part)).not.toBeNull();
    const event = part === undefined ? 'change' : 'part';
    log.push(`${name} ${event} ${change.version}`);
    bytes.set(event, (bytes.get(event) ?? new Set()).add(data.length));
  });
  return socket;
}

async function ask<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const reply = (await socket.emitWithAck(event, payload)) as Reply<T>;
  if (!reply.ok) throw new Error(reply.error.code);
  return reply.value;
}

describe('the floor', () => {
  it('sends every socket one change per move, with the part in it for the mover and, at the end of a step, for every phone', async () => {
    floor = await startFloorServer({ port: 0, sizes });
    const log: string[] = [];
    const bytes = new Map<string, Set<number>>();
    const tv = await listener(floor.port, 'tv', log, bytes);
    const { code, hostToken } = await ask<Joined>(tv, ClientEvent.createRoom, { as: 'host' });
    const phones: { socket: Socket; token: string }[] = [];
    for (const name of ['p0', 'p1', 'p2']) {
      const socket = await listener(floor.port, name, log, bytes);
      const joined = await ask<Joined>(socket, ClientEvent.joinRoom, { code, as: 'player', name });
      phones.push({ socket, token: joined.seatToken ?? '' });
    }
    const spectator = await listener(floor.port, 'sp', log, bytes);
    await ask(spectator, ClientEvent.joinRoom, { code, as: 'spectator' });
    await ask(tv, ClientEvent.start, { code, token: hostToken });

    const move = (p: number) => {
      const phone = phones[p];
      if (phone === undefined) throw new Error(`no phone ${p}`);
      return ask<{ version: number }>(phone.socket, ClientEvent.action, { code, token: phone.token, id: `m${p}`, action: {} });
    };
    await move(1);
    await move(0);
    const { version: last } = await move(2);
    for (let waited = 0; !['tv', 'sp', 'p0', 'p1', 'p2'].every((s) => log.some((l) => l.startsWith(`${s} `) && l.endsWith(' 4'))); waited += 10) {
      expect(waited).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const at = (version: number, socket: string) => log.filter((l) => l.startsWith(`${socket} `) && l.endsWith(` ${version}`));
    // Joining gave each phone its part at version 0 and the start (version 1) a new one; moves made
    // versions 2, 3 and 4, the third of three ending the step.
    expect(last).toBe(4);
    for (const p of ['p0', 'p1', 'p2']) expect(at(0, p)).toEqual([`${p} part 0`]);
    for (const p of ['p0', 'p1', 'p2']) expect(at(1, p)).toEqual([`${p} part 1`]);
    expect(at(2, 'p1')).toEqual(['p1 part 2']);
    expect(at(2, 'p0')).toEqual(['p0 change 2']);
    expect(at(3, 'p0')).toEqual(['p0 part 3']);
    for (const p of ['p0', 'p1', 'p2']) expect(at(4, p)).toEqual([`${p} part 4`]);
    for (const watcher of ['tv', 'sp']) {
      expect(log.filter((l) => l.startsWith(`${watcher} `))).toEqual([1, 2, 3, 4].map((v) => `${watcher} change ${v}`));
    }
    expect(Object.fromEntries(bytes)).toEqual({ part: new Set([sizes.seatPart]), change: new Set([sizes.public]) });
  });

  it('answers everything the load generator asks, so its phones play and measure every move', async () => {
    floor = await startFloorServer({ port: 0, sizes });
    const generator = new LoadGenerator({
      urls: [`http://127.0.0.1:${floor.port}`],
      workload: { rooms: 2, players: 3, spectators: 1, rate: 10 },
      game: null,
      choose: floorMove,
      warmupMs: 300,
      durationMs: 700,
      timeoutMs: 2000,
      storm: 0,
    });
    try {
      await generator.setup();
      const outcome = await generator.run({ opened: () => undefined, closed: () => undefined });
      expect(outcome.errors).toEqual({});
      expect(outcome.timeouts).toBe(0);
      expect(outcome.accepted).toBeGreaterThan(10);
      expect(outcome.latencies.length).toBe(outcome.accepted);
      expect(outcome.viewBytes.public).toBe(sizes.public);
      expect(outcome.viewBytes.seatPart).toBe(sizes.seatPart);
    } finally {
      generator.close();
    }
  });
});

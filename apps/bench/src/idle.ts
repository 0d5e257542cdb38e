/** `pnpm bench:idle`: server memory per idle connected socket and per room. */
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_FLOOR_SIZES } from './floor-server.js';
import { LoadGenerator } from './generator.js';
import { describeMachine } from './machine.js';
import { idleMemory, median } from './memory.js';
import type { TargetKind } from './point.js';
import { sampleProcess } from './proc-stats.js';
import { removeWorkDir, startFloor, startOurs, type RunningTarget } from './targets.js';
import { floorMove, wfgtsMove } from './wfgts-moves.js';

const USAGE = `pnpm bench:idle [--sockets N] [--rooms N] [--players N] [--spectators N] [--target ours|floor|both] [--settle S] [--server-dir DIR]`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of the target's processes: the median of five readings a second apart. */
async function residentKb(target: RunningTarget): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(target.pids.reduce((sum, pid) => sum + sampleProcess(pid).rssKb, 0));
    await sleep(1000);
  }
  return median(readings);
}

async function bareSockets(url: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, () => {
      const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 10_000 });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

interface IdleOptions {
  sockets: number;
  rooms: number;
  players: number;
  spectators: number;
  settleMs: number;
  serverDir: string | null;
}

async function measure(kind: TargetKind, o: IdleOptions) {
  const target =
    kind === 'ours'
      ? await startOurs({ nodes: 1, store: 'sqlite', redisUrl: null, profile: false, serverDir: o.serverDir })
      : await startFloor(DEFAULT_FLOOR_SIZES);
  const url = target.urls[0] ?? '';
  const generator = (rooms: number) =>
    new LoadGenerator({
      urls: [url],
      workload: { rooms, players: o.players, spectators: o.spectators, rate: 1 },
      storm: 0,
      game: kind === 'ours' ? 'wfgts' : null,
      choose: kind === 'ours' ? wfgtsMove : floorMove,
      warmupMs: 0,
      durationMs: 0,
      timeoutMs: 10_000,
    });
  const bare: Socket[] = [];
  const generators: LoadGenerator[] = [];
  try {
    // A few rooms first, so that code loaded on first use is in the baseline rather than in the first figure.
    const warm = generator(5);
    generators.push(warm);
    await warm.setup();
    await warm.startGames();
    await sleep(o.settleMs);
    const baselineKb = await residentKb(target);
    bare.push(...(await bareSockets(url, o.sockets)));
    await sleep(o.settleMs);
    const withSocketsKb = await residentKb(target);
    const rooms = generator(o.rooms);
    generators.push(rooms);
    await rooms.setup();
    await rooms.startGames();
    await sleep(o.settleMs);
    const withRoomsKb = await residentKb(target);
    const errors = generators.map((g) => g.errorTable).flatMap((t) => Object.entries(t));
    if (errors.length > 0) throw new Error(`errors while setting up: ${JSON.stringify(errors)}`);
    return idleMemory({ baselineKb, withSocketsKb, sockets: o.sockets, withRoomsKb, rooms: o.rooms, socketsPerRoom: 1 + o.players + o.spectators });
  } finally {
    for (const g of generators) g.close();
    for (const s of bare) s.close();
    await target.stop();
    removeWorkDir(target);
  }
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  options: {
    sockets: { type: 'string', default: '3000' },
    rooms: { type: 'string', default: '300' },
    players: { type: 'string', default: '6' },
    spectators: { type: 'string', default: '2' },
    target: { type: 'string', default: 'both' },
    settle: { type: 'string', default: '5' },
    'server-dir': { type: 'string' },
  },
});
const counts = {
  sockets: Number(values.sockets),
  rooms: Number(values.rooms),
  players: Number(values.players),
  spectators: Number(values.spectators),
  settleMs: Number(values.settle) * 1000,
};
const options: IdleOptions = { ...counts, serverDir: values['server-dir'] ?? null };
if (
  Object.values(counts).some((n) => !Number.isInteger(n) || n < 0) ||
  counts.sockets < 1 ||
  counts.rooms < 1 ||
  !['ours', 'floor', 'both'].includes(values.target)
) {
  console.error(USAGE);
  process.exit(2);
}
const kinds: TargetKind[] = values.target === 'both' ? ['ours', 'floor'] : [values.target as TargetKind];
console.log('# Rollcall idle memory');
console.log(describeMachine());
console.log(
  `${options.sockets} bare connected sockets, then ${options.rooms} rooms of ${options.players} phones + ${options.spectators} spectators + 1 TV with a wfgts game started and nobody moving; resident memory (RSS) from /proc, median of 5 readings after ${options.settleMs / 1000} s of rest`,
);
console.log('\n| target | baseline RSS MB | per idle socket KB | per room, its sockets included, KB | per room without its sockets KB |\n|---|---|---|---|---|');
for (const kind of kinds) {
  const m = await measure(kind, options);
  console.log(`| ${kind} | ${(m.baselineKb / 1024).toFixed(0)} | ${m.perSocketKb.toFixed(1)} | ${m.perRoomKb.toFixed(1)} | ${m.perRoomStateKb.toFixed(1)} |`);
}

import { rmSync } from 'node:fs';
import { findGame } from '@rollcall/rules';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/harness.js';
import { heldCall } from '../test/held-call.js';
import { ManualClock } from '../test/manual-clock.js';
import type { Delivery } from './delivery.js';
import { replayMove } from './room-changes.js';
import { RoomService } from './room-service.js';
import { seatHint } from './seat-hints.js';
import { openRoomRepository, type RoomRepository } from './store/room-repository.js';
import { openSqliteAdapter } from './store/sqlite-adapter.js';

/** The connection commands that need none of their own come on. */
const phone = { id: 'phone' };

const stores: { dir: string; store: RoomRepository }[] = [];
afterEach(async () => {
  for (const { dir, store } of stores.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** What happened, in order: commits to the store and views handed to delivery. */
type Happening = { commit: number } | { view: number; to: string };

async function sqliteStore(): Promise<RoomRepository> {
  const dir = tempDataDir();
  const store = openRoomRepository(await openSqliteAdapter(dir), { replay: replayMove, log: pino({ level: 'silent' }) });
  stores.push({ dir, store });
  return store;
}

/** Delivery that records what it would send; every seat that entered counts as connected. */
function recordingDelivery(happenings: Happening[]): Delivery {
  const seats = new Set<string>();
  return {
    enter(_connectionId, _code, identity) {
      if (identity.role === 'seat') seats.add(identity.seatId);
      return null;
    },
    evictSeat: () => undefined,
    presence: (_code, seatIds) => ({ connectedSeats: new Set(seatIds.filter((id) => seats.has(id))), spectators: 0 }),
    send(_code, view, parts) {
      for (const [seatId, part] of parts) happenings.push({ view: part.version, to: seatId });
      happenings.push({ view: view.version, to: 'room' });
    },
    sendTo: (connectionId, view) => void happenings.push({ view: view.version, to: connectionId }),
    audienceSize: () => seats.size,
    closeToWatchers: () => undefined,
    screenWaiting: () => Promise.resolve(false),
    admitScreen: () => undefined,
  };
}

/** The same store, with its commits recorded. */
function recorded(store: RoomRepository, happenings: Happening[]): RoomRepository {
  return {
    ...store,
    async commit(room, expected, entry) {
      const ok = await store.commit(room, expected, entry);
      if (ok) happenings.push({ commit: room.version });
      return ok;
    },
  };
}

/** The same store, where another server slips one change in just before this one's first commit. */
function raced(store: RoomRepository): RoomRepository {
  let raceDone = false;
  return {
    ...store,
    async commit(room, expected, entry) {
      if (!raceDone) {
        raceDone = true;
        const current = (await store.load(room.code))!;
        const theirs = { ...current, version: current.version + 1, locked: true };
        await store.commit(theirs, expected, { kind: 'lock', seat: null, detail: {}, version: theirs.version, at: 0 });
      }
      return store.commit(room, expected, entry);
    },
  };
}

/** The same store, whose commits pass `hold` first: one can be held back before it is stored. */
function heldBack(store: RoomRepository, hold: ReturnType<typeof heldCall>): RoomRepository {
  return {
    ...store,
    async commit(room, expected, entry) {
      await hold.pass();
      return store.commit(room, expected, entry);
    },
  };
}

function service(store: RoomRepository, happenings: Happening[] = []): RoomService {
  return new RoomService({
    store,
    clock: new ManualClock(),
    log: pino({ level: 'silent' }),
    delivery: recordingDelivery(happenings),
    serverSeed: () => '03'.repeat(32),
    testMode: false,
  });
}

describe('the room service', () => {
  it('sends no view of a version before that version is stored', async () => {
    const happenings: Happening[] = [];
    const rooms = service(recorded(await sqliteStore(), happenings), happenings);
    const created = await rooms.run('createRoom', { as: 'player', name: 'Ann' }, { id: 'phone-1' });
    if (!created.ok) throw new Error(created.error.code);
    const { code, seatToken } = created.value;
    await rooms.run('configure', { code, token: seatToken, game: 'wfgts' }, phone);
    await rooms.run('start', { code, token: seatToken }, phone);
    await rooms.run('action', { code, token: seatToken, id: 'a', action: { type: 'carry', dice: [1] } }, phone);
    const views = happenings.filter((h) => 'view' in h && h.view > 1);
    expect(views.length).toBeGreaterThanOrEqual(5);
    for (const view of views) {
      if (!('view' in view)) continue;
      const stored = happenings.findIndex((h) => 'commit' in h && h.commit === view.view);
      expect(stored).toBeGreaterThanOrEqual(0);
      expect(stored).toBeLessThan(happenings.indexOf(view));
    }
  });

  it('sends a seat its own part only when it changed, with the view of that version', async () => {
    const happenings: Happening[] = [];
    const rooms = service(await sqliteStore(), happenings);
    const created = await rooms.run('createRoom', { as: 'player', name: 'Ann' }, { id: 'phone-1' });
    if (!created.ok) throw new Error(created.error.code);
    const { code, seatToken: ann } = created.value;
    const joined = await rooms.run('joinRoom', { code, as: 'player', name: 'Bo' }, { id: 'phone-2' });
    if (!joined.ok || joined.value.role !== 'seat') throw new Error('Bo could not join');
    const bo = joined.value.seatToken;
    await rooms.run('configure', { code, token: ann, game: 'wfgts' }, phone);
    await rooms.run('start', { code, token: ann }, phone);
    const sentFor = async (move: () => Promise<unknown>) => {
      const from = happenings.length;
      await move();
      return happenings.slice(from).map((h) => ('view' in h ? h.to : 'commit'));
    };
    const seatIds = [...new Set(happenings.flatMap((h) => ('view' in h && h.to !== 'room' ? [h.to] : [])))];
    expect(seatIds).toHaveLength(2);
    const [annId, boId] = seatIds;

    // Ann's carry changes only her own sheet; Bo's completes the step, the dice roll and both sheets change.
    expect(await sentFor(() => rooms.run('action', { code, token: ann, id: 'a', action: { type: 'carry', dice: [] } }, phone))).toEqual([annId, 'room']);
    const both = await sentFor(() => rooms.run('action', { code, token: bo, id: 'b', action: { type: 'carry', dice: [] } }, phone));
    expect(both.slice(0, 2).sort()).toEqual([annId, boId].sort());
    expect(both.at(-1)).toBe('room');
    // A connection coming or going changes who is shown as connected, not anyone's part.
    expect(await sentFor(async () => rooms.presenceChanged({ code, identity: { role: 'spectator' } }))).toEqual([]);
  });

  it('retries a change that lost the race to another writer, on top of the newer room', async () => {
    const store = await sqliteStore();
    const created = await service(store).run('createRoom', { as: 'host' }, { id: 'tv' });
    if (!created.ok || created.value.hostToken === undefined) throw new Error('no room');
    const { code, hostToken } = created.value;

    const reply = await service(raced(store)).run('configure', { code, token: hostToken, game: 'wfgts', timer: 60 }, phone);
    expect(reply).toEqual({ ok: true, value: { version: 2 } });
    expect(await store.load(code)).toMatchObject({ version: 2, locked: true, timerSeconds: 60, game: { id: 'wfgts' } });
    expect((await store.journal(code)).map((e) => e.kind)).toEqual(['create', 'lock', 'configure']);
  });

  it('refuses the test seed outside test mode, and tells a bad name from a bad request', async () => {
    const rooms = service(await sqliteStore());
    const seeded = await rooms.run('createRoom', { as: 'host', testSeed: '01'.repeat(16) }, { id: 'tv' });
    expect(seeded).toMatchObject({ ok: false, error: { code: 'room/test-only' } });
    const nameless = await rooms.run('createRoom', { as: 'player', name: ' ' }, { id: 'phone' });
    expect(nameless).toMatchObject({ ok: false, error: { code: 'room/bad-name' } });
    const odd = await rooms.run('joinRoom', { code: 'ABCD', as: 'juggler' }, { id: 'phone' });
    expect(odd).toMatchObject({ ok: false, error: { code: 'room/bad-request' } });
  });

  it('plays the default for a bot that throws or chooses an illegal move, logs why, and the room goes on', async () => {
    const store = await sqliteStore();
    const clock = new ManualClock();
    const lines: string[] = [];
    let calls = 0;
    // The first choice throws, the second is not a move the game takes.
    const failing = () => {
      calls++;
      if (calls === 1) throw new Error('the bot broke');
      return { type: 'juggle' };
    };
    const rooms = new RoomService({
      store,
      clock,
      log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
      delivery: recordingDelivery([]),
      serverSeed: () => '03'.repeat(32),
      testMode: false,
      botPauseMs: 0,
      bots: { wfgts: failing },
    });
    const created = await rooms.run('createRoom', { as: 'player', name: 'Ann' }, { id: 'phone-1' });
    if (!created.ok) throw new Error(created.error.code);
    const { code, seatToken: ann } = created.value;
    await rooms.run('configure', { code, token: ann, game: 'wfgts' }, phone);
    await rooms.run('addBot', { code, token: ann }, phone);
    await rooms.run('start', { code, token: ann }, phone);
    const wfgts = findGame('wfgts')!;
    /** What the turn timer would play for the bot's seat now. */
    const botDefault = async () => wfgts.awaiting((await store.load(code))!.play).find((a) => a.seat === 1)?.fallback;

    const first = await botDefault();
    expect(first).toBeDefined();
    clock.advance(0);
    // Queued behind the bot's move: Ann's own completes the step, and the bot is awaited again.
    expect(await rooms.run('action', { code, token: ann, id: 'a', action: { type: 'carry', dice: [] } }, phone)).toMatchObject({ ok: true });
    const second = await botDefault();
    expect(second).toBeDefined();
    clock.advance(0);
    await rooms.close();

    expect(calls).toBe(2);
    const botMoves = (await store.journal(code)).filter((e) => e.kind === 'action' && e.seat === 1);
    expect(botMoves.map((e) => e.detail)).toEqual([
      { by: 'bot', action: first },
      { by: 'bot', action: second },
    ]);
    const room = (await store.load(code))!;
    expect(room.status).toBe('playing');
    expect(room.version).toBe(botMoves.at(-1)!.version);
    const said = lines.map((line) => JSON.parse(line) as { msg: string; level: number; seat?: number });
    expect(said.filter((l) => l.level >= 50).map((l) => [l.msg, l.seat])).toEqual([
      ['the bot failed; playing the default', 1],
      ['the game refused a bot move; playing the default', 1],
    ]);
  });
  it('answers a hint request while a move for the same room is still being committed, for the step as stored', async () => {
    const store = await sqliteStore();
    const hold = heldCall();
    const rooms = service(heldBack(store, hold));
    const created = await rooms.run('createRoom', { as: 'player', name: 'Ann' }, { id: 'phone-1' });
    if (!created.ok) throw new Error(created.error.code);
    const { code, seatToken } = created.value;
    const ann = { code, token: seatToken };
    await rooms.run('configure', { ...ann, game: 'meet-fate' }, phone);
    await rooms.run('start', ann, phone);
    const started = (await store.load(code))!;
    const first = { step: started.stepVersion, hint: { game: 'meet-fate', action: { type: 'roll', hold: [] } } };
    expect(await rooms.run('askHint', ann, phone)).toEqual({ ok: true, value: first });

    hold.arm();
    const rolling = rooms.run('action', { ...ann, id: 'r1', version: started.version, action: { type: 'roll', hold: [] } }, phone);
    await hold.reached;
    // Through the room's queue this would wait for the roll, which waits for `release`: the test would time out.
    expect(await rooms.run('askHint', ann, phone)).toEqual({ ok: true, value: first });
    expect(await rooms.run('askHint', { code, token: 'x'.repeat(24) }, phone)).toMatchObject({ ok: false, error: { code: 'room/bad-token' } });
    expect(await rooms.run('askHint', { code: 'ZZZZ', token: seatToken }, phone)).toMatchObject({ ok: false, error: { code: 'room/not-found' } });
    expect((await store.load(code))!.version).toBe(started.version);

    hold.release();
    expect(await rolling).toEqual({ ok: true, value: { version: started.version + 1 } });
    const rolled = (await store.load(code))!;
    expect(rolled.stepVersion).toBeGreaterThan(started.stepVersion);
    // The hint worked out before the roll is kept under its own step, never handed out for the new one.
    const after = await rooms.run('askHint', ann, phone);
    expect(after).toMatchObject({ ok: true, value: { step: rolled.stepVersion } });
    expect(after.ok && after.value.hint).toEqual(seatHint(rolled, 0));
  });
});

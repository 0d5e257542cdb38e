import { describe, expect, it, vi } from 'vitest';
import { viewEdits, type PublicRoomView, type RoomChange, type SeatPart } from '@rollcall/protocol';
import { RoomConnection, unreachable, type RoomSocket } from './room-connection.svelte.js';
import { SeatStorage, type KeyValueStore } from './seat-storage.js';

interface Emitted {
  event: string;
  payload: Record<string, unknown>;
  ack: (err: Error | null, reply?: unknown) => void;
}

/** A socket whose network the test drives by hand. */
class FakeSocket implements RoomSocket {
  connected = false;
  emitted: Emitted[] = [];
  private listeners = new Map<string, ((...args: unknown[]) => void)[]>();

  connect(): void {}
  disconnect(): void {
    this.connected = false;
  }
  on(event: string, listener: (...args: unknown[]) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  request(event: string, payload: unknown, _timeoutMs: number, ack: Emitted['ack']): void {
    this.emitted.push({ event, payload: payload as Record<string, unknown>, ack });
  }
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  up(): void {
    this.connected = true;
    this.fire('connect');
  }
  down(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  /** The n-th emitted message, once it has been sent. */
  async nth(n: number): Promise<Emitted> {
    await vi.waitFor(() => expect(this.emitted.length).toBeGreaterThan(n));
    return this.emitted[n]!;
  }
}

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function setup(options: { attempts?: number } = {}) {
  const socket = new FakeSocket();
  const storage = new SeatStorage(memoryStore());
  let counter = 0;
  const connection = new RoomConnection({
    open: () => socket,
    storage,
    attempts: options.attempts ?? 6,
    randomBytes: (bytes) => bytes.fill(++counter),
  });
  return { socket, storage, connection };
}

function view(version: number, extra: Partial<PublicRoomView> = {}): PublicRoomView {
  return {
    code: 'ABCD',
    version,
    status: 'lobby',
    seats: [{ seat: 0, name: 'Ann', connected: true, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: false }],
    lead: 0,
    locked: false,
    spectatorsAllowed: true,
    whenAway: { play: 'default', seconds: 30 },
    hints: true,
    nextPlayers: [],
    spectators: 0,
    game: null,
    timer: { seconds: 0, deadline: null },
    awaiting: [],
    step: 0,
    play: null,
    outcome: null,
    ...extra,
  };
}

/** The room's view comes whole, as to a screen coming in, with a seat's part if given. */
function hearWhole(socket: FakeSocket, room: PublicRoomView, seatPart?: SeatPart): void {
  const change: RoomChange = { code: room.code, version: room.version, status: room.status, tag: `t${room.version}`, view: room };
  socket.fire('room:change', change, seatPart);
}

/** The room's view comes as the change from `before`, which the screen is taken to hold. */
function hearEdits(socket: FakeSocket, before: PublicRoomView, after: PublicRoomView, seatPart?: SeatPart): void {
  const change: RoomChange = { code: after.code, version: after.version, status: after.status, tag: `t${after.version}`, from: `t${before.version}`, edits: viewEdits(before, after) };
  socket.fire('room:change', change, seatPart);
}

const seatReply = { ok: true, value: { code: 'ABCD', role: 'seat', seat: 0, seatToken: 'token-of-ann-0123456789' } };

async function joinedAnn() {
  const ctx = setup();
  const joining = ctx.connection.joinAsPlayer('ABCD', ' Ann ');
  ctx.socket.up();
  hearWhole(ctx.socket, view(0), part(0, null));
  (await ctx.socket.nth(0)).ack(null, seatReply);
  await joining;
  return ctx;
}

/** A TV or a spectator's screen let into the room, with what else the server's answer gives it (a screen code). */
async function screenIn(role: 'host' | 'spectator', answer: Record<string, unknown> = {}) {
  const ctx = setup();
  const entering = role === 'host' ? ctx.connection.host('ABCD') : ctx.connection.watch('ABCD');
  ctx.socket.up();
  hearWhole(ctx.socket, view(1));
  (await ctx.socket.nth(0)).ack(null, { ok: true, value: { code: 'ABCD', role, ...answer } });
  await entering;
  return ctx;
}

/** After the screen gave up its place, a dropped and restored link must not ask for it again. */
async function expectNoRejoinOnReconnect(socket: FakeSocket): Promise<void> {
  socket.down();
  socket.up();
  await Promise.resolve();
  expect(socket.emitted).toHaveLength(1);
}

function part(version: number, play: SeatPart['play'], seat = 0): SeatPart {
  return { code: 'ABCD', version, seat, play };
}

describe('the room connection', () => {
  it('says the server is unreachable after a failed try, and goes back into the room once it answers', async () => {
    const { socket, connection } = await joinedAnn();
    socket.down();
    expect(connection.status).toBe('reconnecting');
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(connection.status).toBe('unreachable');
    // Another failed try changes nothing; then the server is back and the seat is taken back.
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(connection.status).toBe('unreachable');
    socket.up();
    expect(connection.status).toBe('reconnecting');
    const rejoin = await socket.nth(1);
    expect(rejoin.payload).toMatchObject({ code: 'ABCD', as: 'seat', seatToken: 'token-of-ann-0123456789' });
    rejoin.ack(null, seatReply);
    await vi.waitFor(() => expect(connection.status).toBe('online'));
  });

  it('says so when the server cannot be reached on the first try, before any room', () => {
    const { socket, connection } = setup();
    void connection.watch('ABCD');
    expect(connection.status).toBe('connecting');
    socket.fire('connect_error', new Error('websocket error'));
    expect(connection.status).toBe('unreachable');
  });

  it('lets a late joiner watch, then shows their seat once the room gives them one', async () => {
    const { socket, storage, connection } = setup();
    const joining = connection.joinAsPlayer('ABCD', 'Dee');
    socket.up();
    hearWhole(socket, view(3, { status: 'playing', nextPlayers: ['Dee'] }));
    (await socket.nth(0)).ack(null, { ok: true, value: { code: 'ABCD', role: 'seat', seatToken: 'token-of-dee-0123456789', next: true } });
    await joining;
    expect(storage.seat('ABCD')).toEqual({ seat: null, token: 'token-of-dee-0123456789' });
    expect(connection.waitingForNext).toBe(true);
    expect(connection.view?.viewer).toEqual({ role: 'spectator' });

    // The rematch seats her: her part comes, then the lobby's view.
    hearWhole(socket, view(4), part(4, null, 1));
    expect(connection.view?.viewer).toEqual({ role: 'seat', seat: 1 });
    expect(connection.waitingForNext).toBe(false);
  });

  it("says whose seat is in use in the words of the person typing the name", async () => {
    const { socket, connection } = setup();
    const joining = connection.joinAsPlayer('ABCD', ' Ann ');
    socket.up();
    const error = { code: 'room/seat-in-use', message: 'That player is playing on another phone — ask the lead.' };
    (await socket.nth(0)).ack(null, { ok: false, error });
    expect(await joining).toEqual({ ok: false, error: { ...error, message: 'Ann is playing on another phone — ask the lead.' } });
  });

  it('words a refusal itself, passes on how long a refused join must wait, and nothing it cannot use', async () => {
    const { socket, connection } = setup();
    const slowed = connection.joinAsPlayer('ABCD', 'Ann');
    socket.up();
    const error = { code: 'room/guessing-slowed', message: 'Wait.', retryAfterSeconds: 8, seatToken: 'not-for-the-page' };
    (await socket.nth(0)).ack(null, { ok: false, error });
    const slowedWords = "None of this phone's last few codes matched a room. Check the code on the TV, then try again in 8 seconds.";
    expect(await slowed).toEqual({ ok: false, error: { code: 'room/guessing-slowed', message: slowedWords, retryAfterSeconds: 8 } });
    const odd = connection.joinAsPlayer('ABCD', 'Ann');
    (await socket.nth(1)).ack(null, { ok: false, error: { code: 'room/not-found', retryAfterSeconds: 'soon' } });
    expect(await odd).toEqual({ ok: false, error: { code: 'room/not-found', message: 'No room has that code. Check the code on the TV.' } });
    // A code from a newer server than this app is an answer it cannot use.
    const newer = connection.joinAsPlayer('ABCD', 'Ann');
    (await socket.nth(2)).ack(null, { ok: false, error: { code: 'room/from-a-newer-server' } });
    expect(await newer).toMatchObject({ ok: false, error: { code: 'client/bad-reply' } });
  });

  it('remembers a new seat and takes it back by itself after the socket drops', async () => {
    const { socket, storage, connection } = await joinedAnn();
    expect(storage.seat('ABCD')).toEqual({ seat: 0, token: 'token-of-ann-0123456789' });
    expect(storage.lastName()).toBe('Ann');
    expect(connection.status).toBe('online');

    socket.down();
    expect(connection.status).toBe('reconnecting');
    socket.up();
    const rejoin = await socket.nth(1);
    expect(rejoin.event).toBe('room:join');
    expect(rejoin.payload).toEqual({ code: 'ABCD', as: 'seat', seatToken: 'token-of-ann-0123456789' });
    rejoin.ack(null, seatReply);
    await vi.waitFor(() => expect(connection.status).toBe('online'));
  });

  // A vacant seat's default, sent by the lead, travels like a move (it names the seat instead of an action), and so does ending the game.
  it.each([
    {
      what: 'a move',
      send: (c: RoomConnection) => c.act({ type: 'carry', dice: [0, 2] }),
      event: 'game:action',
      body: { action: { type: 'carry', dice: [0, 2] } },
    },
    {
      what: "a vacant seat's default",
      send: (c: RoomConnection) => c.playDefault(2),
      event: 'game:default',
      body: { seat: 2 },
    },
    {
      what: 'the end of the game',
      send: (c: RoomConnection) => c.endGame({ to: 'game', game: 'war-pnp', options: {} }),
      event: 'room:end-game',
      body: { then: { to: 'game', game: 'war-pnp', options: {} } },
    },
  ])('resends $what unanswered with the same id and version once the seat is back', async ({ send, event, body }) => {
    const { socket, connection } = await joinedAnn();
    hearWhole(socket, view(7, { status: 'playing' }));

    const moving = send(connection);
    const first = await socket.nth(1);
    expect(first.event).toBe(event);
    expect(first.payload).toEqual({ code: 'ABCD', token: 'token-of-ann-0123456789', version: 7, id: expect.any(String), ...body });

    socket.down();
    first.ack(new Error('operation has timed out'));
    socket.up();
    (await socket.nth(2)).ack(null, seatReply);
    const second = await socket.nth(3);
    expect(second.payload).toEqual(first.payload);

    second.ack(null, { ok: true, value: { version: 8 } });
    expect(await moving).toEqual({ ok: true, value: { version: 8 } });
  });

  it('asks for its hint once per step it is awaited in, and shows it only through that step', async () => {
    const { socket, connection } = await joinedAnn();
    const playing = (version: number, step: number, awaiting: number[], extra: Partial<PublicRoomView> = {}) =>
      view(version, { status: 'playing', awaiting, step, play: { round: 1 }, ...extra });
    const hint = { game: 'wfgts', action: { type: 'carry', dice: [1] } };
    const hintOf = () => (connection.view?.play as { hint?: unknown } | null)?.hint;

    hearWhole(socket, playing(9, 9, [0, 1]));
    const asked = await socket.nth(1);
    expect(asked.event).toBe('game:hint');
    expect(asked.payload).toEqual({ code: 'ABCD', token: 'token-of-ann-0123456789' });
    asked.ack(null, { ok: true, value: { step: 9, hint } });
    await vi.waitFor(() => expect(hintOf()).toEqual(hint));

    // Another seat's move in the same step: the hint stays, nothing is asked.
    hearWhole(socket, playing(10, 9, [0]));
    expect(hintOf()).toEqual(hint);
    // A new step: the old hint goes at once, and the new one is asked for.
    hearWhole(socket, playing(11, 11, [0]));
    expect(hintOf()).toBeUndefined();
    const again = await socket.nth(2);
    expect(again.event).toBe('game:hint');
    // Not awaited, or a table without hints: nothing is asked.
    hearWhole(socket, playing(12, 12, [1]));
    hearWhole(socket, playing(13, 13, [0], { hints: false }));
    again.ack(null, { ok: true, value: { step: 11, hint } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(socket.emitted).toHaveLength(3);
    expect(hintOf()).toBeUndefined();
  });

  it('gives up on a move with a message once every attempt went unanswered', async () => {
    const ctx = setup({ attempts: 2 });
    const joining = ctx.connection.joinAsPlayer('ABCD', 'Ann');
    ctx.socket.up();
    (await ctx.socket.nth(0)).ack(null, seatReply);
    await joining;

    const moving = ctx.connection.act({ type: 'score', choice: 'best' });
    (await ctx.socket.nth(1)).ack(new Error('timeout'));
    (await ctx.socket.nth(2)).ack(new Error('timeout'));
    expect(await moving).toEqual({ ok: false, error: unreachable });
  });

  it('passes a refusal from the server on to the screen', async () => {
    const { socket, connection } = await joinedAnn();
    const moving = connection.act({ type: 'score', choice: 'junk' });
    (await socket.nth(1)).ack(null, {
      ok: false,
      error: { code: 'rule/junk-used', message: 'You have already used your junk score this game.' },
    });
    const result = await moving;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('rule/junk-used');
  });

  it('shows a phone the public view with its own part laid over it, and a new part with the change it came with', async () => {
    const { socket, connection } = await joinedAnn();
    const game = { id: 'wfgts', options: {} };
    const views = [3, 4, 5].map((v) => view(v, { status: 'playing', game, play: { kind: 'public', round: v === 3 ? 1 : 2 } }));
    hearWhole(socket, views[0]!, part(3, { kind: 'seat', me: 'sheet 3' }, 1));
    expect(connection.view).toMatchObject({ version: 3, viewer: { role: 'seat', seat: 1 }, play: { kind: 'seat', round: 1, me: 'sheet 3' } });
    hearEdits(socket, views[0]!, views[1]!);
    expect(connection.view?.play).toEqual({ kind: 'seat', round: 2, me: 'sheet 3' });
    hearEdits(socket, views[1]!, views[2]!, part(5, { kind: 'seat', me: 'sheet 5' }, 1));
    expect(connection.view?.play).toEqual({ kind: 'seat', round: 2, me: 'sheet 5' });
  });

  it('asks for the whole view when a change is made from a view it does not hold, and keeps showing its own meanwhile', async () => {
    const { socket, connection } = await joinedAnn();
    hearWhole(socket, view(3), part(3, null));
    const before = socket.emitted.length;
    hearEdits(socket, view(4), view(5, { locked: true }));
    expect(connection.view?.version).toBe(3);
    const asked = await socket.nth(before);
    expect(asked).toMatchObject({ event: 'room:whole-view', payload: { code: 'ABCD' } });
    hearWhole(socket, view(5, { locked: true }));
    hearEdits(socket, view(5, { locked: true }), view(6, { locked: true, spectators: 2 }));
    expect(connection.view).toMatchObject({ version: 6, locked: true, spectators: 2, viewer: { role: 'seat', seat: 0 } });
  });

  it("adds a random client seed to each new seal its seat has none in, once", async () => {
    const { socket } = await joinedAnn();
    const sealed = (commitment: string, seed: string | null) => ({
      dice: { commitment, clientSeeds: [seed], serverSeed: null, record: null, previous: null },
    });
    hearWhole(socket, view(1, sealed('aa'.repeat(32), null)));
    hearWhole(socket, view(2, sealed('aa'.repeat(32), null)));
    const sent = await socket.nth(1);
    expect(sent.event).toBe('dice:contribute');
    expect(sent.payload).toMatchObject({ code: 'ABCD', token: 'token-of-ann-0123456789' });
    expect(sent.payload.clientSeed).toMatch(/^[0-9a-f]{32}$/);
    sent.ack(null, { ok: true, value: { version: 3 } });
    hearWhole(socket, view(3, sealed('aa'.repeat(32), sent.payload.clientSeed as string)));
    // A rematch seals the next game afresh: a new seed goes with it.
    hearWhole(socket, view(4, sealed('bb'.repeat(32), null)));
    const next = await socket.nth(2);
    expect(next.event).toBe('dice:contribute');
    expect(socket.emitted).toHaveLength(3);
  });

  it('gives a TV its controls only when it opened the room or holds its token', async () => {
    const { socket, connection } = setup();
    const watching = connection.host('ABCD');
    socket.up();
    hearWhole(socket, view(2));
    expect(connection.view?.viewer).toEqual({ role: 'host', controls: false });
    (await socket.nth(0)).ack(null, { ok: true, value: { code: 'ABCD', role: 'host' } });
    await watching;
    expect(connection.canLead).toBe(false);
  });

  it('shows the code a TV waits under, and once let in keeps its new token and comes back with controls', async () => {
    const { socket, storage, connection } = setup();
    const waiting = connection.host('ABCD');
    socket.up();
    (await socket.nth(0)).ack(null, { ok: true, value: { code: 'ABCD', role: 'host', screen: 'KMNPQR' } });
    await waiting;
    expect(connection.screenCode).toBe('KMNPQR');
    // Another room's admission, or one without a token, is not this screen's.
    socket.fire('room:screen-admitted', { code: 'WXYZ', hostToken: 'other-room-token-0123' });
    socket.fire('room:screen-admitted', { code: 'ABCD' });
    expect(storage.hostToken('ABCD')).toBeNull();
    socket.fire('room:screen-admitted', { code: 'ABCD', hostToken: 'screen-token-0123456789' });
    expect(storage.hostToken('ABCD')).toBe('screen-token-0123456789');
    const rejoin = await socket.nth(1);
    expect(rejoin.payload).toEqual({ code: 'ABCD', as: 'host', hostToken: 'screen-token-0123456789' });
    rejoin.ack(null, { ok: true, value: { code: 'ABCD', role: 'host', hostToken: 'screen-token-0123456789' } });
    hearWhole(socket, view(3));
    await vi.waitFor(() => expect(connection.screenCode).toBeNull());
    expect(connection.canLead).toBe(true);
  });

  it('keeps a TV without the host token waiting, not gone, when the room stops allowing spectators', async () => {
    const { socket, connection } = await screenIn('host', { screen: 'KMNPQR' });
    socket.fire('room:watch-closed', { code: 'ABCD', reason: 'no-spectators' });
    expect(connection.view).toBeNull();
    expect(connection.watchClosed).toBe(false);
    const again = await socket.nth(1);
    expect(again.payload).toEqual({ code: 'ABCD', as: 'host' });
    again.ack(null, { ok: true, value: { code: 'ABCD', role: 'host', screen: 'VWXYZA' } });
    await vi.waitFor(() => expect(connection.screenCode).toBe('VWXYZA'));
  });

  it('never lets an older view replace a newer one', async () => {
    const { socket, connection } = await joinedAnn();
    hearWhole(socket, view(5));
    hearWhole(socket, view(4, { status: 'playing' }));
    expect(connection.view?.version).toBe(5);
    expect(connection.view?.status).toBe('lobby');
    hearWhole(socket, view(6, { status: 'playing' }));
    expect(connection.view?.status).toBe('playing');
  });

  it('forgets a seat token the server no longer honours', async () => {
    const { socket, storage, connection } = setup();
    storage.keepSeat('WXYZ', { seat: 2, token: 'stale-token-0123456789' });
    const resuming = connection.resumeSeat('WXYZ');
    socket.up();
    (await socket.nth(0)).ack(null, {
      ok: false,
      error: { code: 'room/bad-token', message: "That seat isn't yours any more. Join the room again." },
    });
    const result = await resuming;
    expect(result?.ok).toBe(false);
    expect(storage.seat('WXYZ')).toBeNull();
  });

  it('has nothing to resume in a room where this browser holds no seat', async () => {
    const { socket, connection } = setup();
    expect(await connection.resumeSeat('ABCD')).toBeNull();
    expect(socket.emitted).toHaveLength(0);
  });

  it('leaves a watched room that stops allowing spectators, and does not ask to come back on reconnect', async () => {
    const { socket, connection } = await screenIn('spectator');
    expect(connection.view).not.toBeNull();
    expect(connection.isIn('ABCD', 'spectator')).toBe(true);
    socket.fire('room:watch-closed', { code: 'ABCD', reason: 'no-spectators' });
    expect(connection.watchClosed).toBe(true);
    expect(connection.view).toBeNull();
    expect(connection.isIn('ABCD', 'spectator')).toBe(false);
    await expectNoRejoinOnReconnect(socket);
  });

  it('marks the seat lost when another screen takes it over, and does not fight back on reconnect', async () => {
    const { socket, connection } = await joinedAnn();
    socket.fire('room:seat-lost', { code: 'ABCD', reason: 'taken-over' });
    expect(connection.seatLost).toBe('taken-over');
    expect(connection.isIn('ABCD', 'seat')).toBe(false);
    await expectNoRejoinOnReconnect(socket);
  });

  it('lets the lead seat run the room and no other seat', async () => {
    const { socket, connection } = await joinedAnn();
    hearWhole(socket, view(1, { lead: 0 }));
    expect(connection.canLead).toBe(true);
    hearWhole(socket, view(2, { lead: 1 }));
    expect(connection.canLead).toBe(false);
  });

  it('keeps a host token so a reloaded TV gets its controls back', async () => {
    const { socket, storage, connection } = setup();
    const creating = connection.create({ as: 'host' });
    socket.up();
    const create = await socket.nth(0);
    expect(create.event).toBe('room:create');
    create.ack(null, { ok: true, value: { code: 'QRST', role: 'host', hostToken: 'host-token-0123456789' } });
    await creating;
    expect(storage.hostToken('QRST')).toBe('host-token-0123456789');

    const again = setup();
    again.storage.keepHostToken('QRST', 'host-token-0123456789');
    const hosting = again.connection.host('QRST');
    again.socket.up();
    expect((await again.socket.nth(0)).payload).toEqual({ code: 'QRST', as: 'host', hostToken: 'host-token-0123456789' });
    again.socket.emitted[0]!.ack(null, { ok: true, value: { code: 'QRST', role: 'host', hostToken: 'host-token-0123456789' } });
    expect((await hosting).ok).toBe(true);
  });
});

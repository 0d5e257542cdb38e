import { commands, type CommandInput, type CommandName } from '@rollcall/protocol';
import { seedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { accepted } from '../test/change-outcome.js';
import { addPlayer, configure, markPresence, startGame } from './room-changes.js';
import { decideCommand, decisions, newDice, notePresence, openRoom, type Context, type Decision } from './room-commands.js';
import { newRoom, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';

const now = 1_000;
const hostToken = 'host-token-0123456789';
const tokenOf = (name: string) => `token-of-${name}-000000`;

function lobby(names: string[]): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator: seedGenerator(new Uint8Array(16).fill(7)), seal: null, hostTokenHash: hashToken(hostToken) });
  for (const name of names) room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(tokenOf(name)), now }));
  return room;
}

function playing(names: string[]): RoomRecord {
  return accepted(startGame(accepted(configure(lobby(names), { game: 'wfgts', options: {}, timer: 0, now })), now));
}

/** A context where every seat in `connected` has a phone, and secrets are numbered. */
function context(connected: readonly string[] = [], overrides: Partial<Context> = {}): Context {
  let n = 0;
  const presence = { connectedSeats: new Set(connected), spectators: 0 };
  return {
    now: 2_000,
    fresh: { token: () => `fresh-token-${n++}-0000000`, id: () => `fresh-id-${n++}`, oneTimeCode: () => 'QWERTY', serverSeed: () => '5e'.repeat(32) },
    presence: () => presence,
    presenceMark: async (room, also) => {
      const change = markPresence(room, { connected: new Set([...connected, ...(also === undefined ? [] : [also])]), now: 2_000 });
      return change?.ok === true ? change : null;
    },
    screenWaiting: async () => false,
    mayMove: async () => true,
    ...overrides,
  };
}

/** Decide a command with its sender checked first, as the room service does. */
function decide<N extends Exclude<CommandName, 'createRoom'>>(name: N, room: RoomRecord, payload: Record<string, unknown>, ctx = context()) {
  const input = commands[name].schema.parse({ code: room.code, ...payload }) as CommandInput<N>;
  return Promise.resolve(decideCommand(name, room, input, null, ctx)) as Promise<Decision<unknown>>;
}

const refusalOf = (d: Decision<unknown>) => (d.kind === 'refuse' ? d.error.code : null);

/** The room a committed decision leaves. */
function roomAfter(d: Decision<unknown>): RoomRecord {
  if (d.kind !== 'commit') throw new Error(`not committed: ${d.kind === 'refuse' ? d.error.code : 'answered'}`);
  return d.changes[d.changes.length - 1]!.room;
}

describe('who may send a command', () => {
  it('lets the lead or a host screen run the room, and tells anyone else why not', async () => {
    const room = lobby(['Ann', 'Bob']);
    expect((await decide('start', room, { token: tokenOf('Bob') })).kind).toBe('refuse');
    expect(refusalOf(await decide('start', room, { token: tokenOf('Bob') }))).toBe('room/not-lead');
    expect(refusalOf(await decide('start', room, { token: 'nobody-here-0000000' }))).toBe('room/bad-token');
    expect(refusalOf(await decide('configure', room, { token: tokenOf('Ann'), game: 'wfgts' }))).toBeNull();
    expect(refusalOf(await decide('configure', room, { token: hostToken, game: 'wfgts' }))).toBeNull();
  });

  it('keeps a seat’s own commands to seats, and hints to a seat’s own phone', async () => {
    const room = playing(['Ann', 'Bob']);
    expect(refusalOf(await decide('rename', room, { token: hostToken, name: 'Zed' }))).toBe('room/unknown-seat');
    expect(refusalOf(await decide('askHint', room, { token: hostToken }))).toBe('room/no-seat');
    expect(await decide('askHint', room, { token: tokenOf('Ann') })).toMatchObject({ kind: 'answer', value: { step: room.stepVersion } });
  });
});

describe('a move', () => {
  it('is committed once, and its retry answered with the first answer without a change', async () => {
    const room = playing(['Ann', 'Bob']);
    const tap = { token: tokenOf('Ann'), id: 'tap', version: room.version, action: { type: 'carry', dice: [] } };
    const first = await decide('action', room, tap);
    if (first.kind !== 'commit') throw new Error('not committed');
    expect(first.value).toEqual({ version: room.version + 1 });
    expect(await decide('action', roomAfter(first), tap)).toEqual({ kind: 'answer', value: { version: room.version + 1 } });
  });

  it('is refused when based on an older step, or past the seat’s move limit', async () => {
    const room = playing(['Ann', 'Bob']);
    const carry = { action: { type: 'carry', dice: [] } };
    // Both seats carry: the dice roll, and a new step begins.
    const annCarried = roomAfter(await decide('action', room, { token: tokenOf('Ann'), id: 'a', ...carry }));
    const next = roomAfter(await decide('action', annCarried, { token: tokenOf('Bob'), id: 'b', ...carry }));
    expect(next.stepVersion).toBeGreaterThan(room.version);
    const stale = { token: tokenOf('Bob'), id: 'd', version: room.version, ...carry };
    expect(refusalOf(await decide('action', next, stale))).toBe('room/stale-version');
    const limited = context([], { mayMove: async () => false });
    expect(refusalOf(await decide('action', room, { token: tokenOf('Ann'), id: 'e', action: {} }, limited))).toBe('room/too-many-changes');
  });

  it('is played for a vacant seat only by the lead, and never for a seat its player holds', async () => {
    const room = playing(['Ann', 'Bob']);
    const forBob = { token: tokenOf('Ann'), id: 'x', seat: 1, action: { type: 'carry', dice: [] } };
    expect(refusalOf(await decide('action', room, forBob))).toBe('room/seat-occupied');
    expect(refusalOf(await decide('playDefault', room, { token: tokenOf('Bob'), id: 'y', seat: 0 }))).toBe('room/not-lead');
    expect(refusalOf(await decide('playDefault', room, { token: hostToken, id: 'z', seat: 1 }))).toBe('room/seat-occupied');
  });
});

describe('joining', () => {
  it('seats a new name in the lobby and puts its phone in the room once committed', async () => {
    const room = lobby(['Ann']);
    const d = await decisions.joinRoom(room, { code: room.code, as: 'player', name: 'Bob' }, null, context());
    expect(d).toMatchObject({ kind: 'commit', value: { role: 'seat', seat: 1 } });
    expect(d.kind === 'commit' && d.then?.map((e) => e.do)).toEqual(['enter', 'log']);
  });

  it('marks a seat coming back during a game back before its phone sees a view, and only then', async () => {
    const gone = accepted(markPresence(playing(['Ann', 'Bob']), { connected: new Set(['id-Bob']), now }) ?? null);
    const back = await decisions.joinRoom(gone, { code: gone.code, as: 'seat', seatToken: tokenOf('Ann') }, null, context(['id-Bob']));
    expect(back).toMatchObject({ kind: 'commit', value: { role: 'seat', seat: 0 } });
    expect(roomAfter(back).seats[0]?.awaySince).toBeNull();
    const here = playing(['Ann', 'Bob']);
    const again = await decisions.joinRoom(here, { code: here.code, as: 'seat', seatToken: tokenOf('Ann') }, null, context(['id-Bob']));
    expect(again.kind === 'answer' && again.then?.map((e) => e.do)).toEqual(['evict', 'log', 'welcome']);
  });

  it('refuses to let in a screen no one waits under, and changes nothing', async () => {
    const room = lobby(['Ann']);
    expect(refusalOf(await decide('admitScreen', room, { token: hostToken, screen: 'ABCDEF' }))).toBe('room/no-such-screen');
    const waiting = context([], { screenWaiting: async () => true });
    const admitted = await decide('admitScreen', room, { token: hostToken, screen: 'ABCDEF' }, waiting);
    expect(admitted.kind === 'commit' && admitted.then?.[0]).toMatchObject({ do: 'admit-screen', screen: 'ABCDEF' });
  });
});

describe('a screen asking for the whole view', () => {
  it('gets it sent when in the room, and is refused otherwise', async () => {
    const room = lobby(['Ann']);
    expect(refusalOf(await decide('wholeView', room, {}))).toBe('room/not-in-room');
    const sent = await decideCommand('wholeView', room, { code: room.code }, { role: 'spectator' }, context());
    expect(sent).toEqual({ kind: 'answer', value: { version: room.version }, then: [{ do: 'send-whole', identity: { role: 'spectator' } }] });
  });
});

describe('who has a phone', () => {
  it('is stored as a change of its own when the record says otherwise, and otherwise the views are only sent again', async () => {
    const room = playing(['Ann', 'Bob']);
    const gone = await notePresence(room, context(['id-Bob']), 'changed');
    expect(roomAfter(gone).seats.map((s) => s.awaySince ?? null)).toEqual([2_000, null]);
    expect(await notePresence(room, context(['id-Ann', 'id-Bob']), 'all')).toEqual({
      kind: 'answer',
      value: null,
      then: [{ do: 'publish', parts: 'all' }],
    });
  });
});

describe('opening a room', () => {
  it('refuses fixed dice outside test mode, and seats a player who opens one', () => {
    expect(newDice({ as: 'host', testSeed: '01'.repeat(16) }, false, () => '5e'.repeat(32))).toEqual({ code: 'room/test-only' });
    const dice = newDice({ as: 'player', name: 'Ann' }, false, () => '5e'.repeat(32));
    if ('code' in dice) throw new Error(dice.code);
    const opened = openRoom('WXYZ', { as: 'player', name: 'Ann' }, dice, context());
    if (!('room' in opened)) throw new Error(opened.code);
    expect(opened.room.seats.map((s) => s.name)).toEqual(['Ann']);
    expect(opened.entry).toMatchObject({ kind: 'create', seat: 0, version: opened.room.version });
    expect(opened.value).toMatchObject({ code: 'WXYZ', role: 'seat', seat: 0 });
  });
});

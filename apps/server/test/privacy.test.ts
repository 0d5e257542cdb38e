import { randomUUID } from 'node:crypto';
import { ClientEvent, ServerEvent, type PublicRoomView, type RoomChange, type SeatPart } from '@rollcall/protocol';
import { applyAction, findGame, generatorDice, fixedGenerator, type GeneratorState } from '@rollcall/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { changesIn, openTable, publicViewsIn, startServer, type Player, type Received, type Table, type TestClient, type TestServer } from './harness.js';
import { move, playUntil, settle, startWfgts } from './wfgts-driver.js';

const SEED = 'b88cb69db1475b8ee834483e0c566ae0';

let server: TestServer | undefined;
const tables: Table[] = [];
afterEach(async () => {
  for (const t of tables.splice(0)) t.close();
  await server?.close();
});

async function startedTable(): Promise<Table> {
  const t = await openTable(server!.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED });
  tables.push(t);
  await startWfgts(t);
  return t;
}

/** The paths at which an object key occurs anywhere in a message. */
function pathsOf(value: unknown, key: string, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k === key ? [`${path}.${k}`] : []),
    ...pathsOf(v, key, `${path}.${k}`),
  ]);
}

/** Messages with the room code and the views' tags blanked (they count every view sent), so two rooms can be compared. */
const anonymous = (messages: Received[], code: string) =>
  messages.map((m) => JSON.parse(JSON.stringify(m).replaceAll(code, '····').replace(/"(tag|from)":"[^"]*"/g, '"$1":"·"')) as Received);

/**
 * The messages received from `mark` on, without a change that changes
 * nothing: a coalesced audience refresh sends the view the room already has
 * again, at a moment that depends on timers, not on what was played.
 */
function freshSince(messages: Received[], mark: number): Received[] {
  return messages.filter((m, i) => {
    const repeat = m.event === ServerEvent.change && (m.payload as RoomChange).edits?.length === 0 && m.part === undefined;
    return i >= mark && !repeat;
  });
}

/** A public view without who is connected and watching: a joiner's own snapshot may count itself before the room hears of it. */
const withoutPresence = (view: PublicRoomView) =>
  JSON.stringify({ ...view, spectators: null, seats: view.seats.map((seat) => ({ ...seat, connected: null })) });

/** A seat's move of any game, based on the version its phone shows. */
const send = (t: Table, player: Player, action: unknown) =>
  player.client.must(ClientEvent.action, { code: t.code, token: player.token, id: randomUUID(), version: player.client.view.version, action });

/** What the host screen, the spectator and another phone (Bob) receive. */
const observers = (t: Table): [string, TestClient][] => [
  ['host', t.host],
  ['spectator', t.spectator!],
  ['Bob', t.players[1]!.client],
];

describe('privacy, seen from the sockets', () => {
  it('sends everyone in the room the same public view, and each phone nothing of another seat', async () => {
    server = await startServer();
    const t = await startedTable();
    await playUntil(t, (view) => view.status === 'playing' && (view.play as { round: number }).round === 2);
    const clients = [t.host, t.spectator!, ...t.players.map((p) => p.client)];
    const publicViews = (c: TestClient) => new Map(publicViewsIn(c.received).map((view) => [view.version, withoutPresence(view)]));
    const [host, ...rest] = clients.map(publicViews);
    expect(host!.size).toBeGreaterThan(10);
    for (const other of rest) for (const [version, text] of other) if (host!.has(version)) expect(text).toBe(host!.get(version));
    // Each change itself is one message for all: the same edits to everyone who got them (a joiner may get that view whole).
    const changes = new Map<string, string>();
    for (const { change } of clients.flatMap((c) => changesIn(c.received)).filter(({ change }) => change.from !== undefined)) {
      const text = JSON.stringify(change);
      expect(changes.get(change.tag) ?? text).toBe(text);
      changes.set(change.tag, text);
    }
    for (const p of t.players) {
      const parts = changesIn(p.client.received).flatMap(({ part }) => (part === undefined ? [] : [part]));
      expect(parts.length).toBeGreaterThan(2);
      expect(new Set(parts.map((part) => part.seat))).toEqual(new Set([p.seat]));
    }
    for (const c of [t.host, t.spectator!]) expect(changesIn(c.received).filter(({ part }) => part !== undefined)).toEqual([]);
  });

  it('reveals nothing of a pending carry before the roll', async () => {
    server = await startServer();
    // Two rooms with the same dice; only Ann's hidden carry differs.
    const rooms = [await startedTable(), await startedTable()];
    const carries = [[0, 1, 2], [3, 4, 5, 6]];
    const marks = rooms.map((t) => [...observers(t), ['Ann', t.players[0]!.client] as const].map(([, c]) => c.received.length));

    for (const [i, t] of rooms.entries()) {
      const ann = t.players[0]!;
      const bob = t.players[1]!;
      await settle(t, (await move(t, ann, { type: 'carry', dice: carries[i]! })).version);
      await settle(t, (await move(t, bob, { type: 'carry', dice: [6] })).version);
    }
    const seen = rooms.map((t, r) =>
      [...observers(t), ['Ann', t.players[0]!.client] as const].map(([, c], o) =>
        anonymous(freshSince(c.received, marks[r]![o]!), t.code),
      ),
    );
    const others = seen.map((s) => s.slice(0, 3));
    expect(others[0]!.flat().length).toBeGreaterThan(0);
    expect(others[0]).toEqual(others[1]);
    // The comparison does see a difference where there is one: on Ann's own phone.
    expect(seen[0]![3]).not.toEqual(seen[1]![3]);
  });

  it("hands a Powers 'n Points hint to its own seat alone, the same whatever the other seat picked in secret", async () => {
    server = await startServer();
    // Two rooms with the same dice; only Bob's hidden setup picks differ.
    const bobPicks = [
      ['7', '6/8', '5/9', '4/10', '3/11'].map((column) => ({ kind: 'points', column })),
      [1, 2, 3, 4, 5].map((row) => ({ kind: 'power', row, name: 'block' })),
    ];
    const rooms: Table[] = [];
    const hinted: unknown[] = [];
    for (const picks of bobPicks) {
      const t = await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true, testSeed: SEED });
      tables.push(t);
      rooms.push(t);
      const host = { code: t.code, token: t.hostToken };
      await t.host.must(ClientEvent.configure, { ...host, game: 'war-pnp' });
      await settle(t, (await t.host.must(ClientEvent.start, host)).version);
      const [ann, bob] = t.players as [Player, Player];
      await settle(t, (await send(t, bob, { type: 'develop', picks })).version);
      const reply = await ann.client.must(ClientEvent.askHint, { code: t.code, token: ann.token });
      expect(reply.step).toBe(ann.client.view.step);
      hinted.push(reply.hint);
      // Bob has sent his picks: the game no longer waits on him, so there is nothing to suggest.
      expect(await bob.client.must(ClientEvent.askHint, { code: t.code, token: bob.token })).toEqual({ step: reply.step, hint: null });
    }
    const hint = hinted[0] as { game: string; action: { type: string; picks: unknown[] }; perRoll: number };
    expect(hint).toMatchObject({ game: 'war-pnp', action: { type: 'develop' }, points: null });
    expect(hint.action.picks).toHaveLength(5);
    expect(hint.perRoll).toBeGreaterThan(0);
    expect(hinted[1]).toEqual(hint);

    for (const t of rooms) {
      const [ann, bob] = t.players as [Player, Player];
      // Pushed to nobody, not even to Ann: her hint came back only as the reply to her asking.
      for (const [who, client] of [...observers(t), ['Ann', ann.client] as const]) {
        const pushed = client.received.filter((m) => !m.event.startsWith('reply:') && JSON.stringify(m.payload).includes('"hint"'));
        expect(pushed, `${who} was sent a hint`).toEqual([]);
      }
      const annHint = JSON.stringify(hint.action);
      for (const [who, client] of observers(t)) {
        expect(client.received.some((m) => JSON.stringify(m.payload).includes(annHint)), `${who} saw Ann's hint`).toBe(false);
      }
      // The hint is a move the game takes.
      await settle(t, (await send(t, ann, hint.action)).version);
      expect((bob.client.view.play as { round: number }).round).toBe(1);
    }
  });

  it('never sends a seat token, the host token, the seed or the generator state to anyone else', async () => {
    server = await startServer();
    const t = await startedTable();
    const final = await playUntil(t);
    expect(final.status).toBe('finished');

    // Every state the generator went through, replayed from the seed and the stored log.
    const game = findGame('wfgts')!;
    const dice = generatorDice(fixedGenerator(Buffer.from(SEED, 'hex')));
    const states: GeneratorState[] = [dice.state()];
    let state: unknown = game.setup({ seats: 3, options: {}, dice });
    states.push(dice.state());
    for (const entry of (await server.store.journal(t.code)).filter((e) => e.kind === 'action')) {
      const result = applyAction(game, state, entry.seat ?? -1, entry.detail.action, { dice });
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
      states.push(dice.state());
    }
    const words = new Set(states.flatMap((s) => s.words.map(String)));
    const secrets = [...t.players.map((p) => p.token), t.hostToken, SEED];

    for (const [who, client] of observers(t)) {
      const own = t.players.find((p) => p.client === client);
      expect(client.received.length).toBeGreaterThan(50);
      for (const message of client.received) {
        const text = JSON.stringify(message);
        const ownJoin = message.event.startsWith('reply:');
        for (const secret of secrets) {
          const allowed = ownJoin && (secret === own?.token || (who === 'host' && secret === t.hostToken));
          if (!allowed) expect(text, `${who} got a secret`).not.toContain(secret);
        }
        expect(text).not.toMatch(/xoshiro|generator|seed/i);
        for (const n of text.match(/\d{6,}/g) ?? []) expect(words.has(n), `${who} got generator state`).toBe(false);
        // A pending carry only ever appears in a phone's own part, and only its own part ever reaches it.
        expect(JSON.stringify(message.payload), `${who} got a pending carry in a public message`).not.toContain('pendingCarry');
        const pending = pathsOf(message.part, 'pendingCarry');
        expect(pending).toEqual(pending.map(() => '.play.me.pendingCarry'));
        if (message.part !== undefined) {
          expect(own, `${who} got a seat's own part`).toBeDefined();
          const part = message.part as SeatPart & { play: { me?: { seat: number } } | null };
          expect(part.seat).toBe(own?.seat);
          expect(part.play?.me?.seat ?? own?.seat).toBe(own?.seat);
        }
      }
    }
  });
});

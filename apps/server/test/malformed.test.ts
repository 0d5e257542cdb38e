import fc from 'fast-check';
import {
  ClientEvent,
  CreateRoom,
  isErrorCode,
  JoinRoom,
  type ClientEventName,
  type Reply,
} from '@rollcall/protocol';
import { findGame } from '@rollcall/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { startWfgts } from './wfgts-driver.js';

// Generous limits: this test is about what happens to bad payloads, not about flood control.
const env = { ACTION_BURST: '1000000', ACTIONS_PER_SECOND: '1000000', JOIN_BURST: '1000000', JOINS_PER_MINUTE: '1000000' };

let server: TestServer;
let table: Table;
let prober: TestClient;

beforeAll(async () => {
  server = await startServer({ env });
  table = await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true });
  await startWfgts(table);
  prober = await TestClient.connect(server.url);
});

afterAll(async () => {
  prober.close();
  table.close();
  await server.close();
});

const wrongToken = 'not-a-token-of-this-room-000';
const wfgts = findGame('wfgts')!;

/** A payload the server accepts, for each event, made harmless (a wrong token, or a move the game refuses). */
function template(event: ClientEventName): Record<string, unknown> {
  const code = table.code;
  const creds = { code, token: wrongToken };
  switch (event) {
    case ClientEvent.createRoom:
      return { as: 'player', name: 12 };
    case ClientEvent.joinRoom:
      return { code, as: 'seat', seatToken: wrongToken };
    case ClientEvent.configure:
      return { ...creds, game: 'wfgts', options: {}, timer: 0 };
    case ClientEvent.setLock:
      return { ...creds, locked: true, spectatorsAllowed: false };
    case ClientEvent.start:
    case ClientEvent.addBot:
    case ClientEvent.takeLead:
    case ClientEvent.rematch:
    case ClientEvent.leave:
    case ClientEvent.resetNight:
      return creds;
    case ClientEvent.rename:
      return { ...creds, name: 'Zed' };
    case ClientEvent.handOver:
      return { ...creds, seat: 0 };
    case ClientEvent.admitScreen:
      return { ...creds, screen: 'ABCDEF' };
    case ClientEvent.removeSeat:
      return { ...creds, seat: 0 };
    case ClientEvent.contributeSeed:
      return { ...creds, clientSeed: '00'.repeat(16) };
    case ClientEvent.action:
      return { code, token: table.players[0]!.token, id: 'probe', version: 0, action: { type: 'carry', dice: [99] } };
    case ClientEvent.playDefault:
      return { ...creds, id: 'probe', version: 0, seat: 1 };
    case ClientEvent.endGame:
      return { ...creds, id: 'probe', then: { to: 'lobby' } };
    case ClientEvent.askHint:
      return creds;
    case ClientEvent.wholeView:
      // The prober is in no room: even a well-formed request is refused.
      return { code };
  }
}

/** Payloads that must be refused: anything at all, or a template with one field changed or dropped. */
function malformed(event: ClientEventName): fc.Arbitrary<unknown> {
  const base = template(event);
  const keys = Object.keys(base);
  return fc
    .oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record({ key: fc.constantFrom(...keys), value: fc.anything({ maxDepth: 2 }) }).map(({ key, value }) => ({
        ...base,
        [key]: value,
      })),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
    )
    .filter((payload) => !wouldSucceed(event, payload));
}

/** The few payloads a generator could stumble on that are legitimately accepted. */
function wouldSucceed(event: ClientEventName, payload: unknown): boolean {
  if (event === ClientEvent.createRoom) return CreateRoom.safeParse(payload).success;
  if (event === ClientEvent.joinRoom) {
    const p = JoinRoom.safeParse(payload);
    return p.success && (p.data.as === 'player' || p.data.as === 'spectator' || (p.data.as === 'host' && !p.data.hostToken));
  }
  if (event === ClientEvent.action) {
    const action = (payload as { action?: unknown } | null)?.action;
    return wfgts.action.safeParse(action).success;
  }
  return false;
}

function expectTypedError(reply: Reply<unknown>): void {
  expect(reply.ok).toBe(false);
  if (reply.ok) return;
  expect(reply.error.code).not.toBe('room/internal');
  // A code the app knows, and no sentence: each screen words it in its own language.
  expect(isErrorCode(reply.error.code)).toBe(true);
  expect(reply.error).not.toHaveProperty('message');
}

describe('malformed payloads', () => {
  it.each(Object.values(ClientEvent))('on %s get a typed error and change nothing', async (event) => {
    const before = await server.store.load(table.code);
    await fc.assert(
      fc.asyncProperty(malformed(event), async (payload) => {
        expectTypedError(await prober.request(event, payload));
      }),
      { numRuns: 60 },
    );
    expect(await server.store.load(table.code)).toEqual(before);
  });

  it('with no acknowledgement asked for, or odd argument lists, do no harm', async () => {
    const before = await server.store.load(table.code);
    for (const event of Object.values(ClientEvent)) {
      prober.socket.emit(event);
      prober.socket.emit(event, null, 'extra', 3);
      prober.socket.emit(event, template(event));
      expectTypedError(await prober.request(event, undefined));
    }
    prober.socket.emit('no-such-event', { code: table.code });
    expectTypedError((await prober.socket.timeout(5000).emitWithAck(ClientEvent.start, 'a', 'b')) as Reply<unknown>);
    expect(await server.store.load(table.code)).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(prober.socket.connected).toBe(true);
  });
});

import { ClientEvent } from '@rollcall/protocol';
import { ruleErrors } from '@rollcall/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient, type TestServer } from './harness.js';
import { playUntil, startWfgts } from './wfgts-driver.js';

/** Every string in a value, however deep. */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, found);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) stringsIn(v, found);
  return found;
}

// The rules keep English sentences for developers' errors; the room's wording lives only in the web app's messages.
const sentences = new Set<string>(Object.values(ruleErrors));

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('what the server sends', () => {
  it('is codes and parameters, never a sentence: each screen words things in its own language', async () => {
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true }));
    const [ann, bob] = t.players as [(typeof t.players)[number], (typeof t.players)[number]];
    const stranger = closeAfterTest(await TestClient.connect(server.url));
    // Refusals of the room and of the game's rules, on the way to a whole game.
    const refused = [
      await stranger.request(ClientEvent.joinRoom, { code: 'ZZZZ', as: 'player', name: 'Cy' }),
      await stranger.request(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Ann' }),
      await bob.client.request(ClientEvent.start, { code: t.code, token: bob.token }),
      await stranger.request(ClientEvent.configure, { nonsense: true }),
    ];
    await startWfgts(t);
    refused.push(await ann.client.request(ClientEvent.action, { code: t.code, token: ann.token, id: 'bad-move', action: { type: 'score', choice: 'best' } }));
    expect(refused.map((r) => (r.ok ? 'accepted' : r.error.code))).toEqual([
      'room/not-found',
      'room/seat-in-use',
      'room/not-lead',
      'room/bad-request',
      expect.stringMatching(/^rule\//),
    ]);
    await playUntil(t);

    const clients = [t.host, ann.client, bob.client, t.spectator!, stranger];
    const said = clients.flatMap((c) => stringsIn(c.received.map((r) => r.payload)));
    expect(said.length).toBeGreaterThan(100);
    expect(said.filter((s) => sentences.has(s))).toEqual([]);
    // Nor any other sentence: no string the server sent ends like one.
    expect(said.filter((s) => / \S+[.!?]$/.test(s))).toEqual([]);
  });
});

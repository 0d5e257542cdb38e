/**
 * Every game, played to the end on real sockets by a table of bots, leaves a
 * record anyone can fetch and check without the server.
 */
import { ClientEvent } from '@rollcall/protocol';
import { verifyRecord, type GameRecord } from '@rollcall/protocol/game-record';
import { games } from '@rollcall/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterTest, startServer, TestClient, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('a finished game of every kind', () => {
  it.each(Object.values(games).map((g) => [g.id, g.players.min] as const))(
    '%s: its record is fetched once it ends and verifies move by move',
    async (gameId, seats) => {
      const tv = closeAfterTest(await TestClient.connect(server.url));
      const { code, hostToken } = await tv.must(ClientEvent.createRoom, { as: 'host' });
      const token = hostToken!;
      await tv.must(ClientEvent.configure, { code, token, game: gameId });
      for (let i = 0; i < Math.max(2, seats); i++) await tv.must(ClientEvent.addBot, { code, token });
      await tv.must(ClientEvent.start, { code, token });
      const final = await tv.waitForView((v) => v.status === 'finished', 60_000);

      const id = final.dice?.record ?? '';
      expect(id).toMatch(new RegExp(`^${code}-[0-9a-f]{16}$`));
      const answer = await fetch(`${server.url}/api/games/${id}/record`);
      expect(answer.status).toBe(200);
      const record = (await answer.json()) as GameRecord;
      expect(record.game.id).toBe(gameId);
      expect(record.outcome).toEqual(final.outcome);
      expect(record.moves.length).toBeGreaterThan(0);
      expect(record.moves.every((m) => m.by === 'bot')).toBe(true);
      expect(verifyRecord(record)).toMatchObject({ ok: true, finished: true, moves: record.moves.length });
      // One changed roll anywhere is caught.
      const rolled = record.moves.findIndex((m) => m.rolls.length > 0);
      const tampered = structuredClone(record);
      const move = tampered.moves[rolled]!;
      move.rolls[0] = (move.rolls[0]! % 6) + 1;
      expect(verifyRecord(tampered).ok).toBe(false);
    },
    90_000,
  );
});

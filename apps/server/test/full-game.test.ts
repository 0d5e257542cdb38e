import { ClientEvent } from '@rollcall/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openTable, startServer, type Table, type TestServer } from './harness.js';
import { latest, playUntil, replayedOutcome, settle } from './wfgts-driver.js';

const SEED = '0783710fadcb1f5df4ff6c5e600afee0';

let server: TestServer | undefined;
let table: Table | undefined;
afterEach(async () => {
  table?.close();
  await server?.close();
});

describe('a whole wfgts game over real sockets', () => {
  it('plays six rounds with three phones, a host screen and a spectator', async () => {
    server = await startServer();
    table = await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true, testSeed: SEED });
    const [ann] = table.players;
    if (ann === undefined) throw new Error('no lead');
    // The lead's phone runs the room here; the host screen could do the same.
    await ann.client.must(ClientEvent.configure, { code: table.code, token: ann.token, game: 'wfgts' });
    const started = await ann.client.must(ClientEvent.start, { code: table.code, token: ann.token });
    await settle(table, started.version);

    const final = await playUntil(table);

    expect(final.status).toBe('finished');
    expect(final.outcome?.standings.map((s) => s.seat).sort()).toEqual([0, 1, 2]);
    expect(final.outcome?.winners.length).toBeGreaterThan(0);
    expect(final.viewer).toEqual({ role: 'host', controls: true });
    expect(final.play?.kind).toBe('public');
    expect(latest(table.spectator!).play).toEqual(final.play);
    for (const player of table.players) {
      const mine = await player.client.waitForView((v) => v.version === final.version);
      const play = mine.play as typeof final.play;
      if (play?.kind !== 'seat') throw new Error('a phone got no sheet');
      expect(play.me.rounds.every((r) => r.score !== null)).toBe(true);
      expect(play.me.total).toBe(play.seats[player.seat]?.total);
      expect(final.outcome?.standings.find((s) => s.seat === player.seat)?.score).toBe(play.me.total);
    }

    // The stored log replays to the same result from the seed: nothing was lost or added.
    const log = await server.store.journal(table.code);
    expect(log.filter((e) => e.kind === 'action')).toHaveLength(6 * 3 * 3);
    expect(replayedOutcome(log, SEED, 3)).toEqual(final.outcome);
    expect((await server.store.load(table.code))?.status).toBe('finished');
  });
});

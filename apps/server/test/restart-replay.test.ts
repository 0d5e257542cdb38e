import { join } from 'node:path';
import { ClientEvent } from '@rollcall/protocol';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';
import { SQLITE_FILE } from '../src/store/sqlite-adapter.js';
import { closeAfterTest, dataDirForTest, openTable, startServer, TestClient } from './harness.js';
import { settle } from './wfgts-driver.js';

let dataDir: string | undefined;

/** How the file holds the room: its version, its snapshot's, and who made the moves journalled after that snapshot. */
function onDisk(code: string): { version: number; snapshot: number; movesBy: unknown[] } {
  const db = new Database(join(dataDir!, SQLITE_FILE), { readonly: true });
  try {
    const { version, snapshot } = db
      .prepare<[string], { version: number; snapshot: number }>(
        `SELECT rooms.version, room_snapshots.version AS snapshot FROM rooms JOIN room_snapshots USING (code) WHERE code = ?`,
      )
      .get(code)!;
    const details = db
      .prepare<[string, number], { detail: string }>('SELECT detail FROM room_journal WHERE code = ? AND version > ?')
      .all(code, snapshot);
    return { version, snapshot, movesBy: details.map((d) => (JSON.parse(d.detail) as { by: unknown }).by) };
  } finally {
    db.close();
  }
}

describe('a server started on a file between snapshots', () => {
  it('rebuilds the room from its moves and turn-timer defaults: same record, same answer to a retry, same timer', async () => {
    const clock = new ManualClock();
    dataDir = dataDirForTest();
    let server = closeAfterTest(await startServer({ clock, dataDir }));
    const t = closeAfterTest(
      await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'], testSeed: 'c6dd06d5ccc42d4c5d41ad0693e98bf6' }),
    );
    const { code } = t;
    await t.host.must(ClientEvent.configure, { code, token: t.hostToken, game: 'wfgts', timer: 30 });
    await settle(t, (await t.host.must(ClientEvent.start, { code, token: t.hostToken })).version);

    const [ann, bob] = t.players;
    await ann!.client.must(ClientEvent.action, { code, token: ann!.token, id: 'a1', action: { type: 'carry', dice: [0] } });
    clock.advance(30_000);
    // The timer played Bob's and Cy's carries, which rolled line b.
    await t.host.waitForView((v) => (v.play as { line?: string } | null)?.line === 'b');
    const bobMove = { code, token: bob!.token, id: 'b2', action: { type: 'carry', dice: [1, 2] } };
    const answer = await bob!.client.must(ClientEvent.action, bobMove);
    const live = await server.store.load(code);
    const stored = onDisk(code);
    expect(stored.version).toBe(answer.version);
    expect(stored.snapshot).toBeLessThan(stored.version);
    expect(stored.movesBy).toEqual(['seat', 'timer', 'timer', 'seat']);

    // A stop snapshots rooms, so the file is read while the first server still runs: as a server started after a crash finds it.
    const first = server;
    const later = new ManualClock(clock.now());
    server = closeAfterTest(await startServer({ clock: later, dataDir }));
    expect(await server.store.load(code)).toEqual(live);
    t.close();
    await first.close();

    const bobAgain = closeAfterTest(await TestClient.connect(server.url));
    const tv = closeAfterTest(await TestClient.connect(server.url));
    await bobAgain.must(ClientEvent.joinRoom, { code, as: 'seat', seatToken: bob!.token });
    await tv.must(ClientEvent.joinRoom, { code, as: 'host' });
    expect(await bobAgain.request(ClientEvent.action, bobMove)).toEqual({ ok: true, value: answer });
    // The deadline set when line b was rolled still holds: Ann's and Cy's carries come from the timer.
    later.advance(30_000);
    const lineC = await tv.waitForView((v) => (v.play as { line?: string } | null)?.line === 'c');
    // Ann's and Cy's phones never came back: the room notes them away, and the timer plays their carries.
    const after = (await server.store.journal(code)).filter((e) => e.version > answer.version && e.version <= lineC.version);
    expect(after.filter((e) => e.kind === 'action').map((e) => [e.seat, e.detail.by])).toEqual([
      [0, 'timer'],
      [2, 'timer'],
    ]);
    expect(after.every((e) => e.kind === 'action' || e.kind === 'presence')).toBe(true);
  });
});

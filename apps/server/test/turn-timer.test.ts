import { ClientEvent } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';
import { closeAfterTest, dataDirForTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { latest, move, settle } from './wfgts-driver.js';

// The running test's server and its data, which a test that restarts the server reuses.
let server: TestServer | undefined;
let dataDir: string | undefined;

async function timedTable(clock: ManualClock): Promise<Table> {
  dataDir = dataDirForTest();
  server = closeAfterTest(await startServer({ clock, dataDir }));
  const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'] }));
  await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts', timer: 30 });
  const { version } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
  await settle(t, version);
  return t;
}

describe('the turn timer', () => {
  it('shows its deadline, then plays the default for every seat still awaited', async () => {
    const clock = new ManualClock();
    const t = await timedTable(clock);
    const start = clock.now();
    expect(latest(t.host).timer).toEqual({ seconds: 30, deadline: start + 30_000 });

    clock.advance(10_000);
    const annMove = await move(t, t.players[0]!, { type: 'carry', dice: [0, 1] });
    await settle(t, annMove.version);
    // Someone else's move does not give the others more time.
    expect(latest(t.host).timer.deadline).toBe(start + 30_000);

    clock.advance(19_999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await server!.store.load(t.code))?.version).toBe(annMove.version);
    clock.advance(1);
    const rolled = await t.host.waitForView((v) => v.play !== null && (v.play as { line: string }).line === 'b');
    expect(rolled.awaiting).toEqual([0, 1, 2]);
    expect(rolled.timer.deadline).toBe(start + 60_000);
    const log = await server!.store.journal(t.code);
    expect(log.slice(-2).map((e) => [e.seat, e.detail.by, e.detail.action])).toEqual([
      [1, 'timer', { type: 'carry', dice: [] }],
      [2, 'timer', { type: 'carry', dice: [] }],
    ]);
    const ann = await t.players[0]!.client.waitForView((v) => v.version === rolled.version);
    expect((ann.play as { me: { rounds: { carries: number[][] }[] } }).me.rounds[0]?.carries).toEqual([[0, 1]]);
  });

  it('is set again from the store after a restart', async () => {
    const clock = new ManualClock();
    const t = await timedTable(clock);
    const { code } = t;
    const deadline = latest(t.host).timer.deadline!;
    t.close();
    await server!.close();

    // A new process on the same data, some time later.
    const later = new ManualClock(deadline - 5_000);
    server = closeAfterTest(await startServer({ clock: later, dataDir }));
    // The room's turn timer, set again from the store, and the retention sweep's.
    expect(later.waiting).toBe(2);
    const tv = closeAfterTest(await TestClient.connect(server.url));
    await tv.must(ClientEvent.joinRoom, { code, as: 'host' });
    const before = await tv.waitForView(() => true);
    later.advance(5_000);
    const after = await tv.waitForView((v) => v.version > before.version && (v.play as { line: string }).line === 'b');
    expect(after.timer.deadline).toBe(deadline + 30_000);
  });
});

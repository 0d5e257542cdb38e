import { ClientEvent } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { latest, startWfgts } from './wfgts-driver.js';

let server: TestServer | undefined;
let table: Table | undefined;

async function startedTable(env: Record<string, string> = {}): Promise<Table> {
  server = closeAfterTest(await startServer({ env }));
  table = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'] }));
  await startWfgts(table);
  return table;
}

async function client(): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(server!.url));
}

describe('retries and versions', () => {
  it('applies a repeated action id once and answers it with the first result', async () => {
    const t = await startedTable();
    const ann = t.players[0]!;
    const envelope = { code: t.code, token: ann.token, id: 'same-id', action: { type: 'carry', dice: [2] } };
    const first = await ann.client.must(ClientEvent.action, envelope);
    const again = await ann.client.must(ClientEvent.action, { ...envelope, action: { type: 'carry', dice: [5] } });
    expect(again).toEqual(first);
    const room = await server!.store.load(t.code);
    expect(room?.version).toBe(first.version);
    expect((await server!.store.journal(t.code)).filter((e) => e.kind === 'action')).toHaveLength(1);
    const view = await ann.client.waitForView((v) => v.version === first.version);
    expect((view.play as { me: { pendingCarry: number[] } }).me.pendingCarry).toEqual([2]);
  });

  it('accepts moves made at the same time on the same step, and refuses one based on an earlier step', async () => {
    const t = await startedTable();
    const [ann, bob, cy] = t.players as [(typeof t.players)[0], (typeof t.players)[0], (typeof t.players)[0]];
    const seen = latest(ann.client).version;
    const carry = (p: typeof ann, id: string, version: number) =>
      p.client.request(ClientEvent.action, { code: t.code, token: p.token, id, version, action: { type: 'carry', dice: [] } });
    // Ann and Bob both move from the view they had: neither is stale.
    expect((await carry(ann, 'a1', seen)).ok).toBe(true);
    expect((await carry(bob, 'b1', seen)).ok).toBe(true);
    // Cy's move rolls the dice: a new step.
    const rolled = await carry(cy, 'c1', seen);
    expect(rolled.ok).toBe(true);
    // A move still based on the version before the roll is refused.
    expect(await carry(ann, 'a2', seen)).toMatchObject({ ok: false, error: { code: 'room/stale-version' } });
    expect(await carry(ann, 'a3', 10_000)).toMatchObject({ ok: false, error: { code: 'room/stale-version' } });
    if (!rolled.ok) return;
    expect((await carry(ann, 'a4', rolled.value.version)).ok).toBe(true);
  });
});

describe('limits', () => {
  it('slows down a flood of join attempts from one connection', async () => {
    await startedTable({ JOIN_BURST: '5', JOINS_PER_MINUTE: '6' });
    const guesser = await client();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        guesser.request(ClientEvent.joinRoom, { code: `ZZ${'ABCDEFGHJK'[i % 10]}Q`, as: 'spectator' }),
      ),
    );
    const codes = replies.map((r) => (r.ok ? 'ok' : r.error.code));
    expect(codes.slice(0, 5).every((c) => c === 'room/not-found')).toBe(true);
    expect(codes.slice(5).every((c) => c === 'room/rate-limited')).toBe(true);
    // Another connection is not slowed down by it.
    const other = await client();
    expect(await other.request(ClientEvent.joinRoom, { code: table!.code, as: 'spectator' })).toMatchObject({ ok: true });
  });

  it('slows down a flood of moves from one connection', async () => {
    const t = await startedTable({ ACTION_BURST: '10', ACTIONS_PER_SECOND: '0.1' });
    const ann = t.players[0]!;
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        ann.client.request(ClientEvent.action, {
          code: t.code,
          token: ann.token,
          id: `m${i}`,
          action: { type: 'carry', dice: [] },
        }),
      ),
    );
    const limited = replies.filter((r) => !r.ok && r.error.code === 'room/rate-limited').length;
    expect(limited).toBe(15);
    expect(replies.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an oversized payload with a typed error and cuts off a huge one, staying up', async () => {
    const t = await startedTable({ MAX_PAYLOAD_BYTES: '2048' });
    const ann = t.players[0]!;
    const big = { code: t.code, token: ann.token, id: 'big', action: { type: 'carry', dice: [], pad: 'x'.repeat(3000) } };
    expect(await ann.client.request(ClientEvent.action, big)).toMatchObject({ ok: false, error: { code: 'room/too-large' } });

    const vandal = await client();
    const closed = new Promise<string>((resolve) => vandal.socket.once('disconnect', resolve));
    vandal.socket.emit(ClientEvent.joinRoom, { code: t.code, as: 'spectator', pad: 'x'.repeat(20_000) });
    expect(await closed).toBe('transport close');

    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
    expect(await ann.client.request(ClientEvent.action, { ...big, action: { type: 'carry', dice: [] } })).toMatchObject({
      ok: true,
    });
  });
});

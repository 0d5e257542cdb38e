import { ClientEvent, type RoomChange } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { changesIn, closeAfterTest, openTable, startServer, TestClient, type Table } from './harness.js';
import { move, settle, startWfgts } from './wfgts-driver.js';

async function startedTable(): Promise<{ t: Table; url: string }> {
  const server = closeAfterTest(await startServer());
  const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob', 'Cy'], spectator: true }));
  await startWfgts(t);
  return { t, url: server.url };
}

/** Everyone at the table, each with the screen's name. */
const everyone = (t: Table): [string, TestClient][] => [
  ['host', t.host],
  ['spectator', t.spectator!],
  ...t.players.map((p, i): [string, TestClient] => [`phone ${i}`, p.client]),
];

describe('views sent as changes, seen from the sockets', () => {
  it('send each screen one message per change: the edits, and the mover’s new part in the same message', async () => {
    const { t } = await startedTable();
    const marks = everyone(t).map(([, c]) => c.received.length);
    const { version } = await move(t, t.players[0]!, { type: 'carry', dice: [] });
    await settle(t, version);
    for (const [i, [who, client]] of everyone(t).entries()) {
      const mine = changesIn(client.received.slice(marks[i])).filter(({ change }) => change.version === version);
      expect(mine, who).toHaveLength(1);
      expect(mine[0]!.change.from, `${who} got the change, not the whole view`).toBeDefined();
      expect(mine[0]!.part !== undefined, who).toBe(who === 'phone 0');
    }
    const changes = everyone(t).map(([, c]) => c.received.find((r) => (r.payload as RoomChange | null)?.version === version)?.payload);
    expect(new Set(changes.map((c) => JSON.stringify(c))).size).toBe(1);
  });

  it('let a screen that lost a change ask for the whole view, then follow on from it', async () => {
    const { t } = await startedTable();
    const watcher = t.spectator!;
    watcher.loseChanges(1);
    const mark = watcher.received.length;
    await settle(t, (await move(t, t.players[0]!, { type: 'carry', dice: [] })).version);
    const { version } = await move(t, t.players[1]!, { type: 'carry', dice: [] });
    await settle(t, version);
    const after = changesIn(watcher.received.slice(mark));
    // The next change did not follow on from what it held: it asked, and the whole view came.
    expect(after.some(({ change }) => change.view !== undefined)).toBe(true);
    const last = await move(t, t.players[2]!, { type: 'carry', dice: [] });
    await settle(t, last.version);
    const { viewer: _host, ...hostView } = t.host.view;
    const { viewer, ...watched } = watcher.view;
    expect(viewer).toEqual({ role: 'spectator' });
    expect(watched).toEqual(hostView);
    expect(changesIn(watcher.received).at(-1)?.change.from).toBeDefined();
  });

  it('send a phone that joins the whole view, never a change it could not follow', async () => {
    const server = closeAfterTest(await startServer());
    const t = closeAfterTest(await openTable(server.url, { players: ['Ann', 'Bob'], spectator: true }));
    const dee = closeAfterTest(await TestClient.connect(server.url));
    await dee.must(ClientEvent.joinRoom, { code: t.code, as: 'player', name: 'Dee' });
    await startWfgts(t);
    await dee.waitForView((v) => v.status === 'playing');
    const changes = changesIn(dee.received).map(({ change }) => change);
    expect(changes[0]?.view).toBeDefined();
    // Every change after its first view follows on from the one before: it never had to ask.
    for (const [i, change] of changes.entries()) if (i > 0 && change.from !== undefined) expect(change.from).toBe(changes[i - 1]!.tag);
  });

  it('refuse the whole view to a screen that is not in the room', async () => {
    const { t, url } = await startedTable();
    const stranger = closeAfterTest(await TestClient.connect(url));
    const reply = await stranger.request(ClientEvent.wholeView, { code: t.code });
    expect(reply).toMatchObject({ ok: false, error: { code: 'room/not-in-room' } });
    expect(changesIn(stranger.received)).toEqual([]);
  });
});

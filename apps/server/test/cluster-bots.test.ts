import { ClientEvent, type RoomView } from '@rollcall/protocol';
import type { meetFate } from '@rollcall/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, storedLog, type TestCluster } from './cluster.js';
import { closeAfterTest, TestClient, type Player } from './harness.js';

const play = (view: RoomView) => view.play as meetFate.MeetFateView;
// Generous: two server processes on a shared machine, and the first Meet Fate bot move decodes the bot's table.
const WAIT_MS = 60_000;

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster.close();
});

describe('bots on two server nodes sharing rooms through Redis', () => {
  it('make each move once, whichever node committed the move before, and log it once', async () => {
    const [first, second] = cluster.urls;
    const annClient = closeAfterTest(await TestClient.connect(first!));
    const created = await annClient.must(ClientEvent.createRoom, { as: 'player', name: 'Ann' });
    const code = created.code;
    const ann: Player = { client: annClient, seat: 0, token: created.seatToken! };
    const creds = { code, token: ann.token };
    await annClient.must(ClientEvent.configure, { ...creds, game: 'meet-fate' });
    await annClient.must(ClientEvent.addBot, creds);
    const bobClient = closeAfterTest(await TestClient.connect(second!));
    const bobSeat = await bobClient.must(ClientEvent.joinRoom, { code, as: 'player', name: 'Bob' });
    const bob: Player = { client: bobClient, seat: 2, token: bobSeat.seatToken! };
    await annClient.must(ClientEvent.addBot, creds);
    await annClient.must(ClientEvent.start, creds);

    // Ann's moves are committed on the first node and Bob's on the second, each followed by a bot's turn: both nodes make bot moves.
    let view = await annClient.waitForView((v) => v.status === 'playing', WAIT_MS);
    while (view.status === 'playing') {
      const { active, rolls, best } = play(view);
      const human = [ann, bob].find((p) => p.seat === active);
      if (human !== undefined) {
        const action = rolls === 0 ? { type: 'roll', hold: [] } : { type: 'fill', box: best[0] };
        await human.client.must(ClientEvent.action, { code, token: human.token, id: `m${view.version}`, version: view.version, action });
      }
      const seen = view.version;
      view = await annClient.waitForView((v) => v.version > seen, WAIT_MS);
    }

    const log = await storedLog(cluster, code);
    const botMoves = log.filter((e) => e.kind === 'action' && (e.seat === 1 || e.seat === 3));
    expect(new Set(log.map((e) => e.version)).size).toBe(log.length);
    expect(botMoves.every((e) => e.detail.by === 'bot')).toBe(true);
    for (const seat of [1, 3]) {
      const filled = Object.values(play(view).sheets[seat]!.boxes).filter((b) => b !== null).length;
      const fills = botMoves.filter((e) => e.seat === seat && (e.detail.action as { type: string }).type === 'fill');
      expect(fills).toHaveLength(filled);
    }
    // One line in the servers' logs for each stored bot move, from one node or the other. A node's
    // output comes through a pipe, which may deliver the last lines after the last view arrived.
    const lines = () => cluster.nodes.map((n) => n.output.filter((line) => line.includes('a bot moved') && line.includes(code)).length);
    await expect.poll(() => lines()[0]! + lines()[1]!, { timeout: 10_000 }).toBe(botMoves.length);
    expect(lines().every((n) => n > 0)).toBe(true);
  });
});

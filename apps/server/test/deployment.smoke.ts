/**
 * A wfgts game through a deployed topology, as deploy/smoke.sh runs it: three
 * phones, a TV and a spectator through the load balancer at
 * ROLLCALL_SMOKE_URL, and a second spectator on the other node, at the address
 * ROLLCALL_SMOKE_OTHER_NODE prints. Mid-game it runs ROLLCALL_SMOKE_KILL_NODE (which kills
 * the node serving room $ROOM) and later ROLLCALL_SMOKE_RESTART_REDIS (Redis
 * restarted, or on a Redis Cluster the room's master failed over); at the
 * end every move a phone was told was accepted must be in the room's log as
 * Redis holds it, printed one entry a line by ROLLCALL_SMOKE_ROOM_LOG. What it
 * measured goes to ROLLCALL_SMOKE_FIGURES.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ClientEvent, type ActionResult } from '@rollcall/protocol';
import { expect, it } from 'vitest';
import type { JournalEntry } from '../src/store/room-repository.js';
import { closeAfterTest, openTable, TestClient, type Player, type Table } from './harness.js';
import { playUntil, settle, type WfgtsRoomView } from './wfgts-driver.js';

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set (run deploy/smoke.sh)`);
  return value;
}

const url = setting('ROLLCALL_SMOKE_URL');
const figures: Record<string, number> = {};
const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/**
 * How long each phone waits after its own move before its next one, as a
 * quick player would. The deployment refuses a seat's fourth move within a
 * second (`room/too-many-changes`, SEAT_CHANGES_PER_SECOND=3), and a driver
 * moving as fast as the answers come makes a seat's moves closer than that.
 */
const SEAT_PAUSE_MS = 500;
const lastMoveOf = new Map<number, number>();

/** Wait until `player`'s seat last moved `SEAT_PAUSE_MS` ago, then count its move as made now. */
async function pace(player: Player): Promise<void> {
  const wait = (lastMoveOf.get(player.seat) ?? Number.NEGATIVE_INFINITY) + SEAT_PAUSE_MS - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastMoveOf.set(player.seat, performance.now());
}

/**
 * Run one of the script's shell commands, with the room's code in $ROOM; resolves with what it printed.
 * Not synchronously: the clients must keep answering the server's heartbeat meanwhile, as phones would,
 * or a disruption that lasts longer than a heartbeat (a Redis Cluster's failover) drops them all.
 */
async function run(command: string, room: string): Promise<string> {
  const child = spawn('bash', ['-c', command], { env: { ...process.env, ROOM: room }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${command} failed (${String(code)})`);
  return printed;
}

/** Try `attempt` until it works or `ms` pass: the balancer and the nodes notice a loss in their own time. */
async function retry<T>(attempt: () => Promise<T>, ms = 60_000): Promise<T> {
  const until = performance.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (performance.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The same screen on a new connection through the balancer, back in its room. */
async function rejoin(join: Record<string, unknown>): Promise<TestClient> {
  return retry(async () => {
    const client = await TestClient.connect(url);
    const reply = await client.request(ClientEvent.joinRoom, join);
    if (reply.ok) return client;
    client.close();
    throw new Error(`could not rejoin: ${reply.error.code}`);
  });
}

/** Every screen of the table on a new connection (its node is gone), each closed once the test is over. */
async function rejoinAll(t: Table, phones: TestClient[]): Promise<void> {
  for (const gone of [t.host, t.spectator, ...t.players.map((p) => p.client)]) gone?.close();
  t.host = closeAfterTest(await rejoin({ code: t.code, as: 'host', hostToken: t.hostToken }));
  t.spectator = closeAfterTest(await rejoin({ code: t.code, as: 'spectator' }));
  for (const player of t.players) {
    player.client = closeAfterTest(await rejoin({ code: t.code, as: 'seat', seatToken: player.token }));
    phones.push(player.client);
  }
}

/** Play to line b of `round`, where Ann carries two dice; resolves once every screen has seen her move. */
async function annCarries(t: Table, round: number): Promise<{ sent: Record<string, unknown>; accepted: ActionResult; round: number }> {
  const ann = t.players[0]!;
  const view = await playUntil(t, (v) => v.play?.round === round && v.play.line === 'b', undefined, pace);
  const sent = { code: t.code, token: ann.token, id: `ann-${view.version}`, version: view.version, action: { type: 'carry', dice: [0, 2] } };
  await pace(ann);
  const accepted = await ann.client.must(ClientEvent.action, sent);
  await settle(t, accepted.version);
  return { sent, accepted, round };
}

/**
 * Nothing was lost: Ann's carry is on her sheet, still on the line she made it on, and sending it again
 * is answered, not applied again. The room's version may have moved on meanwhile, but by presence alone:
 * a phone not yet back when the others counted the lost node gone is marked away, then back.
 */
async function expectKept(t: Table, { sent, accepted, round }: Awaited<ReturnType<typeof annCarries>>): Promise<void> {
  const ann = t.players[0]!.client;
  const back = (await ann.waitForView((v) => v.version >= accepted.version, 30_000)) as WfgtsRoomView;
  if (back.play?.kind !== 'seat') throw new Error('Ann has no sheet');
  expect([back.play.round, back.play.line]).toEqual([round, 'b']);
  expect(back.play.me.pendingCarry).toEqual([0, 2]);
  expect(await ann.request(ClientEvent.action, sent, 15_000)).toEqual({ ok: true, value: accepted });
}

it('a wfgts table plays to the end through the balancer while its node is killed and Redis restarts', async () => {
  const began = performance.now();
  const t = closeAfterTest(await openTable(url, { players: ['Ann', 'Bob', 'Cy'], spectator: true }));
  await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
  await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
  const phones = t.players.map((p) => p.client);
  // A spectator on the other node, past the balancer: until the kill, every view it gets crossed Redis.
  const elsewhere = closeAfterTest(await TestClient.connect((await run(setting('ROLLCALL_SMOKE_OTHER_NODE'), t.code)).trim()));
  await elsewhere.must(ClientEvent.joinRoom, { code: t.code, as: 'spectator' });

  // Round 2: the node holding every screen (one client address, so one node by its hash) is killed.
  const beforeKill = await annCarries(t, 2);
  await elsewhere.waitForView((v) => v.version >= beforeKill.accepted.version);
  const killed = performance.now();
  await run(setting('ROLLCALL_SMOKE_KILL_NODE'), t.code);
  await rejoinAll(t, phones);
  figures.failoverSeconds = seconds(killed);
  await expectKept(t, beforeKill);

  // Round 4: Redis is killed and started again (on a Redis Cluster, the room's master is killed and its
  // replica takes over); a screen joining afterwards finds the move accepted before.
  const beforeRedis = await annCarries(t, 4);
  const restarted = performance.now();
  await run(setting('ROLLCALL_SMOKE_RESTART_REDIS'), t.code);
  const watcher = closeAfterTest(await rejoin({ code: t.code, as: 'spectator' }));
  await watcher.waitForView((v) => v.version >= beforeRedis.accepted.version);
  figures.redisRestartSeconds = seconds(restarted);
  await expectKept(t, beforeRedis);

  const final = await playUntil(t, undefined, undefined, pace);
  figures.gameSeconds = seconds(began);
  expect(final.status).toBe('finished');
  for (const screen of [t.spectator, watcher, elsewhere, ...t.players.map((p) => p.client)]) {
    const seen = await screen!.waitForView((v) => v.version === final.version);
    expect(seen.outcome).toEqual(final.outcome);
  }

  // Every accepted move is in the Redis log, at the version its phone was told.
  const answers = phones.flatMap(acceptedBy);
  const log = (await run(setting('ROLLCALL_SMOKE_ROOM_LOG'), t.code))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JournalEntry);
  const actions = log.filter((e) => e.kind === 'action');
  expect(actions).toHaveLength(6 * 3 * 3);
  const logged = new Set(actions.map((e) => e.version));
  expect(answers.filter((a) => !logged.has(a.version))).toEqual([]);
  figures.acceptedMoves = new Set(answers.map((a) => a.version)).size;
  figures.loggedMoves = actions.length;
  expect(figures.acceptedMoves).toBe(actions.length);
  const out = process.env.ROLLCALL_SMOKE_FIGURES;
  if (out !== undefined) writeFileSync(out, JSON.stringify(figures));
});

/** The answers to moves a client was told were accepted. */
function acceptedBy(client: TestClient): ActionResult[] {
  return client.received.flatMap((r) => {
    const reply = r.payload as { ok?: boolean; value?: ActionResult };
    return r.event === `reply:${ClientEvent.action}` && reply.ok === true && reply.value !== undefined ? [reply.value] : [];
  });
}


/**
 * The server sends codes and parameters, never words: each screen says
 * things in its own language. Every game is played from phones, a TV and a
 * spectator, through refusals, a rename, a game ended early, the end screen
 * and a rematch, and every message each socket receives and every `/api`
 * answer is searched for a string a person would read.
 */
import { randomUUID } from 'node:crypto';
import { ClientEvent, roomErrors, SERVER_INFO_PATH, ServerEvent, type ClientEventName, type RoomView, type ScreenAdmitted } from '@rollcall/protocol';
import { games, ruleErrors } from '@rollcall/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterTest, startServer, takeOverSeat, TestClient, type Player, type TestServer } from './harness.js';
import { isWordless, wordingsIn } from './wire-words.js';

/** The names the phones choose: one with a space, and one a phone renames itself to. */
const NAMES = { ann: 'Ann Marie', bob: 'Bob', renamed: 'Bobby Tables' };
/** Bots are seated by the server as "Bot" and a short name or a number. */
const BOT_NAME = /^Bot (?:[A-Z][a-z]+|\d+)$/;
/** The titles and designers of the catalogue: published names, never translated. */
const published = new Set(Object.values(games).flatMap((g) => [g.name, g.designer]));
const isName = (text: string) => Object.values(NAMES).includes(text) || BOT_NAME.test(text) || published.has(text);

/** Every sentence the app has for a refusal, none of which may travel. */
const refusalSentences = new Set<string>([...Object.values(roomErrors), ...Object.values(ruleErrors)]);

/** Options each game with options of its own refuses. */
const BAD_OPTIONS: Record<string, Record<string, unknown>> = {
  'meet-fate': { firstSeat: -1 },
  'pairs-and-wagers': { goal: 10, betToMid: true },
  'war-pnp': { hardDecisions: 'yes' },
};

// Generous: on a shared machine a game's first bot or hint loads its tables, which can take seconds.
const WAIT_MS = 30_000;

describe('the wording check', () => {
  it('passes codes, ids, tokens, numbers, addresses and names', () => {
    const wordless = {
      error: { code: 'room/not-lead', retryAfterSeconds: 3 },
      code: 'QRST',
      record: 'QRST-0123456789abcdef',
      seatToken: 'k9Xq_2-ZmPa8LwEr0TfYbQ',
      rulesVersion: '1.4.0',
      play: { stage: 'final', dice: [{ label: 'H0', colour: 2 }], boxes: { 'two-pair': 12 } },
      publicUrl: 'http://192.168.1.20:3000',
      seats: [{ name: NAMES.ann }, { name: 'Bot Ada' }],
      game: "Write And Roll: Powers 'n Points",
    };
    expect(wordingsIn(wordless, isName)).toEqual([]);
  });

  it('catches a sentence, a label and a word for people, in a value or a key, however deep', () => {
    const worded = {
      error: { code: 'rule/bad-action', message: "That move isn't one this game understands." },
      play: { turn: { phase: { label: '2 sets of 3' } }, boxes: [{ id: 'ones', name: 'Ones' }], powers: ['PowerUp'] },
      night: { lines: [{ 'Best player': 1 }] },
      seats: [{ name: 'Ann Maria' }],
    };
    expect(wordingsIn(worded, isName)).toEqual([
      { at: '.error.message', text: "That move isn't one this game understands." },
      { at: '.play.turn.phase.label', text: '2 sets of 3' },
      { at: '.play.boxes[0].name', text: 'Ones' },
      { at: '.play.powers[0]', text: 'PowerUp' },
      { at: '.night.lines[0]{key}', text: 'Best player' },
      { at: '.seats[0].name', text: 'Ann Maria' },
    ]);
    expect(isWordless('not found')).toBe(false);
    expect(isWordless('Not Found')).toBe(false);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A screen that is closed once the test is over. */
const screen = async () => closeAfterTest(await TestClient.connect(server.url));

/** A phone that joined `code` as a player. */
async function seated(code: string, name: string): Promise<Player> {
  const client = await screen();
  const joined = await client.must(ClientEvent.joinRoom, { code, as: 'player', name });
  return { client, seat: joined.seat!, token: joined.seatToken! };
}

/**
 * Play on until the game is over or `stop` says so: a phone the game waits on
 * asks for its hint and plays it (rolling when there is nothing to choose);
 * bots move by themselves. A move a bot overtook is refused, and asked again.
 */
async function playOn(tv: TestClient, code: string, phones: () => Player[], stop: (view: RoomView) => boolean = () => false): Promise<RoomView> {
  for (let moves = 0; moves < 5_000; moves++) {
    const view = tv.view;
    if (view.status !== 'playing' || stop(view)) return view;
    const phone = phones().find((p) => view.awaiting.includes(p.seat));
    if (phone === undefined) {
      await tv.waitForView((v) => v.version > view.version, WAIT_MS);
      continue;
    }
    const { hint } = await phone.client.must(ClientEvent.askHint, { code, token: phone.token });
    const action = (hint?.action as unknown) ?? { type: 'roll' };
    const moved = await phone.client.request(ClientEvent.action, { code, token: phone.token, id: randomUUID(), action });
    if (moved.ok) await tv.waitForView((v) => v.version >= moved.value.version, WAIT_MS);
  }
  throw new Error('the game did not end');
}

/** One `/api` answer: its address, status and body. */
async function apiAnswer(path: string): Promise<{ path: string; status: number; body: unknown }> {
  const answer = await fetch(`${server.url}${path}`);
  const text = await answer.text();
  const json = (answer.headers.get('content-type') ?? '').includes('application/json');
  return { path, status: answer.status, body: json ? (JSON.parse(text) as unknown) : text };
}

describe('what the server sends', () => {
  it.each(Object.values(games).map((g) => [g.id] as const))(
    '%s: codes and parameters to every screen, from the lobby through a game ended early, a whole game and a rematch',
    async (gameId) => {
      const game = games[gameId]!;
      const tv = await screen();
      const { code, hostToken } = await tv.must(ClientEvent.createRoom, { as: 'host' });
      const token = hostToken!;
      const ann = await seated(code, NAMES.ann);
      let bob = await seated(code, NAMES.bob);
      const watcher = await screen();
      await watcher.must(ClientEvent.joinRoom, { code, as: 'spectator' });
      const stranger = await screen();

      // Refusals in the lobby, each by its code; a game with options of its own refuses options it cannot take.
      const badOptions = BAD_OPTIONS[gameId];
      const asked = [
        ['room/not-found', () => stranger.request(ClientEvent.joinRoom, { code: 'ZZZZ', as: 'player', name: 'Cy' })],
        ['room/seat-in-use', () => stranger.request(ClientEvent.joinRoom, { code, as: 'player', name: NAMES.bob })],
        ['room/bad-name', () => stranger.request(ClientEvent.joinRoom, { code, as: 'player', name: ' ' })],
        ['room/bad-request', () => stranger.request(ClientEvent.configure, { nonsense: true })],
        ['room/unknown-event', () => stranger.request('room:shout' as ClientEventName, { code })],
        ['room/not-lead', () => bob.client.request(ClientEvent.start, { code, token: bob.token })],
        ['room/no-game', () => ann.client.request(ClientEvent.start, { code, token: ann.token })],
        ['room/unknown-game', () => ann.client.request(ClientEvent.configure, { code, token: ann.token, game: 'chess' })],
        ...(badOptions === undefined
          ? []
          : [['rule/bad-options', () => ann.client.request(ClientEvent.configure, { code, token: ann.token, game: gameId, options: badOptions })] as const]),
        ['room/name-taken', () => ann.client.request(ClientEvent.rename, { code, token: ann.token, name: NAMES.bob })],
        ['room/not-playing', () => ann.client.request(ClientEvent.askHint, { code, token: ann.token })],
      ] as const;
      const refusals: string[] = [];
      for (const [, ask] of asked) {
        const reply = await ask();
        refusals.push(reply.ok ? 'accepted' : reply.error.code);
      }
      expect(refusals).toEqual(asked.map(([refusal]) => refusal));

      // A rename, and a second TV let in by the lead.
      await bob.client.must(ClientEvent.rename, { code, token: bob.token, name: NAMES.renamed });
      const secondTv = await screen();
      const { screen: shown } = await secondTv.must(ClientEvent.joinRoom, { code, as: 'host' });
      const before = secondTv.received.length;
      await ann.client.must(ClientEvent.admitScreen, { code, token: ann.token, screen: shown });
      const { hostToken: secondToken } = (await secondTv.waitForEvent(ServerEvent.screenAdmitted, before)) as ScreenAdmitted;
      await secondTv.must(ClientEvent.joinRoom, { code, as: 'host', hostToken: secondToken });

      // The game with a bot beside the phones (two bots where it takes three), started from the TV.
      await tv.must(ClientEvent.configure, { code, token, game: gameId });
      const bots = Math.min(game.players.max - 2, Math.max(1, game.players.min - 2));
      for (let i = 0; i < bots; i++) await tv.must(ClientEvent.addBot, { code, token, strength: i === 0 ? 'easy' : 'strong' });
      const { version: started } = await tv.must(ClientEvent.start, { code, token });
      const phones = () => [ann, bob];

      // A few moves in: refused moves, Bob's seat taken back on a new phone, and the lead ends the game for another.
      await playOn(tv, code, phones, (v) => v.version >= started + 4);
      expect(tv.view.status).toBe('playing');
      const moves = [
        await ann.client.request(ClientEvent.action, { code, token: ann.token, id: randomUUID(), action: { type: 'nonsense' } }),
        await ann.client.request(ClientEvent.action, { code, token: ann.token, id: randomUUID(), version: 0, action: { type: 'roll' } }),
        await tv.request(ClientEvent.playDefault, { code, token, id: randomUUID(), seat: ann.seat }),
        await tv.request(ClientEvent.askHint, { code, token }),
      ];
      expect(moves.map((r) => (r.ok ? 'accepted' : r.error.code))).toEqual(['rule/bad-action', 'room/stale-version', 'room/seat-occupied', 'room/no-seat']);
      const bobFirstPhone = bob.client;
      bob = { ...bob, client: closeAfterTest((await takeOverSeat(server.url, code, bob)).tab) };
      await ann.client.must(ClientEvent.endGame, { code, token: ann.token, id: randomUUID(), then: { to: 'game', game: gameId } });
      // The next game starts once each phone has given its share of the dice.
      for (const [i, p] of phones().entries()) await p.client.must(ClientEvent.contributeSeed, { code, token: p.token, clientSeed: `${i}f`.repeat(16) });
      const ended = await tv.waitForView((v) => v.status === 'playing' && v.ended !== null && v.ended !== undefined, WAIT_MS);
      // A room keeps the record of the game before the one on.
      const answers = [await apiAnswer(`/api/games/${ended.dice?.previous?.record ?? ''}/record`)];

      // The next game to its end and the end screen, then back to the lobby for a rematch.
      const final = await playOn(tv, code, phones);
      expect(final.status).toBe('finished');
      await Promise.all([ann.client, bob.client, watcher, secondTv].map((c) => c.waitForView((v) => v.version >= final.version, WAIT_MS)));
      await ann.client.must(ClientEvent.rematch, { code, token: ann.token });
      // In the lobby again: the rest of the lead's and the host's controls, two of them refused.
      await ann.client.must(ClientEvent.resetNight, { code, token: ann.token });
      await ann.client.must(ClientEvent.wholeView, { code });
      expect(await bob.client.request(ClientEvent.takeLead, { code, token: bob.token })).toMatchObject({ ok: false, error: { code: 'room/lead-here' } });
      expect(await tv.request(ClientEvent.handOver, { code, token, seat: bob.seat })).toMatchObject({ ok: false });
      // Seat 2 is the first bot's.
      await tv.must(ClientEvent.removeSeat, { code, token, seat: 2 });
      await ann.client.must(ClientEvent.setLock, { code, token: ann.token, locked: true, spectatorsAllowed: false });
      await watcher.waitForEvent(ServerEvent.watchClosed);
      const lockedOut = await stranger.request(ClientEvent.joinRoom, { code, as: 'player', name: 'Cy' });
      expect(lockedOut).toMatchObject({ ok: false, error: { code: 'room/locked' } });
      await bob.client.must(ClientEvent.leave, { code, token: bob.token });
      await tv.waitForView((v) => v.status === 'lobby' && v.seats.length === bots, WAIT_MS);

      answers.push(
        await apiAnswer(SERVER_INFO_PATH),
        await apiAnswer(`/api/games/${final.dice?.record ?? ''}/record`),
        await apiAnswer(`/api/games/${code}-${'0'.repeat(16)}/record`),
        await apiAnswer('/api/games/%zz/record'),
        await apiAnswer('/api/nothing-here'),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 400, 404]);

      const screens = { tv, secondTv, ann: ann.client, bobFirstPhone, bob: bob.client, watcher, stranger };
      const received = Object.entries(screens).map(([who, c]) => ({ who, received: c.received }));
      // Every event the server sends, and an answer to every command, were heard.
      const heard = new Set(received.flatMap((r) => r.received.map((m) => m.event)));
      const unheard = [...Object.values(ServerEvent), ...Object.values(ClientEvent).map((e) => `reply:${e}`)].filter((e) => !heard.has(e));
      expect(unheard).toEqual([]);
      const messages = received.flatMap((r) => r.received);
      expect(messages.filter((m) => m.event === ServerEvent.change).length).toBeGreaterThan(50);

      // A refusal travels as its code and, for one that lifts with time, the wait: nothing else, never its sentence.
      const errors = messages.flatMap((m) => {
        const reply = m.payload as { ok?: boolean; error?: object };
        return m.event.startsWith('reply:') && reply.ok === false ? [reply.error] : [];
      });
      expect(errors.length).toBeGreaterThanOrEqual(refusals.length + moves.length);
      for (const error of errors) expect(Object.keys(error ?? {}).filter((k) => k !== 'code' && k !== 'retryAfterSeconds')).toEqual([]);
      const everything = JSON.stringify([received, answers]);
      expect([...refusalSentences].filter((sentence) => everything.includes(JSON.stringify(sentence)))).toEqual([]);

      // Each string found once, where it was first seen.
      const worded = new Map(wordingsIn({ received, answers: answers.map((a) => a.body) }, isName).map((w) => [w.text, w.at] as const).reverse());
      expect([...worded].reverse()).toEqual([]);
    },
    180_000,
  );
});

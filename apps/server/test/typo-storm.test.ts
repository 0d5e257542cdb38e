/**
 * Guests at a party behind one home router mistype room codes. Their phones
 * keep joining with the right code, the table's phones always come back with
 * their tokens, a phone that keeps guessing is slowed on its own, and an
 * address that tries hundreds of codes is stopped.
 */
import { CODE_ALPHABET, ClientEvent, type Reply } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { closeAfterTest, openTable, startServer, TestClient, type Table, type TestServer } from './harness.js';
import { ManualClock } from './manual-clock.js';

/** The guessing limits as shipped: the test server otherwise raises them out of the way. */
const defaults = loadConfig({}).limits;
const guessingAtDefaults = {
  WRONG_CODES_PER_CONNECTION: String(defaults.wrongCodesPerConnection),
  WRONG_CODE_WAIT_MAX_SECONDS: String(defaults.wrongCodeWaitMaxMs / 1000),
  WRONG_CODES_PER_ADDRESS_PER_HOUR: String(defaults.wrongCodesPerAddressPerHour),
};

async function server(env: Record<string, string>, clock?: ManualClock): Promise<TestServer> {
  return closeAfterTest(await startServer({ env, clock }));
}

async function client(url: string): Promise<TestClient> {
  return closeAfterTest(await TestClient.connect(url));
}

/** The n-th 4-letter code that is not `taken`: distinct codes with no room behind them. */
function wrongCode(n: number, taken: string): string {
  const letters = (i: number) =>
    Array.from({ length: 4 }, (_, k) => CODE_ALPHABET[Math.floor(i / CODE_ALPHABET.length ** k) % CODE_ALPHABET.length]).join('');
  const code = letters(n);
  return code === taken ? letters(n + 100_000) : code;
}

const outcome = (reply: Reply<unknown>) => (reply.ok ? 'ok' : reply.error.code);

/** A table of two in the lobby, host screen and phones from the same address as the guests. */
async function party(s: TestServer): Promise<Table> {
  return closeAfterTest(await openTable(s.url, { players: ['Ann', 'Bob'] }));
}

describe('a household mistyping room codes', () => {
  it('keeps joining with the right code, and the table comes back with its tokens', async () => {
    const s = await server(guessingAtDefaults);
    const table = await party(s);
    // Four guests' phones mistype four codes each: a dozen and more from one address.
    const guesses: string[] = [];
    let n = 0;
    for (let guest = 0; guest < 4; guest++) {
      const phone = await client(s.url);
      for (let i = 0; i < 4; i++) {
        guesses.push(outcome(await phone.request(ClientEvent.joinRoom, { code: wrongCode(n++, table.code), as: 'player', name: `G${guest}` })));
      }
    }
    expect(guesses).toEqual(Array.from({ length: 16 }, () => 'room/not-found'));

    // Ann's phone reloads: a new connection with her seat token gets her seat back.
    table.players[0]!.client.close();
    const annAgain = await client(s.url);
    expect(await annAgain.request(ClientEvent.joinRoom, { code: table.code, as: 'seat', seatToken: table.players[0]!.token })).toMatchObject({
      ok: true,
      value: { role: 'seat', seat: table.players[0]!.seat },
    });
    // The TV reloads with its host token.
    const tvAgain = await client(s.url);
    expect(await tvAgain.request(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: table.hostToken })).toMatchObject({
      ok: true,
      value: { role: 'host', hostToken: table.hostToken },
    });
    // A friend who typed it right gets in, and so does a spectator.
    const cy = await client(s.url);
    expect(await cy.request(ClientEvent.joinRoom, { code: table.code, as: 'player', name: 'Cy' })).toMatchObject({
      ok: true,
      value: { role: 'seat' },
    });
    const watcher = await client(s.url);
    expect(outcome(await watcher.request(ClientEvent.joinRoom, { code: table.code, as: 'spectator' }))).toBe('ok');
  });

  it('slows a phone that keeps guessing, and only that phone', async () => {
    const clock = new ManualClock();
    // The limit on joins per connection (a token bucket on the wall clock) is raised: this test is about waits.
    const s = await server({ WRONG_CODES_PER_CONNECTION: '3', WRONG_CODE_WAIT_MAX_SECONDS: '60', JOIN_BURST: '100' }, clock);
    const table = await party(s);
    const guesser = await client(s.url);
    const guess = async (code: string) => {
      const reply = await guesser.request(ClientEvent.joinRoom, { code, as: 'spectator' });
      return reply.ok ? 'ok' : `${reply.error.code} ${reply.error.retryAfterSeconds ?? '-'}`;
    };
    const first = [await guess(wrongCode(0, table.code)), await guess(wrongCode(1, table.code)), await guess(wrongCode(2, table.code))];
    expect(first).toEqual(['room/not-found -', 'room/not-found -', 'room/not-found -']);
    // The fourth wrong code is answered, and says how long the next one must wait.
    expect(await guess(wrongCode(3, table.code))).toBe('room/not-found 2');
    // Within the wait even the right code is refused on this phone, with the time left; it is not counted.
    expect(await guess(table.code)).toBe('room/guessing-slowed 2');
    clock.advance(1000);
    expect(await guess(wrongCode(4, table.code))).toBe('room/guessing-slowed 1');
    // Another phone on the same network is not slowed.
    const friend = await client(s.url);
    expect(outcome(await friend.request(ClientEvent.joinRoom, { code: table.code, as: 'spectator' }))).toBe('ok');
    // Once the wait is over the phone may guess again, and waits twice as long after the next wrong one.
    clock.advance(1000);
    expect(await guess(wrongCode(5, table.code))).toBe('room/not-found 4');
    expect(await guess(wrongCode(6, table.code))).toBe('room/guessing-slowed 4');
    clock.advance(4000);
    expect(await guess(table.code)).toBe('ok');
    // Its own seat token is never held back, mid-wait or not.
    clock.advance(4000);
    expect(await guess(wrongCode(7, table.code))).toBe('room/not-found 8');
    expect(await guesser.request(ClientEvent.joinRoom, { code: table.code, as: 'seat', seatToken: table.players[1]!.token })).toMatchObject({
      ok: true,
      value: { role: 'seat', seat: table.players[1]!.seat },
    });
  });

  it('stops an address that tries hundreds of codes, yet lets the table back in', async () => {
    const s = await server(guessingAtDefaults);
    const table = await party(s);
    // A script opens a new connection whenever its own is slowed: only the address-wide count holds it.
    const outcomes: string[] = [];
    let n = 0;
    while (n < 300) {
      const tab = await client(s.url);
      for (let i = 0; i < defaults.wrongCodesPerConnection; i++) {
        outcomes.push(outcome(await tab.request(ClientEvent.joinRoom, { code: wrongCode(n++, table.code), as: 'spectator' })));
      }
      tab.close();
    }
    const ceiling = defaults.wrongCodesPerAddressPerHour;
    expect(outcomes.slice(0, ceiling).every((o) => o === 'room/not-found')).toBe(true);
    expect(outcomes.slice(ceiling).every((o) => o === 'room/too-many-guesses')).toBe(true);

    // A right code is refused too, saying when the address may try again: within the hour.
    const late = await client(s.url);
    const refused = await late.request(ClientEvent.joinRoom, { code: table.code, as: 'player', name: 'Dee' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'room/too-many-guesses' } });
    if (refused.ok) return;
    const wait = refused.error.retryAfterSeconds ?? 0;
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);

    // The table's phones and TV still come back with their tokens.
    const bob = await client(s.url);
    expect(await bob.request(ClientEvent.joinRoom, { code: table.code, as: 'seat', seatToken: table.players[1]!.token })).toMatchObject({
      ok: true,
      value: { role: 'seat', seat: table.players[1]!.seat },
    });
    const tv = await client(s.url);
    expect(outcome(await tv.request(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: table.hostToken }))).toBe('ok');
    // A made-up token is no way around it, and cannot tell a live room from a missing one.
    const fake = 'f'.repeat(32);
    const probe = await client(s.url);
    const live = await probe.request(ClientEvent.joinRoom, { code: table.code, as: 'seat', seatToken: fake });
    const missing = await probe.request(ClientEvent.joinRoom, { code: wrongCode(n, table.code), as: 'seat', seatToken: fake });
    const hostProbe = await probe.request(ClientEvent.joinRoom, { code: table.code, as: 'host', hostToken: fake });
    const seen = [live, missing, hostProbe].map((r) => (r.ok ? r : { ...r.error, retryAfterSeconds: typeof r.error.retryAfterSeconds }));
    expect(seen).toEqual(Array.from({ length: 3 }, () => ({ ...refused.error, retryAfterSeconds: 'number' })));
  });
});

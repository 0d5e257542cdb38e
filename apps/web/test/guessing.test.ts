/**
 * A party behind one home router, in real Chromium: guests mistype room codes
 * on the home page; the phone that keeps guessing is told to wait and for how
 * long, a seated phone that reloads goes straight back to its sheet, and a
 * friend with the right code gets in. When the network has tried so many
 * codes that joining by code is paused, a new phone is told so kindly and
 * when to come back, and the table's phones still come back. The home page's
 * own words: a code with a letter codes never use, and each game's players.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ClientEvent } from '@rollcall/protocol';
import { loadConfig } from '../../server/src/config.js';
import { TestClient } from '../../server/test/harness.js';
import { PHONE, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const TEST_SEED = '0dd5ba11c0ffee000123456789abcdef';

// The guessing limits as shipped (the test server otherwise raises them out of the way).
const { limits } = loadConfig({});
const room = useBrowserRoom({
  env: {
    WRONG_CODES_PER_CONNECTION: String(limits.wrongCodesPerConnection),
    WRONG_CODE_WAIT_MAX_SECONDS: String(limits.wrongCodeWaitMaxMs / 1000),
    WRONG_CODES_PER_ADDRESS_PER_HOUR: String(limits.wrongCodesPerAddressPerHour),
  },
});

/** Four-letter codes with no room behind them (none is `taken`). */
function wrongCodes(count: number, from: number, taken: string): string[] {
  const letters = 'ZYXWVTSR';
  const codes: string[] = [];
  for (let i = from; codes.length < count; i++) {
    const code = `ZZ${letters[Math.floor(i / letters.length) % letters.length]}${letters[i % letters.length]}`;
    if (code !== taken) codes.push(code);
  }
  return codes;
}

/** The home page's "Join a game" card on a new phone. */
async function homeOnNewPhone(): Promise<{ page: Page; door: Locator }> {
  const page = await room.newPage(PHONE, true);
  await page.goto(room.url);
  return { page, door: page.getByRole('region', { name: /Join a game/ }) };
}

/** Type a code and a name into the join card and press Join; what the card then says (empty once the phone left for its room). */
async function tryCode(door: Locator, code: string, name: string): Promise<{ what: string; when: string }> {
  await door.getByLabel('Room code').fill(code);
  await door.getByLabel('Your name').fill(name);
  const button = door.getByRole('button', { name: 'Join', exact: true });
  await button.tap();
  // The button says "One moment…" until the answer is in.
  await Promise.race([button.waitFor(), door.page().waitForURL(/\/play\//)]);
  if (door.page().url().includes('/play/')) return { what: '', when: '' };
  const when = door.getByTestId('retry-after');
  return {
    what: (await door.getByRole('alert').textContent()) ?? '',
    when: (await when.count()) > 0 ? ((await when.textContent()) ?? '') : '',
  };
}

describe('a household mistyping room codes', () => {
  it('slows only the phone that keeps guessing; a seated phone reloads into its game and a right code gets in', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
    await tv.getByRole('button', { name: 'Start the game' }).click();
    await ann.getByTestId('wfgts-phone').waitFor();

    // Two guests mistype four codes each.
    let used = 0;
    for (const name of ['Gus', 'Hal']) {
      const { door } = await homeOnNewPhone();
      for (const wrong of wrongCodes(4, used, code)) {
        expect(await tryCode(door, wrong, name)).toEqual({ what: 'No room has that code. Check the code on the TV.', when: '' });
      }
      used += 4;
    }

    // A third keeps going: after five wrong codes, the sixth says how long before the next.
    const { page: ida, door } = await homeOnNewPhone();
    const idaCodes = wrongCodes(12, used, code);
    for (const wrong of idaCodes.slice(0, 5)) expect((await tryCode(door, wrong, 'Ida')).when).toBe('');
    expect(await tryCode(door, idaCodes[5]!, 'Ida')).toEqual({
      what: 'No room has that code. Check the code on the TV.',
      when: 'You can try another code in 2 seconds.',
    });
    // Trying straight away is refused with how long is left; each wrong code past the wait doubles it, so a try soon lands in one.
    let slowed = { what: '', when: '' };
    for (const wrong of idaCodes.slice(6)) {
      slowed = await tryCode(door, wrong, 'Ida');
      if (slowed.what.startsWith('None')) break;
    }
    expect(slowed.what).toBe('None of the last few codes from this phone matched a room. Check the code on the TV.');
    expect(slowed.when).toMatch(/^You can try again (in \d+ seconds?|now)\.$/);
    await saveScreenshot(ida, 'guessing-phone-slowed');
    expect(await seriousViolations(ida)).toEqual([]);

    // Ann's phone reloads mid-game: straight back to her sheet, never to the join form.
    await ann.reload();
    await ann.getByTestId('wfgts-phone').waitFor();
    expect(await ann.getByLabel('Your name').count()).toBe(0);
    await saveScreenshot(ann, 'guessing-seated-phone-reloaded');

    // A friend on the same network types the right code and is in: the game has started, so she watches until the next.
    const { page: jo, door: joDoor } = await homeOnNewPhone();
    expect(await tryCode(joDoor, code.toLowerCase(), 'Jo')).toEqual({ what: '', when: '' });
    await jo.getByRole('heading', { name: 'Watch now, play the next game' }).waitFor();
    expect(room.pageErrors).toEqual([]);
  });

  it('says a letter is never in a code, and shows each game with its players', async () => {
    const { page, door } = await homeOnNewPhone();
    expect(await tryCode(door, 'bolt', 'Kim')).toEqual({
      what: 'Room codes never use the letters O or L. Check the code on the TV.',
      when: '',
    });
    expect(await tryCode(door, 'GURU', 'Kim')).toEqual({ what: 'Room codes never use the letter U. Check the code on the TV.', when: '' });
    expect(await tryCode(door, 'AB1', 'Kim')).toEqual({
      what: 'A room code is only letters, no numbers or signs. Check the code on the TV.',
      when: '',
    });
    expect(await tryCode(door, 'ABC', 'Kim')).toEqual({ what: 'A room code has at least 4 letters. Check the code on the TV.', when: '' });
    await tryCode(door, 'KILO', 'Kim');
    await door.getByRole('button', { name: 'Join', exact: true }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'home-code-letters');

    const games = page.getByRole('region', { name: 'The games' }).getByRole('listitem');
    const players = await games.evaluateAll((items) =>
      items.map((li) => `${li.querySelector('.game-name')?.textContent ?? ''}: ${li.querySelector('.game-foot span')?.textContent ?? ''}`),
    );
    expect(players).toEqual([
      'Waiting for the Game to Start: 1–12 players',
      'Ten Phases: 1–8 players',
      'Meet Fate: 1–8 players',
      'Pairs and Wagers: 2–12 players',
      "Write And Roll: Powers 'n Points: 2–6 players",
    ]);
    await page.getByRole('heading', { name: 'The games' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'home-game-players');
    expect(await seriousViolations(page)).toEqual([]);
    expect(room.pageErrors).toEqual([]);
  });

  it('pauses joining by code for a network that tried hundreds, says until when, and still lets the table back in', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const lee = await room.joinRoom(code, 'Lee');
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();

    // A script on the same network opens a new connection whenever its own is slowed, until the network is stopped.
    let stopped = false;
    for (let n = 0; n < 60 && !stopped; n++) {
      const script = await TestClient.connect(room.url);
      for (const wrong of wrongCodes(limits.wrongCodesPerConnection, 200 + n * 8, code)) {
        const reply = await script.request(ClientEvent.joinRoom, { code: wrong, as: 'spectator' });
        if (!reply.ok && reply.error.code === 'room/too-many-guesses') stopped = true;
      }
      script.close();
    }
    expect(stopped).toBe(true);

    // A new phone with the right code is told what happened and when to come back.
    const { page: mo, door } = await homeOnNewPhone();
    const paused = await tryCode(door, code, 'Mo');
    expect(paused.what).toBe(
      'So many wrong room codes came from your network that joining by code from it is paused for now. Phones already in a room stay in.',
    );
    expect(paused.when).toMatch(/^You can try again in about (5\d minutes|an hour)\.$/);
    await door.getByTestId('retry-after').scrollIntoViewIfNeeded();
    await saveScreenshot(mo, 'guessing-network-paused');
    expect(await seriousViolations(mo)).toEqual([]);

    // The seated phone and the TV reload straight back in.
    await lee.reload();
    await lee.getByRole('heading', { name: "You're in, Lee!" }).waitFor();
    expect(await lee.getByLabel('Room code', { exact: true }).count()).toBe(0);
    await tv.reload();
    await tv.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(room.pageErrors).toEqual([]);
  });
});

/**
 * A whole game in a language other than English, in real Chromium: a TV, a
 * phone and a spectator whose browsers are set to that language host a room,
 * join it, wait in the lobby and play Pairs and Wagers, the quickest game, to
 * its end. The phone joins through
 * its page; the table's moves, its own included, are played from the stored
 * state (table-driver.ts) while all three screens follow the game. On the join
 * page, in the lobby, after every move and at the end, no screen reads or says
 * a word of the English catalogue, beyond the players' names and the title.
 *
 * no-english.test.ts plays it in German on every run; no-english.long.test.ts
 * in Spanish, French, Italian and Brazilian Portuguese (`pnpm test:long`).
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { PHONE, TV, seatTokenOf, standingsOf, useBrowserRoom } from './browser-room.js';
import { EnglishSeen, say, type Locale } from './languages.js';
import { seatPlayers } from './table-driver.js';

const SEED = '7e279417f3e3d63ccc7d141bc2bc3fb3';
const NAMES = ['Ann', 'Bartholomew'];

/** The whole game in each of `locales`, side by side. */
export function noEnglish(locales: readonly Locale[]): void {
  // The driver plays a whole game in seconds, far faster than any table taps.
  const room = useBrowserRoom({ env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000' } });

  describe.concurrent('a whole game in another language', () => {
    it.for(locales)('in %s, from joining to the standings, says nothing in English', async (locale, { expect }) => {
      const english = new EnglishSeen();
      const look = async (stage: string, screens: Record<string, Page>) => {
        for (const [who, page] of Object.entries(screens)) await english.look(`${stage} (${who})`, page, locale, { names: NAMES });
      };

      const tv = await room.newPage(TV, false, locale);
      const { code } = await room.hostRoom(SEED, tv);
      await tv.getByTestId('room-code').waitFor();

      const phone = await room.newPage(PHONE, true, locale);
      await phone.goto(`${room.url}/play/${code}`);
      const name = phone.getByLabel(say(locale, 'Your name'));
      await name.waitFor();
      await look('join page', { phone });
      await name.fill('Ann');
      await phone.getByRole('button', { name: say(locale, 'Join the game') }).tap();
      await phone.getByRole('heading', { name: say(locale, "You're in, {name}!", { name: 'Ann' }) }).waitFor();
      const table = await seatPlayers(room.server, code, ['Bartholomew'], [await seatTokenOf(phone, code)]);

      try {
        const spectator = await room.newPage({ width: 1280, height: 800 }, false, locale);
        await spectator.goto(`${room.url}/watch/${code}`);
        await spectator.locator('#wait-title').waitFor();
        const screens = { phone, tv, spectator };

        await tv.getByRole('radio', { name: /Pairs and Wagers/ }).check();
        const start = tv.getByRole('button', { name: say(locale, 'Start the game') });
        await expect.poll(() => start.isEnabled()).toBe(true);
        await tv.getByText('Bartholomew', { exact: true }).first().waitFor();
        await look('lobby', screens);

        await start.click();
        for (const page of Object.values(screens)) await page.locator('[data-testid="game-screen"] > *').first().waitFor();
        await look('first turn', screens);
        // Every move's screens, as they stand when the next is played: what the live regions say included.
        for (let move = 1; (await table.status()).status === 'playing'; move++) {
          await table.step();
          await look(`move ${move}`, screens);
        }

        for (const page of Object.values(screens)) await standingsOf(page);
        await look('end', screens);
      } finally {
        table.close();
      }
      expect(english.list()).toEqual([]);
      expect(room.pageErrors).toEqual([]);
    });
  });
}

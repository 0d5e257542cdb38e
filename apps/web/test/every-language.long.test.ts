/**
 * Every screen in every language, in real Chromium: axe finds no serious or
 * critical violation of WCAG 2.2 at levels A and AA (nor of its best
 * practices), and a screen in another language than English says nothing of
 * the English catalogue (languages.ts).
 *
 * The screens of a room (the TV, the lead's phone, a spectator) are looked at
 * for each game in its lobby, in the middle of a game and at its end; each
 * is switched through the six languages with its own language picker, so
 * every sentence is also checked to redraw in place. The phone's records,
 * the start page, a game's check and replay and each game's rules are opened
 * in each language, as the device's pick.
 */
import { ClientEvent } from '@rollcall/protocol';
import { games } from '@rollcall/rules';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { openTable } from '../../server/test/harness.js';
import { latest, playUntil, settle as settleTable } from '../../server/test/wfgts-driver.js';
import { useBrowserRoom } from './browser-room.js';
import { seriousViolations, settle } from './chromium.js';
import { EnglishSeen, LOCALES, type Locale } from './languages.js';
import { NAMES, openScreens, playThrough, switchLanguage, type Role } from './table-screens.js';

// The driver plays a whole game in seconds, far faster than any table taps.
const room = useBrowserRoom({ env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000' } });

/** What one test found: axe's violations and the English left, one line each. */
class Findings {
  readonly violations: string[] = [];
  readonly english = new EnglishSeen();

  /** Check `page` as it is now, in `locale`, as `where`; `redrawn`: its language was switched in place. */
  async check(where: string, page: Page, locale: Locale, redrawn = false): Promise<void> {
    for (const violation of await seriousViolations(page)) this.violations.push(`${where} (${locale}): ${violation}`);
    // What the live regions said before a switch was said in the language of the time.
    if (locale !== 'en') await this.english.look(`${where} (${locale})`, page, locale, { names: NAMES, withLiveRegions: !redrawn });
  }
}

/** Open `address` on `page` in `locale`, picked on the device as its language picker would, once drawn and still. */
async function openIn(page: Page, address: string, locale: Locale, drawn: string): Promise<void> {
  await page.evaluate((picked) => localStorage.setItem('rollcall:locale', picked), locale);
  await page.goto(`${room.url}${address}`);
  await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
  await page.locator(drawn).first().waitFor({ timeout: 15_000 });
  await settle(page);
}

/** A game of Waiting for the Game to Start with sealed dice, played over sockets to its end: its record's id. */
async function finishedRecord(): Promise<string> {
  const table = await openTable(room.url, { players: ['Ann', 'Bartholomew'] });
  try {
    await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'wfgts' });
    const { version } = await table.host.must(ClientEvent.start, { code: table.code, token: table.hostToken });
    await settleTable(table, version);
    await playUntil(table);
    const id = latest(table.host).dice?.record;
    if (id === undefined || id === null) throw new Error('a sealed game ended without a record');
    return id;
  } finally {
    table.close();
  }
}

describe.concurrent('every screen in every language', () => {
  it.for(Object.values(games).map((game) => ({ game: game.id, players: Math.max(2, game.players.min) })))(
    "$game: the room's screens in the lobby, mid-game and at the end, and the phone's records",
    async ({ game, players }, { expect }) => {
      const found = new Findings();
      const screens = await openScreens(room);
      try {
        await playThrough(room, screens, { game, players }, async (stage) => {
          for (const locale of LOCALES) {
            await Promise.all(Object.values(screens).map((page) => switchLanguage(page, locale)));
            for (const role of Object.keys(screens) as Role[]) await found.check(`${game} ${stage} ${role}`, screens[role], locale, true);
          }
          // Back to the screens' own language (the browser's), in which the game goes on.
          await Promise.all(Object.values(screens).map((page) => switchLanguage(page, 'en')));
        });
        // The phone has finished a game: its records list it.
        for (const locale of LOCALES) {
          await openIn(screens.phone, '/records', locale, '[data-testid="records"]');
          await found.check('records', screens.phone, locale);
        }
      } finally {
        for (const page of Object.values(screens)) await page.context().close();
      }
      expect(found.violations).toEqual([]);
      expect(found.english.list()).toEqual([]);
      expect(room.pageErrors).toEqual([]);
    },
  );

  it('the start page, empty records, a game checked and replayed, and every game\'s rules', async ({ expect }) => {
    const found = new Findings();
    const record = encodeURIComponent(await finishedRecord());
    const phone = await room.newPage({ width: 360, height: 640 }, true);
    const laptop = await room.newPage({ width: 1280, height: 800 });
    await Promise.all([phone.goto(room.url), laptop.goto(room.url)]);
    for (const locale of LOCALES) {
      await openIn(phone, '/', locale, 'main h1');
      await found.check('start page', phone, locale);
      await openIn(phone, '/records', locale, '[data-testid="no-records"]');
      await found.check('records, none yet', phone, locale);
      await openIn(laptop, `/verify?record=${record}`, locale, '[data-testid="verdict"]');
      await found.check('verify', laptop, locale);
      await openIn(laptop, `/replay?record=${record}`, locale, '[data-testid="replay-step"]');
      await found.check('replay, first move', laptop, locale);
      await laptop.getByRole('slider').press('End');
      await laptop.getByTestId('standings').waitFor();
      await settle(laptop);
      await found.check('replay, the end', laptop, locale);
      for (const game of Object.keys(games)) {
        await openIn(laptop, `/rules/${game}`, locale, 'main h1');
        await found.check(`rules of ${game}`, laptop, locale);
      }
    }
    expect(found.violations).toEqual([]);
    expect(found.english.list()).toEqual([]);
    expect(room.pageErrors).toEqual([]);
  });
});

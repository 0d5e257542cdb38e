/**
 * The small things a party runs into, in real Chromium: the lead's phone
 * opens the game, its end and the next lobby at the top; a friend who comes
 * late watches the game's board on their phone; long names stay whole on the
 * phone's standings; watchers get the game's record; no id is used twice on
 * the lead's phone; Meet Fate's big button agrees with its hint; /replay
 * words each roll as the faces on screen; a reloaded TV says its sound waits
 * for a click; the spectator and replay boards fit a 1280×720 laptop; a phone
 * on its side shows every die above its buttons.
 */
import { ClientEvent } from '@rollcall/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../server/test/harness.js';
import { PHONE, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';
import { seatPlayers } from './table-driver.js';

// Fixed dice where the test is about the screens, not the record.
const TEST_SEED = '62e2f6e4d5810752346a8ca5f5da8baf';
/** A laptop with a small screen. */
const LAPTOP = { width: 1280, height: 720 };
/** A phone on its side. */
const PHONE_SIDEWAYS = { width: 740, height: 360 };

// Whole games are played over sockets here, far faster than any table taps.
const room = useBrowserRoom({ env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000' } });


/** Every id the page uses more than once. */
function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** Play Waiting for the Game to Start alone to its end from the phone, scrolled down before every tap. */
async function playWfgtsToEnd(phone: Page): Promise<void> {
  const sheet = phone.getByTestId('wfgts-phone');
  for (;;) {
    if ((await phone.getByTestId('standings').count()) > 0) return;
    const phase = (await sheet.count()) > 0 ? await sheet.getAttribute('data-phase') : null;
    if (phase === null || !phase.endsWith('-open')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    await scrollToBottom(phone);
    await phone.getByTestId(phase.includes('-carry-') ? 'lock-in' : 'score-best').tap();
    await expect.poll(async () => ((await sheet.count()) > 0 ? sheet.getAttribute('data-phase') : 'over'), { timeout: 10_000 }).not.toBe(phase);
  }
}

/** A room hosted over a socket with sealed dice, its players seated over sockets, the game started. */
async function socketTable(game: string, names: string[]) {
  const host = await TestClient.connect(room.url);
  const created = await host.must(ClientEvent.createRoom, { as: 'host' });
  const hostToken = created.hostToken ?? '';
  const table = await seatPlayers(room.server, created.code, names);
  await host.must(ClientEvent.configure, { code: created.code, token: hostToken, game });
  await host.must(ClientEvent.start, { code: created.code, token: hostToken });
  return {
    code: created.code,
    table,
    /** Play moves until `done` says stop or the game is over. */
    async playUntil(done: (moves: number) => boolean) {
      let moves = 0;
      while (!done(moves) && (await table.step())) moves += 1;
    },
    close() {
      table.close();
      host.close();
    },
  };
}

/** Where the last column of each table on the page ends, against the box that holds it and the window. */
function lastColumns(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="game-screen"] table')].map((table) => {
      const cells = table.querySelector('thead tr')?.children ?? table.querySelector('tr')?.children;
      const last = cells?.[cells.length - 1]?.getBoundingClientRect();
      const box = table.parentElement!;
      const held = box.getBoundingClientRect();
      return {
        right: Math.round(last?.right ?? 0),
        boxRight: Math.round(held.right),
        window: window.innerWidth,
        scrolls: box.scrollWidth > box.clientWidth + 1,
      };
    }),
  );
}

describe('the small things a party runs into', () => {
  it("keeps the lead's phone at the top of each stage, shows a late friend the board, and keeps names whole", async () => {
    const { tv, code } = await room.hostSealedRoom();
    const lead = await room.joinRoom(code, 'Bartholomew');
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
    await lead.getByRole('heading', { name: 'Set up' }).waitFor();
    const a11y: Record<string, string[]> = {};
    expect(await duplicateIds(lead)).toEqual([]);

    // The lead has scrolled down the lobby (to its Start button) when the game starts.
    await scrollToBottom(lead);
    expect(await scrollY(lead)).toBeGreaterThan(0);
    await tv.getByRole('button', { name: 'Start the game' }).click();
    await lead.getByTestId('wfgts-phone').waitFor();
    await expect.poll(() => scrollY(lead)).toBe(0);
    const sheetTop = (await lead.getByTestId('wfgts-phone').boundingBox())!.y;
    expect(sheetTop).toBeLessThan(PHONE.height / 2);
    expect(await duplicateIds(lead)).toEqual([]);
    await saveScreenshot(lead, 'details-lead-first-turn');

    // A friend who comes once the game is on watches its board on their phone, like /watch shows it.
    const dee = await room.newPage(PHONE, true);
    await dee.goto(`${room.url}/play/${code}`);
    await dee.getByLabel('Your name').fill('Dee');
    await dee.getByRole('button', { name: 'Join the game' }).tap();
    await dee.getByRole('heading', { name: 'Watch now, play the next game' }).waitFor();
    await dee.getByTestId('wfgts-tv').waitFor();
    expect(await dee.getByTestId('wfgts-tv').getByText('Round', { exact: false }).first().isVisible()).toBe(true);
    expect(await dee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(dee, 'details-late-friend-watching');
    a11y['late friend watching'] = await seriousViolations(dee);
    const laptop = await room.newPage(LAPTOP);
    await laptop.goto(`${room.url}/watch/${code}`);
    await laptop.getByTestId('wfgts-tv').waitFor();

    // The lead plays to the end, scrolled to the bottom for every tap: the end opens at the top.
    await playWfgtsToEnd(lead);
    await expect.poll(() => scrollY(lead)).toBe(0);
    const name = lead.getByTestId('standings').locator('li[data-name="Bartholomew"] .name');
    expect(await name.getAttribute('title')).toBe('Bartholomew');
    /** How many lines the name takes, and whether the end of it is cut off (by an ellipsis). */
    const nameShown = () =>
      name.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el.firstChild!);
        return { lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size, cut: el.scrollWidth > el.clientWidth };
      });
    expect(await nameShown()).toEqual({ lines: 1, cut: false });
    await saveScreenshot(lead, 'details-lead-end');
    // Where the row is too narrow for it (a smaller phone, a bigger score), the name ends in an ellipsis
    // on its one line, never "Bartholome / w". The list is narrowed in place: the page itself is never under 360 px.
    const list = lead.getByTestId('standings');
    await list.evaluate((el) => (el.style.width = '200px'));
    expect(await nameShown()).toEqual({ lines: 1, cut: true });
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    // The row gives way inside the list rather than stick out of it.
    const row = await list.locator('li').first().boundingBox();
    expect(row!.width).toBeLessThanOrEqual(200);
    await saveScreenshot(lead, 'details-lead-end-narrow');
    await list.evaluate((el) => (el.style.width = ''));

    // Watchers, on the late friend's phone and on a laptop, get the record as the players do.
    for (const watcher of [dee, laptop]) {
      const links = watcher.getByTestId('game-record-links');
      await links.waitFor({ timeout: 15_000 });
      for (const link of ['Download the record', 'Verify the dice', 'Watch it again']) {
        expect(await links.getByRole('link', { name: link }).isVisible()).toBe(true);
      }
    }
    expect(await duplicateIds(dee)).toEqual([]);
    await saveScreenshot(dee, 'details-late-friend-end');
    await saveScreenshot(laptop, 'details-watch-end');
    a11y['late friend at the end'] = await seriousViolations(dee);
    a11y['spectator at the end'] = await seriousViolations(laptop);

    // Back to the lobby for the next game: at its top again.
    await scrollToBottom(lead);
    await lead.getByRole('button', { name: 'Play again' }).tap();
    await lead.getByRole('heading', { name: 'Next game, Bartholomew!' }).waitFor();
    await expect.poll(() => scrollY(lead)).toBe(0);
    await dee.getByRole('heading', { name: "You're in, Dee!" }).waitFor();
    expect(await duplicateIds(lead)).toEqual([]);

    // Ten Phases on the lead's phone, with the lead's list of players below the sheet: still no id twice.
    await tv.getByRole('radio', { name: /Ten Phases/ }).check();
    await tv.getByRole('button', { name: 'Start the game' }).click();
    await lead.getByTestId('tp-phone').waitFor();
    await lead.getByRole('heading', { name: 'Players' }).waitFor();
    expect(await duplicateIds(lead)).toEqual([]);
    a11y['lead in Ten Phases'] = await seriousViolations(lead);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it("makes Meet Fate's big button agree with the hint until the player picks otherwise", async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const cy = await room.joinRoom(code, 'Cy');
    await tv.getByRole('radio', { name: /Meet Fate/ }).check();
    const start = tv.getByRole('button', { name: 'Start the game' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await cy.getByTestId('mf-roll').tap();
    const hint = cy.getByTestId('mf-hint');
    await hint.waitFor();
    const roll = cy.getByTestId('mf-roll');
    const score = cy.getByTestId('mf-score');

    /** Which button is drawn as the main one: the other is drawn as secondary. */
    const looks = async () => ({
      roll: await roll.evaluate((el) => el.classList.contains('secondary')),
      score: await score.evaluate((el) => el.classList.contains('secondary')),
    });
    const said = (await hint.innerText()).replace(/\s*Set it up$/, '');
    if (/^Hint: (Keep|Roll)/.test(said)) {
      // The hint says roll again: so does the big button, and the score button steps back.
      expect(await looks()).toEqual({ roll: false, score: true });
      expect(said).toMatch(/\(scoring now, .+ is best\)$|^Hint: Roll all six again$/);
    } else {
      // The hint says score: the big button scores in the hint's box.
      const box = /Score it in (.+)$/.exec(said)?.[1] ?? '';
      expect(await looks()).toEqual({ roll: true, score: false });
      expect(await score.innerText()).toContain(`in ${box}`);
    }
    await saveScreenshot(cy, 'details-meet-fate-hint');

    // The player picks a box: scoring it is now the big button; taps a die: rolling again is.
    await cy.getByTestId('mf-box-chance').tap();
    await expect.poll(looks).toEqual({ roll: true, score: false });
    expect(await score.innerText()).toMatch(/^Score \d+ in Chance$/);
    await cy.getByTestId('mf-die-0').tap();
    await expect.poll(looks).toEqual({ roll: false, score: true });
    expect(await roll.innerText()).toMatch(/^Roll \d dice?, keep \d$/);
    expect(room.pageErrors).toEqual([]);
  });

  it('shows every die of Ten Phases above the buttons on a phone turned on its side', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann', PHONE_SIDEWAYS);
    await tv.getByRole('radio', { name: /Ten Phases/ }).check();
    await tv.getByRole('button', { name: 'Start the game' }).click();
    await ann.getByTestId('tp-roll').tap();
    await expect.poll(() => ann.getByTestId('tp-die-9').getAttribute('data-value')).toMatch(/^(\d+|W)$/);
    await ann.evaluate(() => window.scrollTo(0, 0));
    await ann.waitForTimeout(600);
    const bar = (await ann.locator('.actions').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE_SIDEWAYS.height + 1);
    for (let die = 0; die < 10; die++) {
      const box = (await ann.getByTestId(`tp-die-${die}`).boundingBox())!;
      expect({ die, top: box.y >= 0, aboveBar: box.y + box.height <= bar.y + 1 }).toEqual({ die, top: true, aboveBar: true });
    }
    await saveScreenshot(ann, 'details-ten-phases-sideways');

    // Its TV, reloaded, stays silent until someone clicks it, and says so until then.
    await tv.reload();
    const wake = tv.getByTestId('sound-wake');
    await wake.waitFor();
    expect(await wake.innerText()).toBe('Click for sound');
    await saveScreenshot(tv, 'details-tv-sound-waits');
    // The click that wakes the sound moves nothing on the screen: it must land where it was aimed.
    const board = tv.getByTestId('tp-tv');
    const before = await board.boundingBox();
    await wake.click();
    await wake.waitFor({ state: 'detached' });
    expect(await board.boundingBox()).toEqual(before);
    expect(room.pageErrors).toEqual([]);
  });

  it('replays Ten Phases with the faces the table saw, and gives a watcher the record', async () => {
    const t = await socketTable('ten-phases', ['Ann', 'Bo']);
    try {
      await t.playUntil(() => false);
      const laptop = await room.newPage(LAPTOP);
      await laptop.goto(`${room.url}/watch/${t.code}`);
      const links = laptop.getByTestId('game-record-links');
      await links.waitFor({ timeout: 15_000 });
      await links.getByRole('link', { name: 'Watch it again' }).click();
      await laptop.waitForURL(/\/replay\?record=/);
      const said = laptop.getByTestId('replay-move');
      await expect.poll(() => said.textContent(), { timeout: 15_000 }).toMatch(/The game is set up; rolled/);
      // The roll-off rolls high dice: every face is 5 to 10.
      const rollOff = /rolled ([\dW ]+)\./.exec((await said.textContent()) ?? '')?.[1]?.split(' ') ?? [];
      expect(rollOff.length).toBeGreaterThanOrEqual(2);
      expect(rollOff.every((face) => Number(face) >= 5 && Number(face) <= 10)).toBe(true);

      // The first move rolls all ten dice: the line names the faces the board shows.
      await laptop.getByRole('button', { name: 'Next move' }).click();
      await expect.poll(() => said.textContent()).toMatch(/rolled/);
      const faces = /rolled ([\dW ]+)$/.exec(((await said.textContent()) ?? '').trim())?.[1]?.split(' ') ?? [];
      const board = await laptop
        .locator('[data-testid="game-screen"] [data-testid^="tp-die-"]')
        .evaluateAll((dice) => dice.map((d) => d.getAttribute('data-value') ?? ''));
      expect(faces).toHaveLength(10);
      expect(faces).toEqual(board);
      // Its scorepad keeps both players' columns at 1280×720 too.
      for (const column of await lastColumns(laptop)) {
        expect(column).toMatchObject({ scrolls: false });
        expect(column.right).toBeLessThanOrEqual(Math.min(column.boxRight, column.window));
      }
      await saveScreenshot(laptop, 'details-replay-faces');
      expect(room.pageErrors).toEqual([]);
    } finally {
      t.close();
    }
  });

  it('fits every scorepad column on the spectator and replay boards of a 1280×720 laptop', async () => {
    const laptop = await room.newPage(LAPTOP);
    const a11y: Record<string, string[]> = {};
    for (const [game, names] of [
      ['meet-fate', ['Ann', 'Bartholomew', 'Cy', 'Dee']],
      ['ten-phases', ['Ann', 'Bartholomew', 'Cy', 'Dee', 'Everett']],
    ] as const) {
      const t = await socketTable(game, [...names]);
      try {
        await t.playUntil((moves) => moves >= 3 * names.length);
        await laptop.goto(`${room.url}/watch/${t.code}`);
        await laptop.getByTestId('game-screen').locator('table').first().waitFor();
        await laptop.waitForTimeout(500);
        for (const column of await lastColumns(laptop)) {
          expect({ game, ...column }).toMatchObject({ game, scrolls: false });
          expect(column.right).toBeLessThanOrEqual(Math.min(column.boxRight, column.window));
        }
        await saveScreenshot(laptop, `details-watch-${game}-${names.length}p`);
        a11y[`watching ${game}`] = await seriousViolations(laptop);

        if (game !== 'meet-fate') continue;
        // The same table replayed from its record, part way through.
        await t.playUntil(() => false);
        await laptop.getByTestId('game-record-links').getByRole('link', { name: 'Watch it again' }).click();
        await laptop.waitForURL(/\/replay\?record=/);
        await laptop.getByTestId('game-screen').locator('table').first().waitFor({ timeout: 15_000 });
        await laptop.getByRole('slider').fill('20');
        await expect.poll(() => laptop.getByTestId('replay-step').textContent()).toMatch(/^Move 20 of/);
        await laptop.waitForTimeout(500);
        for (const column of await lastColumns(laptop)) {
          expect({ game, ...column }).toMatchObject({ game, scrolls: false });
          expect(column.right).toBeLessThanOrEqual(Math.min(column.boxRight, column.window));
        }
        await saveScreenshot(laptop, 'details-replay-meet-fate-4p');
        a11y['replaying meet-fate'] = await seriousViolations(laptop);
      } finally {
        t.close();
      }
    }
    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

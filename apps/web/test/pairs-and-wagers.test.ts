/**
 * A short game of Pairs and Wagers in real Chromium: a TV hosts, three phones
 * join, the TV sets the goal to 10, and the phones play to the end by tapping
 * only the wagers their sheets offer. The fixed dice seed makes this game see
 * every wager both won and lost, Bet to Better offered after wagers that used
 * the whole bank but were already won, a first leader, and that leader
 * overtaken.
 * Then a rematch in the long game opens with the Bet to Mid choices.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noViolationsOn, standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

// With this seed and the habits below, the game ends after 11 turns.
const TEST_SEED = '7e279417f3e3d63ccc7d141bc2bc3fb3';

/** A player and their betting habits, applied only when the sheet offers the wager. */
interface Phone {
  name: string;
  page: Page;
  call: 'odd' | 'even' | null;
  takesGet: boolean;
  takesBetter: boolean;
}

const room = useBrowserRoom();

const sheetOf = (page: Page) => page.getByTestId('pw-phone');
const shows = async (page: Page, testId: string) => (await page.getByTestId(testId).count()) > 0;

/** The button this player taps now: only ever one their sheet shows. */
async function choice(phone: Phone): Promise<string> {
  const { page } = phone;
  if (await shows(page, 'pw-roll')) {
    return phone.call !== null && (await shows(page, `pw-call-${phone.call}`)) ? `pw-call-${phone.call}` : 'pw-roll';
  }
  if (await shows(page, 'pw-bet-get')) return phone.takesGet ? 'pw-bet-get' : 'pw-end-turn';
  if (await shows(page, 'pw-bet-better')) return phone.takesBetter ? 'pw-bet-better' : 'pw-end-turn';
  return 'pw-end-turn';
}

describe('Pairs and Wagers in the browser', () => {
  it('three phones and a TV play a game to 10 by tapping the wagers on offer', async () => {
    const a11y: Record<string, string[]> = {};

    const { tv, code } = await room.hostRoom(TEST_SEED);

    const habits: Omit<Phone, 'page'>[] = [
      { name: 'Ann', call: 'odd', takesGet: true, takesBetter: true },
      { name: 'Bo', call: null, takesGet: true, takesBetter: false },
      { name: 'Cy', call: 'even', takesGet: false, takesBetter: true },
    ];
    const phones: Phone[] = [];
    for (const habit of habits) phones.push({ ...habit, page: await room.joinRoom(code, habit.name) });
    const [ann, bo, cy] = phones as [Phone, Phone, Phone];

    // The TV picks the game; its own options form offers the goal and Bet to Mid, which only the long game has.
    for (const phone of phones) await tv.getByText(phone.name, { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Pairs and Wagers/ }).check();
    const betToMid = tv.getByRole('checkbox', { name: /Bet to Mid/ });
    await expect.poll(() => betToMid.isDisabled()).toBe(true);
    await tv.getByRole('radio', { name: /20 points/ }).check();
    await expect.poll(() => betToMid.isEnabled()).toBe(true);
    await betToMid.check();
    await expect.poll(() => betToMid.isChecked()).toBe(true);
    await tv.getByRole('radio', { name: /10 points/ }).check();
    await expect.poll(() => betToMid.isDisabled()).toBe(true);
    await expect.poll(() => betToMid.isChecked()).toBe(false);
    await bo.page.getByText('Pairs and Wagers is up next.').waitFor();
    await saveScreenshot(tv, 'pairs-and-wagers-tv-lobby');
    // Ann leads the room, so her phone shows the same options form.
    await expect.poll(() => ann.page.getByRole('radio', { name: /10 points/ }).isChecked()).toBe(true);
    await ann.page.getByRole('checkbox', { name: /Bet to Mid/ }).scrollIntoViewIfNeeded();
    await saveScreenshot(ann.page, 'pairs-and-wagers-phone-lobby');
    a11y['phone lobby'] = await seriousViolations(ann.page);
    a11y['tv lobby'] = await seriousViolations(tv);

    await tv.getByRole('button', { name: 'Start the game' }).click();
    for (const phone of phones) await sheetOf(phone.page).waitFor();
    // A spectator reads the rules page, with its credit to the designer, then watches.
    const spectator = await room.newPage({ width: 1280, height: 800 });
    await spectator.goto(`${room.url}/rules/pairs-and-wagers`);
    await spectator.getByText('"Super" Dave Radzik', { exact: true }).waitFor();
    await spectator.getByRole('heading', { name: 'Goal, leader and the end' }).waitFor();
    a11y.rules = await seriousViolations(spectator);
    await spectator.goto(`${room.url}/watch/${code}`);
    await spectator.getByTestId('pw-tv').waitFor();

    // Ann opens with 0 banked: her sheet offers the roll and no wager.
    await expect.poll(() => sheetOf(ann.page).getAttribute('data-my-turn')).toBe('true');
    expect(await shows(ann.page, 'pw-roll')).toBe(true);
    expect(await shows(ann.page, 'pw-call-odd')).toBe(false);
    await ann.page.getByText('You need banked points before you can bet.').waitFor();
    expect(await sheetOf(bo.page).getAttribute('data-my-turn')).toBe('false');
    await sheetOf(bo.page).getByText("Ann's turn", { exact: true }).waitFor();

    const tapped = new Set<string>();
    // Wagers each phone has placed in its current turn, counted from its own taps: a turn opens with a call or a roll.
    const placed = new Map<Phone, number>();
    const lastTap = new Map<Phone, string>();
    let freedByWins = 0;
    const wagers = new Set<string>();
    const leaders: string[] = [];
    let offerShot = false;
    const deadline = Date.now() + 120_000;
    while ((await tv.getByTestId('standings').count()) === 0) {
      if (Date.now() > deadline) throw new Error('the game did not finish in time');
      const phone = await (async () => {
        for (const p of phones) if ((await sheetOf(p.page).getAttribute('data-my-turn')) === 'true') return p;
        return null;
      })();
      if (phone === null) {
        await tv.waitForTimeout(50);
        continue;
      }
      const button = await choice(phone);

      // The first Bet to Better on offer: the screens as people see them mid-game.
      if (!offerShot && (await shows(phone.page, 'pw-bet-better'))) {
        offerShot = true;
        const other = phones.find((p) => p !== phone) ?? ann;
        await tv.getByTestId('pw-tv').getByText(`${phone.name}'s turn`).waitFor();
        await tv.waitForTimeout(800);
        await phone.page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(phone.page, 'pairs-and-wagers-phone-offer');
        await saveScreenshot(other.page, 'pairs-and-wagers-phone-watching');
        await saveScreenshot(tv, 'pairs-and-wagers-tv-mid-game');
        a11y['phone offer'] = await seriousViolations(phone.page);
        a11y['phone watching'] = await seriousViolations(other.page);
        a11y['tv mid-game'] = await seriousViolations(tv);
        a11y['spectator mid-game'] = await seriousViolations(spectator);
      }

      // A won wager no longer counts against the bank: Bet to Better stays open even when every banked point was wagered.
      if (await shows(phone.page, 'pw-bet-better')) {
        const banked = Number(await phone.page.getByTestId('pw-banked-at-start').innerText());
        if ((placed.get(phone) ?? 0) >= banked) freedByWins += 1;
      }
      if (button.startsWith('pw-call-')) placed.set(phone, 1);
      else if (button === 'pw-roll' && !lastTap.get(phone)?.startsWith('pw-call-')) placed.set(phone, 0);
      else if (button === 'pw-bet-get') placed.set(phone, (placed.get(phone) ?? 0) + 1);
      lastTap.set(phone, button);

      const version = Number(await sheetOf(phone.page).getAttribute('data-version'));
      await phone.page.getByTestId(button).tap();
      tapped.add(button);
      await expect.poll(async () => Number(await sheetOf(phone.page).getAttribute('data-version')), { timeout: 10_000 }).toBeGreaterThan(version);
      const now = Number(await sheetOf(phone.page).getAttribute('data-version'));

      // The TV follows every move: read how the last turn went and who leads.
      const board = tv.getByTestId('pw-tv');
      await expect.poll(async () => Number(await board.getAttribute('data-version')), { timeout: 10_000 }).toBeGreaterThanOrEqual(now);
      for (const w of await board.locator('[data-wager]').evaluateAll((items) => items.map((li) => li.getAttribute('data-wager') ?? ''))) wagers.add(w);
      const leader = await tv.getByTestId('pw-race').getAttribute('data-leader');
      if (leader && leaders.at(-1) !== leader) leaders.push(leader);
    }

    expect(offerShot).toBe(true);
    // This seed offers it three times: after a won call with 1 banked, a won Bet to Get with 1, and both with 2.
    expect(freedByWins).toBe(3);
    expect([...tapped].sort()).toEqual(['pw-bet-better', 'pw-bet-get', 'pw-call-even', 'pw-call-odd', 'pw-end-turn', 'pw-roll']);
    expect([...wagers].sort()).toEqual(['better-kept', 'better-lost', 'get-kept', 'get-lost', 'odd-kept', 'odd-lost']);
    // A first leader, overtaken by another player who then holds on.
    expect(leaders.length).toBeGreaterThanOrEqual(2);

    const onTv = await standingsOf(tv);
    expect(onTv.map((s) => s.name).sort()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(onTv[0]?.name).toBe(leaders.at(-1));
    expect(await standingsOf(spectator)).toEqual(onTv);
    for (const phone of phones) {
      expect(await standingsOf(phone.page)).toEqual(onTv);
      const mine = onTv.find((s) => s.name === phone.name);
      expect(await phone.page.getByTestId('my-total').innerText()).toBe(mine?.score);
    }
    for (const [seat, phone] of phones.entries()) {
      const mine = onTv.find((s) => s.name === phone.name);
      expect(await tv.getByTestId(`tv-total-${seat}`).innerText()).toBe(mine?.score);
    }

    await tv.getByRole('img', { name: /^Totals round by round/ }).waitFor();
    await tv.waitForTimeout(500);
    await saveScreenshot(tv, 'pairs-and-wagers-tv-end');
    await saveScreenshot(ann.page, 'pairs-and-wagers-phone-end');
    a11y['phone end'] = await seriousViolations(ann.page);
    a11y['tv end'] = await seriousViolations(tv);
    a11y['spectator end'] = await seriousViolations(spectator);

    // A rematch in the long game with Bet to Mid: the choices come first, on every phone at once.
    await tv.getByRole('button', { name: 'Play again' }).click();
    await tv.getByRole('radio', { name: /20 points/ }).check();
    await expect.poll(() => betToMid.isEnabled()).toBe(true);
    await betToMid.check();
    await expect.poll(() => betToMid.isChecked()).toBe(true);
    await tv.getByRole('button', { name: 'Start the game' }).click();
    for (const phone of phones) await phone.page.getByTestId('pw-mid-join').waitFor();
    await ann.page.getByTestId('pw-mid-join').tap();
    await bo.page.getByTestId('pw-mid-skip').tap();
    await expect.poll(() => bo.page.getByTestId('pw-mid-skip').getAttribute('aria-pressed')).toBe('true');
    await tv.getByTestId('pw-tv').getByText('✗ out').waitFor();
    await saveScreenshot(bo.page, 'pairs-and-wagers-phone-bet-to-mid');
    await saveScreenshot(tv, 'pairs-and-wagers-tv-bet-to-mid');
    a11y['phone bet to mid'] = await seriousViolations(bo.page);
    // Bo changes his mind before the last choice is in; Cy stays out.
    await bo.page.getByTestId('pw-mid-join').tap();
    await expect.poll(() => bo.page.getByTestId('pw-mid-join').getAttribute('aria-pressed')).toBe('true');
    await cy.page.getByTestId('pw-mid-skip').tap();
    const pool = tv.getByTestId('pw-mid');
    await expect.poll(() => pool.getAttribute('data-status')).toBe('open');
    expect(await pool.innerText()).toContain('2 points for the first of Ann and Bo to reach 10');
    await expect.poll(() => sheetOf(ann.page).getAttribute('data-my-turn')).toBe('true');
    await ann.page.getByTestId('pw-mid').getByText('2 points for the first of you and Bo to reach 10', { exact: false }).waitFor();

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

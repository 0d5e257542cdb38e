/**
 * A whole evening in real Chromium: a TV hosts, three phones join through the
 * UI, a spectator watches, and six rounds of Waiting for the Game to Start are
 * played by tapping. One phone reloads in the middle of a round and carries
 * on; at the end every screen shows the same standings.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV, noViolationsOn, standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

// A fixed dice seed, so every run plays the same game.
const TEST_SEED = '4603aabbb664103c106b62a2d9dca922';

interface Phone {
  name: string;
  page: Page;
  /** The round in which this player takes junk (if the button is offered). */
  junkRound: number | null;
}

const room = useBrowserRoom();

/** The phone sheet's round-line-step-state, or null when no sheet is shown. */
async function phaseOf(page: Page): Promise<string | null> {
  const sheet = page.getByTestId('wfgts-phone');
  return (await sheet.count()) > 0 ? sheet.getAttribute('data-phase') : null;
}

/** Tap the dice worth keeping (numbers 1–3, which make runs) so the picks match, then lock in. */
async function lockInLowDice(page: Page): Promise<void> {
  const dice = await page.locator('[data-testid^="die-"]').evaluateAll((buttons) =>
    buttons.map((b) => ({
      id: b.getAttribute('data-testid') ?? '',
      number: Number(/showing (\d+)/.exec(b.textContent ?? '')?.[1]),
      kept: b.getAttribute('aria-pressed') === 'true',
    })),
  );
  for (const die of dice) {
    if (die.number <= 3 !== die.kept) await page.getByTestId(die.id).tap();
  }
  await page.getByTestId('lock-in').tap();
}

/** Make this phone's move if it has one to make; true when it moved. */
async function move(phone: Phone): Promise<boolean> {
  const phase = await phaseOf(phone.page);
  if (phase === null || !phase.endsWith('-open')) return false;
  const [round, , step] = phase.split('-');
  if (step === 'carry') {
    await lockInLowDice(phone.page);
  } else {
    const junk = phone.junkRound === Number(round) && (await phone.page.getByTestId('score-junk').count()) > 0;
    await phone.page.getByTestId(junk ? 'score-junk' : 'score-best').tap();
  }
  await expect.poll(() => phaseOf(phone.page), { timeout: 10_000 }).not.toBe(phase);
  return true;
}

describe('a game night in the browser', () => {
  it('hosts, joins, plays six rounds by tapping, survives a reload and agrees on the standings', async () => {
    const a11y: Record<string, string[]> = {};

    // The TV opens the home page and hosts.
    const tv = await room.newPage(TV);
    await tv.goto(`${room.url}/?testSeed=${TEST_SEED}`);
    const hostButton = tv.getByRole('button', { name: 'Host on this screen' });
    await hostButton.waitFor();
    a11y.home = await seriousViolations(tv);
    await hostButton.click();
    await tv.waitForURL(/\/tv\/[A-Z]{4}$/);
    const code = tv.url().slice(-4);
    const joinAddress = (await tv.getByTestId('join-address').innerText()).trim();
    expect(joinAddress).toMatch(new RegExp(`/play/${code}$`));

    // Ann follows the TV's join address (what the QR code holds).
    const ann: Phone = { name: 'Ann', page: await room.newPage({ width: 360, height: 740 }, true), junkRound: null };
    await ann.page.goto(`http://${joinAddress}`);
    await expect.poll(() => ann.page.getByLabel('Room code').inputValue()).toBe(code);
    await ann.page.getByLabel('Your name').fill('Ann');
    await ann.page.getByRole('button', { name: 'Join the game' }).tap();
    await ann.page.getByRole('heading', { name: "You're in, Ann!" }).waitFor();

    // Bo types the code on the home page.
    const bo: Phone = { name: 'Bo', page: await room.newPage({ width: 360, height: 740 }, true), junkRound: 2 };
    await bo.page.goto(room.url);
    await bo.page.locator('#join-code').fill(code.toLowerCase());
    await bo.page.locator('#join-name').fill('Bo');
    await bo.page.getByRole('button', { name: 'Join', exact: true }).tap();
    await bo.page.getByRole('heading', { name: "You're in, Bo!" }).waitFor();

    // Cy opens the room's address directly.
    const cy: Phone = { name: 'Cy', page: await room.joinRoom(code, 'Cy', { width: 360, height: 740 }), junkRound: 5 };
    const phones = [ann, bo, cy];

    // The spectator reads the rules first, then watches.
    const spectator = await room.newPage({ width: 1280, height: 800 });
    await spectator.goto(`${room.url}/rules/wfgts`);
    await spectator.getByText('Jonathan Leistiko', { exact: true }).waitFor();
    await spectator.getByRole('heading', { name: 'Scoring line c' }).waitFor();
    a11y.rules = await seriousViolations(spectator);
    await spectator.goto(`${room.url}/watch/${code}`);
    await spectator.getByRole('heading', { name: "The game hasn't started yet" }).waitFor();

    // The TV runs the room: everyone shows up, it picks the game.
    for (const name of ['Ann', 'Bo', 'Cy']) await tv.getByText(name, { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
    const start = tv.getByRole('button', { name: 'Start the game' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await bo.page.getByText('Waiting for the Game to Start is up next.').waitFor();
    await expect.poll(() => ann.page.getByRole('radio', { name: /Waiting for the Game to Start/ }).isChecked()).toBe(true);
    await saveScreenshot(tv, 'tv-lobby');
    await saveScreenshot(ann.page, 'phone-lobby');
    a11y['phone lobby'] = await seriousViolations(ann.page);
    a11y['tv lobby'] = await seriousViolations(tv);
    a11y['spectator lobby'] = await seriousViolations(spectator);

    await start.click();
    for (const phone of phones) await phone.page.getByTestId('wfgts-phone').waitFor();

    let reloaded = false;
    let midRoundShot = false;
    const deadline = Date.now() + 180_000;
    while ((await tv.getByTestId('standings').count()) === 0) {
      if (Date.now() > deadline) throw new Error('the game did not finish in time');
      let moved = false;
      for (const phone of phones) {
        // Mid-round, before Ann scores round 4: the screens as people see them.
        if (!midRoundShot && (await phaseOf(phone.page)) === '4-c-score-open' && phone === ann) {
          midRoundShot = true;
          await tv.getByText('Line c is in: time to score').waitFor();
          // Let the roll's tumble settle before the picture.
          await tv.waitForTimeout(800);
          await saveScreenshot(tv, 'tv-mid-round');
          await saveScreenshot(ann.page, 'phone-mid-round');
          a11y['phone mid-round'] = await seriousViolations(ann.page);
          a11y['tv mid-round'] = await seriousViolations(tv);
          a11y['spectator mid-round'] = await seriousViolations(spectator);
        }
        if (await move(phone)) moved = true;
        // Bo locks in on line a of round 3, then reloads: the seat and the lock-in come back.
        if (!reloaded && phone === bo && (await phaseOf(bo.page)) === '3-a-carry-chosen') {
          reloaded = true;
          await bo.page.reload();
          await expect.poll(() => phaseOf(bo.page), { timeout: 15_000 }).toBe('3-a-carry-chosen');
          await expect(bo.page.getByTestId('lock-in').innerText()).resolves.toContain('Locked in');
        }
      }
      if (!moved) await tv.waitForTimeout(50);
    }
    expect(reloaded).toBe(true);
    expect(midRoundShot).toBe(true);

    // Everyone sees the same final standings.
    const onTv = await standingsOf(tv);
    expect(onTv.map((s) => s.name).sort()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(await standingsOf(spectator)).toEqual(onTv);
    for (const phone of phones) {
      expect(await standingsOf(phone.page)).toEqual(onTv);
      const mine = onTv.find((s) => s.name === phone.name);
      expect(await phone.page.getByTestId('my-total').innerText()).toBe(mine?.score);
    }
    // Bo and Cy each took junk once; Ann never did.
    expect(await bo.page.locator('.sheet .junk').count()).toBe(1);
    expect(await cy.page.locator('.sheet .junk').count()).toBe(1);
    expect(await ann.page.locator('.sheet .junk').count()).toBe(0);

    await tv.getByRole('img', { name: /^Score after each round/ }).waitFor();
    await saveScreenshot(tv, 'tv-end');
    await saveScreenshot(ann.page, 'phone-end');
    a11y['phone end'] = await seriousViolations(ann.page);
    a11y['tv end'] = await seriousViolations(tv);
    a11y['spectator end'] = await seriousViolations(spectator);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

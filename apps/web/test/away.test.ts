/**
 * A phone that goes away mid-game, in real Chromium, as the others see it: the
 * other phones, the TV and a spectator all name the away player at once, with
 * a countdown to when they are played for, then say the game plays their
 * default moves, or that a bot is playing for them; the "away 12 s" beside
 * their name counts on by itself. The game waits out the grace once, then
 * plays the away seat the moment it waits on it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const TEST_SEED = '62e2f6e4d5810752346a8ca5f5da8baf';

const room = useBrowserRoom();

/** The phone sheet's round-line-step-state. */
const phaseOf = (page: Page) => page.getByTestId('wfgts-phone').getAttribute('data-phase');

/** The away lines a screen shows, one string each. */
const awayLines = (page: Page) => page.getByTestId('away-notices').locator('li > span').allInnerTexts();

/** Seconds in a "played for in 0:12" countdown. */
function countdownOf(line: string | undefined): number {
  const m = /in (\d+):(\d\d)$/.exec(line ?? '');
  if (m === null) throw new Error(`no countdown in "${line}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The TV picks Waiting for the Game to Start with this "When a phone is away", and starts it. */
async function startWfgts(tv: Page, names: string[], whenAway: string, rule: RegExp): Promise<void> {
  for (const name of names) await tv.getByText(name, { exact: true }).first().waitFor();
  await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
  await tv.getByText('Room settings').click();
  const choice = tv.getByRole('radio', { name: whenAway });
  await choice.check();
  await expect.poll(() => choice.isChecked()).toBe(true);
  // The lobby says in full what the choice does.
  await expect.poll(() => tv.getByTestId('when-away-rule').innerText()).toMatch(rule);
  await tv.getByRole('button', { name: 'Done' }).click();
  await tv.getByRole('button', { name: 'Start the game' }).click();
}

describe('an away phone, as everyone else sees it', () => {
  it('is named on the other phones, the TV and to spectators with a countdown, then its defaults are played at once', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    const cy = await room.joinRoom(code, 'Cy');
    await startWfgts(tv, ['Ann', 'Bob', 'Cy'], 'Default after 15 s', /^An away player has 15 s to come back\. After that/);
    for (const page of [ann, bob, cy]) await page.getByTestId('wfgts-phone').waitFor();
    const watcher = await room.newPage(PHONE);
    await watcher.goto(`${room.url}/watch/${code}`);
    await watcher.getByTestId('game-screen').waitFor();

    // Bob's phone dies. Cy (who does not lead), Ann, the TV and the spectator all say so, counting down the same grace.
    await bob.context().close();
    const screens = { 'Cy’s phone': cy, 'Ann’s phone': ann, TV: tv, spectator: watcher };
    for (const page of Object.values(screens)) {
      await expect.poll(() => awayLines(page), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Bob is away — played for in 0:1\d$/)]);
    }
    const first = countdownOf((await awayLines(cy))[0]);
    await expect.poll(async () => countdownOf((await awayLines(cy))[0]), { timeout: 5_000 }).toBeLessThan(first);
    // Only the screens that run the room may play for Bob now; nobody else gets the button.
    await tv.getByTestId('away-notices').getByRole('button', { name: 'Play for Bob now' }).waitFor();
    expect(await cy.getByTestId('away-notices').getByRole('button').count()).toBe(0);
    expect(await watcher.getByTestId('away-notices').getByRole('button').count()).toBe(0);
    // The "away" beside Bob's name on the TV board counts on with no new view.
    const bobOnTv = tv.locator('.scores li', { hasText: 'Bob' });
    await expect.poll(() => bobOnTv.innerText(), { timeout: 15_000 }).toMatch(/away \d+ s/);
    const shownAt = Number(/away (\d+) s/.exec(await bobOnTv.innerText())?.[1]);
    await expect.poll(async () => Number(/away (\d+) s/.exec(await bobOnTv.innerText())?.[1]), { timeout: 5_000 }).toBeGreaterThan(shownAt);
    await saveScreenshot(cy, 'away-countdown-phone');
    await saveScreenshot(tv, 'away-countdown-tv');
    await saveScreenshot(watcher, 'away-countdown-spectator');
    const a11y: Record<string, string[]> = {
      'countdown on a phone': await seriousViolations(cy),
      'countdown on the TV': await seriousViolations(tv),
      'countdown to a spectator': await seriousViolations(watcher),
    };

    // Ann and Cy lock in. At the end of the grace Bob's carry is played, and on line b his carry comes at once.
    for (const page of [ann, cy]) await page.getByTestId('lock-in').tap();
    for (const page of Object.values(screens)) {
      await expect.poll(() => awayLines(page), { timeout: 20_000 }).toEqual([
        expect.stringMatching(/^Bob has been away for \d+ s — the game plays their default moves$/),
      ]);
    }
    await expect.poll(() => phaseOf(ann), { timeout: 10_000 }).toBe('1-b-carry-open');
    await tv.locator('.scores li', { hasText: 'Bob' }).getByText('locked in').waitFor();
    await expect.poll(() => awayLines(cy)).toEqual([expect.stringMatching(/^Bob has been away for \d+ s — the game plays their default moves$/)]);
    const log = await room.server.store.journal(code);
    expect(log.filter((e) => e.kind === 'action' && e.seat === 1).map((e) => e.detail.by)).toEqual(['away', 'away']);
    await saveScreenshot(cy, 'away-played-for-phone');
    a11y['played for, on a phone'] = await seriousViolations(cy);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('says on every screen that a bot is playing for the away player once their grace is over', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    await startWfgts(tv, ['Ann', 'Bob'], 'Bot after 15 s', /^An away player has 15 s to come back\. After that, a bot plays for them/);
    for (const page of [ann, bob]) await page.getByTestId('wfgts-phone').waitFor();
    const watcher = await room.newPage(PHONE);
    await watcher.goto(`${room.url}/watch/${code}`);
    await watcher.getByTestId('game-screen').waitFor();

    await bob.context().close();
    await expect.poll(() => awayLines(ann), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Bob is away — a bot plays for them in 0:1\d$/)]);
    for (const page of [ann, tv, watcher]) {
      await expect.poll(() => awayLines(page), { timeout: 25_000 }).toEqual([expect.stringMatching(/^A bot is playing for Bob \(away \d+ s\)$/)]);
    }
    // The bot did play: Bob's carry is in, by the bot, while Ann has not moved.
    await tv.locator('.scores li', { hasText: 'Bob' }).getByText('locked in').waitFor();
    const log = await room.server.store.journal(code);
    expect(log.filter((e) => e.kind === 'action').map((e) => [e.seat, e.detail.by])).toEqual([[1, 'bot']]);
    await saveScreenshot(ann, 'away-bot-phone');
    await saveScreenshot(tv, 'away-bot-tv');
    const a11y = { 'bot on a phone': await seriousViolations(ann), 'bot on the TV': await seriousViolations(tv) };

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

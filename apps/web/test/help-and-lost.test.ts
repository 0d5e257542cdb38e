/**
 * Help where people are, in real Chromium: "How to play" opens over the room
 * on a phone, in the lobby and during a game, and closes back to the same
 * screen without the page going anywhere. An address with nothing behind it
 * gets a styled page with a way home.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const TEST_SEED = '0dd5ba11c0ffee000123456789abcdef';

const room = useBrowserRoom();

/** Open the help sheet from `opener`, check it covers the room without leaving it, and close it again. */
async function readHelp(page: Page, opener: string, screenshot: string): Promise<void> {
  const address = page.url();
  await page.getByRole('button', { name: 'How to play' }).first().tap();
  const sheet = page.getByRole('dialog', { name: 'How to play Waiting for the Game to Start' });
  await sheet.waitFor();
  // The rules page's own text, over the room: the address and the room under the sheet stay.
  await sheet.getByRole('heading', { level: 2 }).first().waitFor();
  expect(page.url()).toBe(address);
  expect(await page.locator(opener).count()).toBe(1);
  await saveScreenshot(page, screenshot);
  expect(await seriousViolations(page)).toEqual([]);

  await sheet.getByRole('button', { name: 'Back to the game' }).tap();
  await expect.poll(() => sheet.isVisible()).toBe(false);
  expect(page.url()).toBe(address);
  expect(await page.locator(opener).isVisible()).toBe(true);
}

describe('help and lost pages', () => {
  it('opens How to play over the room, in the lobby and mid-game, and closes back to it', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();

    await ann.getByRole('button', { name: 'How to play' }).waitFor();
    await readHelp(ann, '#hello-title', 'help-phone-lobby');

    await tv.getByRole('button', { name: 'Start the game' }).click();
    await ann.getByTestId('wfgts-phone').waitFor();
    await readHelp(ann, '[data-testid="wfgts-phone"]', 'help-phone-game');
    expect(room.pageErrors).toEqual([]);
  });

  it('shows a styled page with a way home for an address with nothing behind it', async () => {
    const page = await room.newPage({ width: 390, height: 844 }, true);
    await page.goto(`${room.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Nothing on this page' }).waitFor();
    await saveScreenshot(page, 'not-found-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to the start' }).tap();
    await page.getByRole('button', { name: 'Host on this screen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(room.pageErrors).toEqual([]);
  });
});

/**
 * A second TV, in real Chromium: opened on a room without the host token, it
 * shows a code and waits (seeing nothing where the room refuses spectators);
 * the lead's phone or the first TV types that code and the screen gets the
 * controls, kept across a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const TEST_SEED = '62e2f6e4d5810752346a8ca5f5da8baf';

const room = useBrowserRoom();

/** A TV page in a fresh browser (no token remembered) on the room's TV address. */
async function anotherTv(code: string): Promise<Page> {
  const page = await room.newPage(TV);
  await page.goto(`${room.url}/tv/${code}`);
  return page;
}

/** The letters shown as a code's tiles, read from their spoken label. */
async function codeShown(page: Page, selector: string): Promise<string> {
  const label = await page.locator(selector).getAttribute('aria-label');
  return (label ?? '').replaceAll(' ', '');
}

/** Type the waiting screen's code into a lead screen's form and let it in. */
async function letIn(lead: Page, screen: string): Promise<void> {
  const field = lead.getByLabel('Another TV? Type the code it shows');
  // A TV's lobby folds the room's settings, this form among them, into one line.
  if (!(await field.isVisible())) await lead.getByText('Room settings').click();
  await field.fill(screen.toLowerCase());
  await field.press('Enter');
  await lead.getByText(`Screen ${screen} is in`).waitFor();
}

describe('a second TV', () => {
  it("waits unseen in a room without spectators until the lead's phone lets it in, then runs the room", async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const spectators = ann.getByLabel('Allow spectators');
    await spectators.uncheck();
    await expect.poll(() => spectators.isChecked()).toBe(false);

    const second = await anotherTv(code);
    const waiting = second.getByTestId('screen-waiting');
    await waiting.waitFor();
    // Nothing of the room shows on it: no players, no controls.
    expect(await second.getByText('Ann').count()).toBe(0);
    expect(await second.getByRole('button', { name: 'Start the game' }).count()).toBe(0);
    const screen = await codeShown(second, '[data-testid="screen-waiting"] .code');
    expect(screen).toMatch(/^[A-Z]{6}$/);
    await saveScreenshot(second, 'screens-waiting-tv');
    const a11y: Record<string, string[]> = { 'waiting TV': await seriousViolations(second) };

    // A mistyped code is refused in words, and lets nothing in.
    const field = ann.getByLabel('Another TV? Type the code it shows');
    await field.fill('ZZZZZZ');
    await field.press('Enter');
    await ann.getByText('No screen is waiting with that code').waitFor();

    await letIn(ann, screen);
    await second.getByRole('button', { name: 'Start the game' }).waitFor();
    await second.getByText(/Ann/).first().waitFor();
    await saveScreenshot(second, 'screens-let-in-tv');
    a11y['let-in TV'] = await seriousViolations(second);

    // Its controls work, and come back after a reload: the browser kept its token.
    await second.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
    await expect.poll(() => tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).isChecked()).toBe(true);
    await second.reload();
    await second.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('watching where spectators may, shows its code and is let in by the first TV', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    await room.joinRoom(code, 'Bea');
    const second = await anotherTv(code);
    // It shows the room as a spectator would, with the code in its bar.
    await second.getByText(/Bea/).first().waitFor();
    const pill = second.getByTestId('screen-code');
    await pill.waitFor();
    expect(await second.getByRole('button', { name: 'Start the game' }).count()).toBe(0);
    const screen = ((await pill.textContent()) ?? '').replace('Screen', '').trim();
    expect(screen).toMatch(/^[A-Z]{6}$/);

    await letIn(tv, screen);
    await second.getByRole('button', { name: 'Start the game' }).waitFor();
    await pill.waitFor({ state: 'detached' });
    expect(room.pageErrors).toEqual([]);
  });
});

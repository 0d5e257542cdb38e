/**
 * Family mode and streamer mode in real Chromium: a rude name is refused on
 * the join form until the lead turns family mode off; the TV turns streamer
 * mode on and shows neither the room code nor its QR code, the lead's phone
 * shows both and puts them back on the TV.
 */
import { expect as poll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';

const room = useBrowserRoom();

/**
 * Whether the page shows the room code anywhere a viewer could read it: its
 * text, its title or an image of it. SvelteKit's route announcer, off screen
 * for screen readers, keeps the title the page opened with; nobody sees it.
 */
async function showsCode(page: Page, code: string): Promise<boolean> {
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.querySelector('#svelte-announcer')?.remove();
    document.documentElement.append(copy);
    const seen = copy.innerText;
    copy.remove();
    return seen;
  });
  const codeAlone = new RegExp(`\\b${code}\\b`);
  return codeAlone.test(text) || codeAlone.test(await page.title()) || (await page.getByRole('img', { name: /QR code to join/ }).count()) > 0;
}

describe('family mode', () => {
  it('refuses a rude name on the join form until the lead turns it off in the lobby', async () => {
    const { code } = await room.hostRoom(SEED);
    const ann = await room.joinRoom(code, 'Ann');

    const rude = await room.newPage(PHONE, true);
    await rude.goto(`${room.url}/play/${code}`);
    await rude.getByLabel('Your name').fill('Merde');
    await rude.getByRole('button', { name: 'Join the game' }).tap();
    await poll.poll(() => rude.getByRole('alert').innerText()).toBe('This table is in family mode: pick a name without swearing.');
    await saveScreenshot(rude, 'family-mode-refused');
    expect((await room.server.store.load(code))?.seats.map((s) => s.name)).toEqual(['Ann']);

    const familyMode = ann.getByLabel('Family mode: no swearing in names');
    expect(await familyMode.isChecked()).toBe(true);
    await familyMode.tap();
    await poll.poll(() => familyMode.isChecked()).toBe(false);
    await rude.getByRole('button', { name: 'Join the game' }).tap();
    await rude.getByRole('heading', { name: "You're in, Merde!" }).waitFor();
    expect(room.pageErrors).toEqual([]);
  });
});

describe('streamer mode', () => {
  it("hides the code and QR code on the TV, shows them on the lead's phone, which puts them back on the TV", async () => {
    const { tv, code } = await room.hostRoom(SEED);
    const ann = await room.joinRoom(code, 'Ann');
    expect(await showsCode(tv, code)).toBe(true);

    // The TV's settings fold into one line; streamer mode is one of them.
    await tv.getByText('Room settings').click();
    await tv.getByLabel('Streamer mode: hide the room code on the TV').check();
    // The settings panel, two switches longer, stays within the TV's height (it scrolls to its Done button).
    await saveScreenshot(tv, 'streamer-tv-settings');
    const panel = tv.locator('.settings-panel');
    expect(await panel.evaluate((p) => p.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await tv.getByRole('button', { name: 'Done' }).click();
    await tv.getByTestId('streamer-panel').waitFor();
    await poll.poll(() => showsCode(tv, code)).toBe(false);
    expect(await tv.getByTestId('room-code').count()).toBe(0);
    expect(await tv.getByTestId('join-address').count()).toBe(0);
    await saveScreenshot(tv, 'streamer-tv');
    expect(await seriousViolations(tv)).toEqual([]);

    // The lead's phone has the code and the QR code to show the people they invite.
    const card = ann.getByTestId('streamer-code');
    await card.waitFor();
    expect(await ann.getByTestId('streamer-room-code').innerText()).toBe(code);
    expect(await card.getByRole('img', { name: `QR code to join room ${code}` }).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(ann, 'streamer-phone');
    expect(await seriousViolations(ann)).toEqual([]);

    await ann.getByRole('button', { name: 'Show the code on the TV again' }).tap();
    await tv.getByTestId('room-code').waitFor();
    expect(await tv.getByTestId('room-code').getAttribute('aria-label')).toBe(code.split('').join(' '));
    expect(await showsCode(tv, code)).toBe(true);
    await card.waitFor({ state: 'detached' });

    // The TV can hide it again and show it again from its own screen.
    await tv.getByText('Room settings').click();
    await tv.getByLabel('Streamer mode: hide the room code on the TV').check();
    await tv.getByRole('button', { name: 'Done' }).click();
    await tv.getByRole('button', { name: 'Show the code' }).click();
    await tv.getByTestId('room-code').waitFor();
    expect(room.pageErrors).toEqual([]);
  });
});

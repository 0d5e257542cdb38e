/**
 * A phone heard, not seen: its assertive live region says "It's your turn"
 * when the game comes to it, and its polite region whose turn it is when the
 * turn passes to another seat.
 */
import { expect as poll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useBrowserRoom } from './browser-room.js';

const SEED = '5b0ce7ed5b0ce7ed5b0ce7ed5b0ce7ed';

// Generous: two cores may be running other browser tests beside this one.
const WAIT_MS = 30_000;

const room = useBrowserRoom();

/** Every text a live region took since this was called, without the mark that makes a repeat new. */
async function listen(page: Page, testid: string): Promise<() => Promise<string[]>> {
  await page.getByTestId(testid).waitFor({ state: 'attached' });
  await page.evaluate((id) => {
    const region = document.querySelector(`[data-testid="${id}"]`)!;
    const said: string[] = [];
    (window as unknown as Record<string, string[]>)[id] = said;
    new MutationObserver(() => said.push((region.textContent ?? '').replace(/\u200b/g, ''))).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, testid);
  return () => page.evaluate((id) => (window as unknown as Record<string, string[]>)[id]!, testid);
}

describe('a phone heard, not seen', () => {
  it("says it's your turn when the game comes to this phone, and whose turn it is when it passes on", async () => {
    const ann = await room.newPage(PHONE, true);
    await ann.goto(`${room.url}/?testSeed=${SEED}`);
    await ann.getByLabel('Your name').last().fill('Ann');
    await ann.getByRole('button', { name: 'Open a room on this phone' }).tap();
    await ann.getByRole('heading', { name: "You're in, Ann!" }).waitFor();
    await ann.getByRole('radio', { name: /Meet Fate/ }).check();
    await ann.getByRole('radio', { name: 'Easy' }).check();
    await ann.getByRole('button', { name: 'Add a bot' }).tap();
    await poll.poll(() => ann.locator('.players li').count(), { timeout: WAIT_MS }).toBe(2);

    const alerted = await listen(ann, 'announce-assertive');
    const said = await listen(ann, 'announce-polite');
    await ann.getByRole('button', { name: 'Start the game' }).tap();
    const sheet = ann.getByTestId('meet-fate-phone');
    await poll.poll(() => sheet.getAttribute('data-turn'), { timeout: WAIT_MS }).toBe('1-0-0');
    await poll.poll(alerted, { timeout: WAIT_MS }).toEqual(["It's your turn"]);

    await ann.getByTestId('mf-roll').tap();
    await poll.poll(() => sheet.getAttribute('data-turn'), { timeout: WAIT_MS }).toBe('1-0-1');
    await ann.getByTestId('mf-score').tap();
    // The bot's turn is said politely; the next of Ann's turns interrupts again.
    // Read with the score just made, as one text.
    await poll.poll(async () => (await said()).join('\n'), { timeout: WAIT_MS }).toContain("Bot Ada's turn");
    await poll.poll(alerted, { timeout: WAIT_MS }).toEqual(["It's your turn", "It's your turn"]);
    expect(room.pageErrors).toEqual([]);
  });
});

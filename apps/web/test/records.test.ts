/**
 * A phone's own records in real Chromium. One phone plays Meet Fate alone
 * twice, in two rooms under two names: the first end says nothing of a best,
 * the second, with a higher score, says it is the phone's best, and still
 * does after a reload. The records page (linked from the start page) counts
 * two games with the best and the average, reloads count nothing twice, the
 * TV keeps no records, and clearing them (after a confirmation) empties the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetFate } from '@rollcall/rules';
import { standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

// Two seeds whose solo games, played by the phone's big button, end with the second scoring higher.
const FIRST_SEED = 'c6dd06d5ccc42d4c5d41ad0693e98bf6';
const SECOND_SEED = 'cd30f5b58c56398ae5e0ada8152e72f1';

const room = useBrowserRoom();

/** Host Meet Fate on a new TV with this seed, start it with the phone seated, and play every box with one roll. */
async function playSolo(phone: Page, seed: string, name: string): Promise<number> {
  const { tv, code } = await room.hostRoom(seed);
  await phone.goto(`${room.url}/play/${code}`);
  await phone.getByLabel('Your name').fill(name);
  await phone.getByRole('button', { name: 'Join the game' }).tap();
  await phone.getByRole('heading', { name: `You're in, ${name}!` }).waitFor();
  await tv.getByRole('radio', { name: /Meet Fate/ }).check();
  const start = tv.getByRole('button', { name: 'Start the game' });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();

  let total = 0;
  for (let round = 1; round <= meetFate.BOX_IDS.length; round++) {
    await expect.poll(() => phone.getByTestId('meet-fate-phone').getAttribute('data-turn'), { timeout: 10_000 }).toBe(`${round}-0-0`);
    await phone.getByTestId('mf-roll').tap();
    await expect.poll(() => phone.getByTestId('meet-fate-phone').getAttribute('data-turn')).toBe(`${round}-0-1`);
    const offered = await phone.getByTestId('mf-score').innerText();
    total += Number(/^Score (\d+) in /.exec(offered)?.[1]);
    await phone.getByTestId('mf-score').tap();
  }
  expect(await standingsOf(phone)).toEqual([{ name, place: '1', score: String(total) }]);
  // The TV saw the same end and keeps no records of its own.
  expect(await standingsOf(tv)).toEqual([{ name, place: '1', score: String(total) }]);
  expect(await tv.evaluate(() => window.localStorage.getItem('rollcall:records'))).toBeNull();
  return total;
}

/** The records page's line for Meet Fate, column by column. */
async function meetFateLine(phone: Page): Promise<Record<string, string>> {
  const row = phone.getByTestId('records').locator('tr[data-game="meet-fate"]');
  await row.waitFor();
  return row.locator('td').evaluateAll((cells) => Object.fromEntries(cells.map((c) => [c.getAttribute('data-col'), c.textContent?.trim()])));
}

describe('records on the phone', () => {
  it('counts each finished game once, says when a score is the best yet, and clears', async () => {
    const phone = await room.newPage({ width: 360, height: 640 }, true);

    const first = await playSolo(phone, FIRST_SEED, 'Cy');
    // A first game has no best to beat.
    await expect.poll(() => phone.getByTestId('your-best').count()).toBe(0);
    await phone.reload();
    await standingsOf(phone);
    await expect.poll(() => phone.getByTestId('your-best').count()).toBe(0);

    const second = await playSolo(phone, SECOND_SEED, 'Cyrus');
    expect(second).toBeGreaterThan(first);
    const best = `Your best in Meet Fate! ${second} beats your ${first}.`;
    await expect.poll(() => phone.getByTestId('your-best').innerText()).toBe(best);
    await phone.getByTestId('your-best').scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'records-phone-best');
    expect(await seriousViolations(phone)).toEqual([]);

    // A reload shows the same end and the same words, and counts nothing again.
    await phone.reload();
    await expect.poll(() => phone.getByTestId('your-best').innerText(), { timeout: 10_000 }).toBe(best);

    await phone.goto(room.url);
    await phone.getByRole('link', { name: 'My records on this phone' }).tap();
    await phone.waitForURL(/\/records$/);
    expect(await meetFateLine(phone)).toEqual({
      played: '2',
      won: '2',
      best: String(second),
      average: String(Math.round(((first + second) / 2) * 10) / 10),
    });
    expect(await phone.getByTestId('records').locator('tbody tr').count()).toBe(1);
    expect(await phone.getByTestId('record-names').locator('li').allInnerTexts()).toEqual(['Cyrus', 'Cy']);
    await saveScreenshot(phone, 'records-page');
    expect(await seriousViolations(phone)).toEqual([]);

    // Clearing asks first; keeping them changes nothing.
    await phone.getByRole('button', { name: 'Clear my records' }).tap();
    await phone.getByRole('button', { name: 'Keep them' }).tap();
    expect((await meetFateLine(phone)).played).toBe('2');
    await phone.getByRole('button', { name: 'Clear my records' }).tap();
    await phone.getByText("Clear every record on this phone? This can't be undone.").waitFor();
    await phone.getByRole('button', { name: 'Yes, clear them' }).tap();
    await phone.getByTestId('no-records').waitFor();
    expect(await phone.getByTestId('records').count()).toBe(0);
    await phone.reload();
    await phone.getByTestId('no-records').waitFor();
    expect(await phone.evaluate(() => window.localStorage.getItem('rollcall:records'))).toBeNull();
    await saveScreenshot(phone, 'records-cleared');
    expect(await seriousViolations(phone)).toEqual([]);
    expect(room.pageErrors).toEqual([]);
  });
});

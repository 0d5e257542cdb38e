/**
 * Ending a game early, in real Chromium, in a room with sealed dice: the lead
 * ends Ten Phases from her phone after a confirmation and the other phone,
 * the TV and a spectator see who ended it; then the TV ends the next game
 * straight into Powers 'n Points, which starts by itself once the phones have
 * added their client seeds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const room = useBrowserRoom();


/** Whoever's turn it is in Ten Phases rolls every die once and stops. */
async function playATurn(phones: readonly Page[]): Promise<void> {
  await expect.poll(async () => (await Promise.all(phones.map((p) => p.getByTestId('tp-roll').count()))).some((n) => n > 0)).toBe(true);
  for (const phone of phones) {
    if ((await phone.getByTestId('tp-roll').count()) === 0) continue;
    await phone.getByTestId('tp-roll').tap();
    await phone.getByTestId('tp-stop').tap();
    await expect.poll(() => phone.getByTestId('tp-stop').count()).toBe(0);
    return;
  }
}

describe('ending a game early', () => {
  it('the lead ends Ten Phases from her phone after a confirmation; the other phone, the TV and a spectator see who ended it', async () => {
    const a11y: Record<string, string[]> = {};
    const { tv, code } = await room.hostSealedRoom();
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    const watcher = await room.newPage(TV);
    await watcher.goto(`${room.url}/watch/${code}`);
    await tv.getByText('Bob', { exact: true }).first().waitFor();
    await ann.getByRole('radio', { name: /Ten Phases/ }).check();
    await ann.getByRole('button', { name: 'Start the game' }).tap();
    for (const phone of [ann, bob]) await phone.getByTestId('tp-phone').waitFor();
    await playATurn([ann, bob]);

    // Only the lead's phone offers to end the game, and it asks first.
    expect(await bob.getByRole('button', { name: 'End this game' }).count()).toBe(0);
    await ann.getByRole('button', { name: 'End this game' }).tap();
    const question = ann.getByRole('group', { name: 'End this game for everyone?' });
    await question.waitFor();
    // The focus is on the answer that ends nothing.
    await expect.poll(() => ann.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep playing');
    await question.scrollIntoViewIfNeeded();
    await saveScreenshot(ann, 'end-game-confirm-phone');
    a11y['phone confirmation'] = await seriousViolations(ann);
    await question.getByRole('button', { name: 'Keep playing' }).tap();
    await expect.poll(() => question.count()).toBe(0);
    await ann.getByTestId('tp-phone').waitFor();

    await ann.getByRole('button', { name: 'End this game' }).tap();
    await question.getByRole('radio', { name: /Back to the lobby/ }).check();
    await question.getByRole('button', { name: 'End the game' }).tap();

    // Everyone is told, in the same words: not a silent jump back to the lobby.
    for (const page of [ann, bob, tv, watcher]) {
      await expect.poll(() => page.getByTestId('ended-note').textContent()).toContain('Ann ended Ten Phases early.');
    }
    await bob.getByRole('heading', { name: 'Next game, Bob!' }).waitFor();
    // The ended game's dice are revealed, and its record is a link away.
    await bob.getByTestId('dice-revealed').waitFor();
    const link = bob.getByTestId('ended-note').getByRole('link', { name: 'Verify the dice' });
    await link.waitFor();
    await saveScreenshot(bob, 'end-game-ended-phone');
    await saveScreenshot(tv, 'end-game-ended-tv');
    a11y['phone after the end'] = await seriousViolations(bob);
    a11y['tv after the end'] = await seriousViolations(tv);

    const verify = await room.newPage(TV);
    await verify.goto(`${room.url}${await link.getAttribute('href')}`);
    await expect.poll(() => verify.getByTestId('verdict').textContent(), { timeout: 15_000 }).toContain('Verified');
    await expect.poll(() => verify.getByTestId('verdict').textContent()).toContain('Ann, the lead, ended it early');
    // Played back, it stops where she ended it.
    await verify.getByRole('link', { name: 'Watch it again' }).click();
    await verify.getByTestId('replay-step').waitFor({ timeout: 15_000 });
    await verify.getByRole('slider').press('End');
    await verify.getByTestId('replay-ended').waitFor();
    expect(await verify.getByTestId('replay-ended').textContent()).toBe('The lead ended the game here, before its end.');

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it("the TV ends a game straight into Powers 'n Points, which starts with the same players once their phones are in", async () => {
    const { tv, code } = await room.hostSealedRoom();
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    await tv.getByText('Bob', { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Ten Phases/ }).check();
    await tv.getByRole('button', { name: 'Start the game' }).click();
    for (const phone of [ann, bob]) await phone.getByTestId('tp-phone').waitFor();
    await playATurn([ann, bob]);

    // The TV's menu bar has its own "End game", which asks at once.
    await tv.getByText('End game', { exact: true }).click();
    const question = tv.getByRole('group', { name: 'End this game for everyone?' });
    await question.getByRole('combobox', { name: 'Next game' }).selectOption({ label: "Write And Roll: Powers 'n Points" });
    expect(await question.getByRole('radio', { name: /Straight into/ }).isChecked()).toBe(true);
    await saveScreenshot(tv, 'end-game-confirm-tv');
    const a11y: Record<string, string[]> = { 'tv confirmation': await seriousViolations(tv) };
    await question.getByRole('button', { name: 'End the game' }).click();
    await expect.poll(() => question.count()).toBe(0);

    const said = "The TV ended Ten Phases early and started Write And Roll: Powers 'n Points.";
    for (const phone of [ann, bob]) {
      await phone.getByTestId('war-phone').waitFor();
      await expect.poll(() => phone.getByTestId('ended-note').textContent()).toContain(said);
    }
    await expect.poll(() => tv.getByTestId('ended-note').textContent()).toContain(said);
    await saveScreenshot(bob, 'end-game-straight-into-phone');
    a11y['phone in the next game'] = await seriousViolations(bob);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

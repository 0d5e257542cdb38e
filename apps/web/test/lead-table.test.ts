/**
 * A player leaves for good in the middle of a game, in real Chromium: the
 * lead removes their seat from her phone (asked twice, since it cannot be
 * undone), and from then on that seat's default move is played the moment
 * the game waits on it, so the game carries on for the others, in turns or
 * all at once; every screen says so. The TV has the same list of players.
 * And when the lead's own phone is gone, another player takes the lead.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const TEST_SEED = '4603aabbb664103c106b62a2d9dca922';

const room = useBrowserRoom();

const phaseOf = (page: Page) => page.getByTestId('wfgts-phone').getAttribute('data-phase');

describe("the lead's table controls", () => {
  it('remove a player who left mid-game; their seat is played at once from then on, so the game goes on', async () => {
    const a11y: Record<string, string[]> = {};
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    const cy = await room.joinRoom(code, 'Cy');
    for (const name of ['Ann', 'Bob', 'Cy']) await tv.getByText(name, { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
    await tv.getByRole('button', { name: 'Start the game' }).click();
    for (const page of [ann, bob, cy]) await page.getByTestId('wfgts-phone').waitFor();

    // Only the lead's phone has the table controls.
    const players = ann.getByRole('region', { name: 'Players' });
    await players.waitFor();
    expect(await cy.getByRole('region', { name: 'Players' }).count()).toBe(0);
    expect(await players.getByRole('button', { name: 'Remove Ann' }).count()).toBe(0);

    // Removing takes a second tap; "Keep" backs out.
    await players.getByRole('button', { name: 'Remove Bob' }).tap();
    // The question takes the place, and the focus, of the button tapped.
    await expect.poll(() => ann.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Remove Bob?');
    await players.getByRole('button', { name: 'Keep' }).tap();
    await players.getByRole('button', { name: 'Remove Bob' }).tap();
    await players.getByRole('button', { name: 'Remove Bob?' }).tap();
    await bob.getByRole('heading', { name: "You're out of this game" }).waitFor();
    await players.getByText('removed').waitFor();
    // Nobody waits for Bob: his carry is played at once, and every screen says his seat is played for.
    await tv.locator('.scores li', { hasText: 'Bob' }).getByText('locked in').waitFor();
    await cy.locator('.everyone li', { hasText: 'Bob' }).getByText('locked in').waitFor();
    await expect.poll(() => tv.getByText('Still choosing:').innerText()).toBe('Still choosing: Ann and Cy');
    for (const page of [tv, ann, cy]) {
      await page.getByTestId('away-notices').getByText('Bob was removed — the game plays their default moves').waitFor();
    }
    expect(await tv.getByRole('button', { name: 'Play for Bob now' }).count()).toBe(0);
    await saveScreenshot(ann, 'lead-table-phone');
    a11y['phone table'] = await seriousViolations(ann);

    // Ann's and Cy's carries roll line b, and Bob's carry for it is in at once again.
    for (const page of [ann, cy]) {
      expect(await phaseOf(page)).toBe('1-a-carry-open');
      await page.getByTestId('lock-in').tap();
    }
    for (const page of [ann, cy]) await expect.poll(() => phaseOf(page)).toBe('1-b-carry-open');
    await expect.poll(() => tv.getByText('Still choosing:').innerText()).toBe('Still choosing: Ann and Cy');
    const log = await room.server.store.journal(code);
    expect(log.filter((e) => e.kind === 'action' && e.seat === 1).map((e) => e.detail.by)).toEqual(['away', 'away']);
    await saveScreenshot(tv, 'lead-table-tv');
    a11y['tv empty seat'] = await seriousViolations(tv);
    // The TV keeps its own list of players folded away under the board, with the same Remove buttons.
    await tv.getByText('Players', { exact: true }).click();
    const tvPlayers = tv.locator('details.table-controls');
    await tvPlayers.getByRole('button', { name: 'Remove Cy' }).waitFor();
    expect(await tvPlayers.getByRole('button', { name: 'Remove Bob' }).count()).toBe(0);
    await saveScreenshot(tv, 'lead-table-tv-players');
    a11y['tv players'] = await seriousViolations(tv);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it("play a removed player's turns at once in a turn-based game, and say so on the TV and the phones", async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    await tv.getByText('Bob', { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Meet Fate/ }).check();
    const bobFirst = tv.locator('input[name="mf-first-seat"][value="1"]');
    await bobFirst.check();
    await expect.poll(() => bobFirst.isChecked()).toBe(true);
    await tv.getByRole('button', { name: 'Start the game' }).click();
    const annSheet = ann.getByTestId('meet-fate-phone');
    await annSheet.waitFor();
    await tv.getByRole('heading', { name: "Bob's turn", exact: true }).waitFor();

    // Bob is removed on his turn: his turn is played for him at once (a roll, then the best box), and Ann's comes.
    await ann.getByRole('button', { name: 'Remove Bob' }).tap();
    await ann.getByRole('button', { name: 'Remove Bob?' }).tap();
    await bob.getByRole('heading', { name: "You're out of this game" }).waitFor();
    await tv.getByRole('heading', { name: "Ann's turn", exact: true }).waitFor();
    await expect.poll(() => annSheet.getAttribute('data-turn')).toBe('1-0-0');
    for (const page of [tv, ann]) {
      await page.getByTestId('away-notices').getByText('Bob was removed — the game plays their default moves').waitFor();
    }
    await saveScreenshot(tv, 'lead-table-removed-turn-tv');
    const a11y = { 'removed player on the TV': await seriousViolations(tv) };

    // Ann rolls and scores; Bob's next turn is played the moment it comes, and it is Ann's turn again.
    await ann.getByTestId('mf-roll').tap();
    await expect.poll(() => annSheet.getAttribute('data-turn')).toBe('1-0-1');
    await ann.getByTestId('mf-score').tap();
    await expect.poll(() => annSheet.getAttribute('data-turn')).toBe('2-0-0');
    const bobs = (await room.server.store.journal(code)).filter((e) => e.kind === 'action' && e.seat === 1);
    expect(bobs.length).toBeGreaterThanOrEqual(4);
    expect(bobs.every((e) => e.detail.by === 'away')).toBe(true);
    // The TV may draw the moment it was Bob's turn a little after Ann's phone has moved on: count once it is Ann's turn there too.
    await tv.getByRole('heading', { name: "Ann's turn", exact: true }).waitFor();
    expect(await tv.getByText('(removed)').count()).toBe(0);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it("let another player take the lead when the lead's phone is gone", async () => {
    const { code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    await bob.getByText('Waiting for Ann to start.').waitFor();
    const take = bob.getByRole('button', { name: 'Take the lead' });
    expect(await take.count()).toBe(0);

    await ann.close();
    await bob.getByRole('heading', { name: 'Ann is away' }).waitFor();
    await saveScreenshot(bob, 'lead-away-phone');
    const a11y = { 'lead away': await seriousViolations(bob) };
    await take.tap();
    await bob.getByText('You lead this room').waitFor();
    await bob.getByRole('heading', { name: 'Set up' }).waitFor();
    await expect.poll(() => take.count()).toBe(0);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

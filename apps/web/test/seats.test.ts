/**
 * Seats that survive people, in real Chromium: a phone closed mid-game shows
 * as away on the TV and the other phones, its default is played after the
 * room's grace and at once from then on, and its player comes back from a
 * new browser by code and name. A friend who comes late watches, is listed
 * for the next game and is seated at the rematch. In the lobby too, a seat
 * whose phone is gone goes to a new phone by name or by the lead's one-time
 * code, and "Play again" asks what becomes of each seat whose phone is gone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';
import { seatPlayers } from './table-driver.js';

// A fixed dice seed, so every run plays the same game.
const TEST_SEED = '62e2f6e4d5810752346a8ca5f5da8baf';

const room = useBrowserRoom();

/** The phone sheet's round-line-step-state, or null when no sheet is shown. */
async function phaseOf(page: Page): Promise<string | null> {
  const sheet = page.getByTestId('wfgts-phone');
  return (await sheet.count()) > 0 ? sheet.getAttribute('data-phase') : null;
}

/** A new browser (nothing remembered) that joins the room's address under this name, without waiting for what it gets. */
async function freshPhoneJoins(code: string, name: string): Promise<Page> {
  const page = await room.newPage(PHONE, true);
  await page.goto(`${room.url}/play/${code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join the game' }).tap();
  return page;
}

/** The TV picks Waiting for the Game to Start with away defaults after 15 s, and starts it. */
async function startWfgts(tv: Page, names: string[]): Promise<void> {
  for (const name of names) await tv.getByText(name, { exact: true }).first().waitFor();
  await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
  // A TV folds the room's settings into one line.
  await tv.getByText('Room settings').click();
  const grace = tv.getByRole('radio', { name: 'Default after 15 s' });
  await grace.check();
  await expect.poll(() => grace.isChecked()).toBe(true);
  await tv.getByRole('button', { name: 'Done' }).click();
  await tv.getByRole('button', { name: 'Start the game' }).click();
}

describe('seats that survive people', () => {
  it('show a closed phone as away, play its default after the grace, and give the seat back to a new phone by name', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    await startWfgts(tv, ['Ann', 'Bob']);
    for (const page of [ann, bob]) await page.getByTestId('wfgts-phone').waitFor();

    // Bob's phone dies: its whole browser goes.
    await bob.context().close();
    await tv.locator('.scores li', { hasText: 'Bob' }).getByText(/◌ away/).waitFor();
    await tv.getByText('Still choosing:').getByText(/Bob \(away/).waitFor();
    await ann.locator('.everyone li', { hasText: 'Bob' }).getByText(/◌ away/).waitFor();
    // The TV and the lead's phone may move the table on now rather than wait.
    await tv.getByRole('button', { name: 'Play for Bob now' }).waitFor();
    await ann.getByRole('region', { name: 'Players' }).getByRole('button', { name: 'Play for Bob now' }).waitFor();
    await saveScreenshot(tv, 'seats-away-tv');
    await saveScreenshot(ann, 'seats-away-lead-phone');
    const a11y: Record<string, string[]> = { 'away on the TV': await seriousViolations(tv) };

    // Ann locks in; nobody taps for Bob, and after the grace his default (carry nothing) rolls line b, and his carry for it comes at once.
    await ann.getByTestId('lock-in').tap();
    await expect.poll(() => phaseOf(ann), { timeout: 45_000 }).toBe('1-b-carry-open');

    // Bob picks up another phone: the room's address and his name give him his seat back.
    const newBob = await freshPhoneJoins(code, 'Bob');
    await newBob.getByTestId('wfgts-phone').waitFor();
    expect(await phaseOf(newBob)).toMatch(/^1-b-carry-/);
    await tv.getByText('Bob is back on a new phone').waitFor();
    await ann.getByText('Bob is back on a new phone').waitFor();
    // His carry for line b was played the moment line b was rolled; back, he is away on no screen.
    await tv.locator('.scores li', { hasText: 'Bob' }).getByText('locked in').waitFor();
    await expect.poll(() => tv.getByTestId('away-notices').count()).toBe(0);
    await saveScreenshot(tv, 'seats-back-tv');
    await saveScreenshot(newBob, 'seats-back-phone');
    a11y['back on a new phone'] = await seriousViolations(newBob);

    // While his new phone is here, his name cannot take the seat again.
    const thief = await freshPhoneJoins(code, 'bob');
    await thief.getByText('bob is playing on another phone — ask the lead.').waitFor();

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('let a late friend watch, list them for the next game and seat them at the rematch', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    await startWfgts(tv, ['Ann']);
    await ann.getByTestId('wfgts-phone').waitFor();

    const dee = await freshPhoneJoins(code, 'Dee');
    await dee.getByRole('heading', { name: 'Watch now, play the next game' }).waitFor();
    await tv.getByTestId('next-players').getByText('Dee').waitFor();
    await tv.getByText('1 watching').waitFor();
    await saveScreenshot(dee, 'seats-late-friend-watching');
    await saveScreenshot(tv, 'seats-next-game-tv');
    const a11y: Record<string, string[]> = { 'late friend watching': await seriousViolations(dee) };

    // Ann plays her game to the end: nothing carried, the best score each time.
    for (;;) {
      const phase = await phaseOf(ann);
      if ((await ann.getByTestId('standings').count()) > 0) break;
      if (phase === null || !phase.endsWith('-open')) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      await ann.getByTestId(phase.includes('-carry-') ? 'lock-in' : 'score-best').tap();
      await expect.poll(() => phaseOf(ann), { timeout: 10_000 }).not.toBe(phase);
    }
    await dee.getByTestId('standings').waitFor();

    await ann.getByRole('button', { name: 'Play again' }).tap();
    await dee.getByRole('heading', { name: "You're in, Dee!" }).waitFor();
    await tv.getByText('Dee', { exact: true }).first().waitFor();
    await saveScreenshot(dee, 'seats-late-friend-seated');
    a11y['seated at the rematch'] = await seriousViolations(dee);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

describe('seats whose phones are gone, between games', () => {
  it('go back to a new phone in the lobby by name, or by the code the lead shows', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bob = await room.joinRoom(code, 'Bob');
    const cy = await room.joinRoom(code, 'Cy');
    const tvRow = (name: string) => tv.locator('.players li', { hasText: name });

    // Bob's phone dies before the first game: his name on another phone takes his seat.
    await bob.context().close();
    await tvRow('Bob').getByText(/◌ away/).waitFor();
    const newBob = await freshPhoneJoins(code, 'Bob');
    await newBob.getByRole('heading', { name: "You're in, Bob!" }).waitFor();
    await tvRow('Bob').getByText('here').waitFor();
    await saveScreenshot(newBob, 'seats-lobby-back-by-name');
    const a11y: Record<string, string[]> = { 'back in the lobby': await seriousViolations(newBob) };

    // Cy's phone dies too: the TV and the lead's phone can give her seat a new phone.
    await cy.context().close();
    await tvRow('Cy').getByText(/◌ away/).waitFor();
    await tvRow('Cy').getByRole('button', { name: 'New phone for Cy' }).click();
    await tv.getByRole('heading', { name: "Cy's seat on a new phone" }).waitFor();
    await saveScreenshot(tv, 'seats-lobby-handover-tv');
    a11y['hand-over on the TV'] = await seriousViolations(tv);
    await tv.getByRole('button', { name: 'Done' }).click();

    const players = ann.getByRole('region', { name: 'Players' });
    await players.getByText(/Phone died\? Its player joins again/).waitFor();
    await players.getByRole('button', { name: 'New phone for Cy' }).tap();
    await ann.getByRole('heading', { name: "Cy's seat on a new phone" }).waitFor();
    const handover = (await ann.getByTestId('handover-code').textContent())?.trim() ?? '';
    expect(handover).toMatch(/^[A-Z]{6}$/);
    await saveScreenshot(ann, 'seats-lobby-handover-phone');
    a11y['hand-over on the phone'] = await seriousViolations(ann);
    const newCy = await room.newPage(PHONE, true);
    await newCy.goto(`${room.url}/play/${code}?handover=${handover}`);
    await newCy.getByRole('heading', { name: "You're in, Cy!" }).waitFor();
    await tvRow('Cy').getByText('here').waitFor();
    expect(await tv.locator('.players li').count()).toBe(3);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('are asked about before "Play again": kept, removed or given to a bot', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const table = await seatPlayers(room.server, code, ['Ann', 'Bob', 'Cy', 'Dee']);
    const a11y: Record<string, string[]> = {};
    try {
      for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) await tv.getByText(name, { exact: true }).first().waitFor();
      await tv.getByRole('radio', { name: /Waiting for the Game to Start/ }).check();
      await tv.getByRole('button', { name: 'Start the game' }).click();
      await expect.poll(async () => (await table.status()).status).toBe('playing');
      while (await table.step());
      // Three phones die before anyone asks for another game.
      for (const seat of [1, 2, 3]) table.drop(seat);
      await tv.getByTestId('standings').waitFor();

      await tv.getByRole('button', { name: 'Play again' }).click();
      const question = tv.getByRole('dialog', { name: 'Bob, Cy and Dee have no phone here' });
      await question.waitFor();
      await saveScreenshot(tv, 'seats-play-again-asks-tv');
      a11y['the question on the TV'] = await seriousViolations(tv);
      expect(await question.getByRole('group', { name: 'Bob' }).getByLabel('Keep the seat for Bob').isChecked()).toBe(true);
      await question.getByRole('group', { name: 'Cy' }).getByLabel('Let a bot play it').check();
      await question.getByRole('group', { name: 'Dee' }).getByLabel('Remove Dee').check();
      await question.getByRole('button', { name: 'Play again' }).click();

      // The lobby: Bob's seat waits for him, a bot has Cy's, Dee's went.
      await tv.getByRole('heading', { name: 'Join on your phone' }).waitFor();
      const tvRow = (name: string) => tv.locator('.players li', { hasText: name });
      await tvRow('Bot Ada').getByText('plays itself').waitFor();
      await tvRow('Bob').getByText(/◌ away/).waitFor();
      expect(await tv.locator('.players li').count()).toBe(3);
      expect(await tvRow('Dee').count()).toBe(0);
      await saveScreenshot(tv, 'seats-play-again-lobby-tv');

      // Bob picks up another phone: his name takes the seat kept for him.
      const bob = await freshPhoneJoins(code, 'Bob');
      await bob.getByRole('heading', { name: "You're in, Bob!" }).waitFor();
      await tvRow('Bob').getByText('here').waitFor();
    } finally {
      table.close();
    }
    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

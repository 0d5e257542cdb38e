/**
 * Tonight's standings in real Chromium: after a game of wfgts and one of Meet
 * Fate, the TV shows the night's table under the end screen and in the lobby,
 * Ann's phone says her place, and she starts the night over after a yes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';
import { seatPlayers, type SeatedTable } from './table-driver.js';

const TEST_SEED = '623b8a340507794f609f62b9c457d1a9';

const room = useBrowserRoom({ env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000' } });

/** The TV starts `game`; the driver plays it to its end. */
async function playGame(tv: Page, table: SeatedTable, game: string): Promise<void> {
  await tv.locator(`input[name="game"][value="${game}"]`).check();
  await tv.getByRole('button', { name: 'Start the game' }).click();
  await expect.poll(async () => (await table.status()).status).toBe('playing');
  while (await table.step());
  await expect.poll(async () => (await table.status()).status).toBe('finished');
}

/** The night's table as the TV shows it, best first. */
function nightRows(tv: Page): Promise<{ name: string; points: string; place: string }[]> {
  return tv
    .getByTestId('night-table')
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => ({
        name: li.getAttribute('data-name') ?? '',
        points: li.getAttribute('data-points') ?? '',
        place: li.getAttribute('data-place') ?? '',
      })),
    );
}

describe("tonight's standings", () => {
  it('show on the TV after two games, with each phone’s own place, until the lead starts the night over', async () => {
    const a11y: Record<string, string[]> = {};
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const table = await seatPlayers(room.server, code, ['Ann', 'Bob']);
    try {
      // Ann's phone holds the first seat (the lead's), taken back with its token as a returning phone does.
      const ann = await room.newPage(PHONE, true);
      await ann.goto(`${room.url}/`);
      await ann.evaluate(({ key, held }) => localStorage.setItem(key, held), {
        key: `rollcall:seat:${code}`,
        held: JSON.stringify({ seat: 0, token: table.tokens[0] ?? '' }),
      });
      await ann.goto(`${room.url}/play/${code}`);
      await ann.locator('#hello-title').waitFor();
      // Before any game is played to its end there is no night to show.
      expect(await tv.getByTestId('night-table').count()).toBe(0);
      expect(await ann.getByTestId('night-place').count()).toBe(0);

      await playGame(tv, table, 'wfgts');
      // Under the end screen: the night so far.
      await tv.getByTestId('standings').waitFor();
      await expect.poll(() => tv.getByRole('heading', { name: 'Tonight after 1 game' }).count()).toBe(1);
      await tv.getByRole('button', { name: 'Play again' }).click();
      await tv.getByTestId('room-code').waitFor();

      await playGame(tv, table, 'meet-fate');
      await expect.poll(() => tv.getByRole('heading', { name: 'Tonight after 2 games' }).count()).toBe(1);
      await saveScreenshot(tv, 'night-tv-end');
      a11y['tv end'] = await seriousViolations(tv);
      await tv.getByRole('button', { name: 'Play again' }).click();
      await tv.getByTestId('room-code').waitFor();

      // In the lobby the TV keeps the night's table, as the server counted it.
      const stored = (await room.server.store.load(code))?.night;
      expect(stored?.counted).toBe(2);
      const expected = [...(stored?.lines ?? [])].sort((a, b) => b.tenths - a.tenths || b.wins - a.wins);
      await expect.poll(() => tv.getByRole('heading', { name: 'Tonight after 2 games' }).count()).toBe(1);
      const rows = await nightRows(tv);
      expect(rows.map((r) => [r.name, Number(r.points)])).toEqual(expected.map((l) => [l.name, l.tenths / 10]));
      // Two players, two games: twenty points between them.
      expect(rows.reduce((sum, r) => sum + Number(r.points), 0)).toBe(20);
      await tv.locator('svg[aria-label^="Points after each game tonight"]').waitFor();
      await saveScreenshot(tv, 'night-tv-lobby');
      a11y['tv lobby'] = await seriousViolations(tv);

      // Ann's phone says where she stands tonight, in the TV's numbers.
      const annRow = rows.find((r) => r.name === 'Ann');
      const place = ann.getByTestId('night-place');
      await expect.poll(() => place.textContent()).toContain(`tonight, with ${annRow?.points} points from 2 games.`);
      const shared = rows.filter((r) => r.place === annRow?.place).length > 1;
      const where = annRow?.place === '1' && !shared ? 'top' : `${shared ? 'joint ' : ''}${annRow?.place === '1' ? '1st' : '2nd'}`;
      expect(await place.locator('p').first().textContent()).toBe(`You're ${where} tonight, with ${annRow?.points} points from 2 games.`);
      await place.scrollIntoViewIfNeeded();
      await saveScreenshot(ann, 'night-phone');
      a11y['phone'] = await seriousViolations(ann);

      // The lead starts the night over, after a question whose first answer keeps it.
      await place.getByRole('button', { name: "Reset tonight's standings" }).tap();
      await place.getByText("Start tonight's standings over? Everyone's points go back to zero.").waitFor();
      await expect.poll(() => ann.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Yes, start over');
      await saveScreenshot(ann, 'night-phone-reset');
      await place.getByRole('button', { name: 'Keep them' }).tap();
      expect((await room.server.store.load(code))?.night?.counted).toBe(2);
      await place.getByRole('button', { name: "Reset tonight's standings" }).tap();
      await place.getByRole('button', { name: 'Yes, start over' }).tap();
      await expect.poll(() => tv.getByTestId('night-table').count()).toBe(0);
      await expect.poll(() => ann.getByTestId('night-place').count()).toBe(0);
      expect((await room.server.store.load(code))?.night?.counted).toBe(0);
    } finally {
      table.close();
    }
    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

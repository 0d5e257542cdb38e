/**
 * Ten Phases in real Chromium: a TV hosts, two phones join and play a whole
 * game by tapping dice and buttons, from the turn-order roll-off through
 * Phase 1 to the final runs and the standings.
 *
 * The room's dice start from a fixed generator state. The plain player of
 * ten-phases-play.ts decides every move from the dice the phone shows, and the
 * same player run against the rules module alone (`playGame`) says beforehand
 * what each turn must end with; the state was picked by
 * ten-phases-seed-search.ts so that the game shows a roll-off tie, a missed
 * first turn, Phase 1 made after setting dice aside and stopping early, a die
 * taken back, and a final run that goes on past a made phase.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tenPhases } from '@rollcall/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV, noViolationsOn, standingsOf, useBrowserRoom } from './browser-room.js';
import { artifactsDir, saveScreenshot, seriousViolations } from './chromium.js';
import { chooseMove, playGame, type SeenDie } from './ten-phases-play.js';
import { SEATS, unsuitable } from './ten-phases-seed-search.js';

// Found by `pnpm --filter @rollcall/rules exec tsx ../../apps/web/test/ten-phases-seed-search.ts 1500`.
const TEST_SEED = '0000000000000000000000000000003a';

const room = useBrowserRoom();

/** Where the game stands on a phone: stage, whose turn, their turn count, rolls made. */
async function stepOf(page: Page): Promise<string> {
  return (await page.getByTestId('tp-phone').getAttribute('data-step')) ?? '';
}

/** The dice on the phone's tray, and which are set aside (pressed). */
async function readDice(page: Page): Promise<{ dice: SeenDie[]; aside: number[] }> {
  const cells = await page.locator('[data-testid^="tp-die-"]').evaluateAll((els) =>
    els.map((el) => ({
      value: el.getAttribute('data-value'),
      colour: el.getAttribute('data-colour'),
      pressed: el.getAttribute('aria-pressed') === 'true',
    })),
  );
  if (cells.some((c) => c.value === null)) return { dice: [], aside: [] };
  return {
    dice: cells.map((c) => ({
      value: c.value === 'W' ? null : Number(c.value),
      colour: Number(c.colour) as tenPhases.Colour,
    })),
    aside: cells.flatMap((c, i) => (c.pressed ? [i] : [])),
  };
}

/** Tap the dice whose set-aside state differs from `keep`; returns how many set-aside dice were taken back. */
async function setAside(page: Page, keep: readonly number[], aside: readonly number[]): Promise<number> {
  let takenBack = 0;
  for (let die = 0; die < tenPhases.DICE.length; die++) {
    if (keep.includes(die) === aside.includes(die)) continue;
    if (aside.includes(die)) takenBack += 1;
    await page.getByTestId(`tp-die-${die}`).tap();
    await expect.poll(() => page.getByTestId(`tp-die-${die}`).getAttribute('aria-pressed')).toBe(String(keep.includes(die)));
  }
  return takenBack;
}

/** A tap that must move the game on: wait until the phone shows the next step. */
async function tapAndWait(page: Page, testId: string): Promise<void> {
  const before = await stepOf(page);
  await page.getByTestId(testId).tap();
  await expect.poll(() => stepOf(page), { timeout: 10_000 }).not.toBe(before);
}

/** Let a roll's tumble settle before a picture. */
const settle = (page: Page) => page.waitForTimeout(700);

describe('Ten Phases in the browser', () => {
  it('two phones play a whole game by tapping while the TV shows the order, the dice and the final runs', async () => {
    // What the seed's game must show, played first without a browser.
    const expected = playGame(TEST_SEED, SEATS);
    expect(unsuitable(expected)).toBeNull();
    const a11y: Record<string, string[]> = {};

    // The TV shows the rules page before it hosts.
    const reader = await room.newPage(TV);
    await reader.goto(`${room.url}/rules/ten-phases`);
    await reader.getByText('Garrett J. Donner & Michael S. Steer', { exact: true }).waitFor();
    a11y.rules = await seriousViolations(reader);
    const { tv, code } = await room.hostRoom(TEST_SEED, reader);

    const names = ['Ann', 'Bo'];
    const phones: Page[] = [];
    for (const name of names) phones.push(await room.joinRoom(code, name));

    for (const name of names) await tv.getByText(name, { exact: true }).first().waitFor();
    await tv.getByRole('radio', { name: /Ten Phases/ }).check();
    const start = tv.getByRole('button', { name: 'Start the game' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    for (const page of phones) await page.getByTestId('tp-phone').waitFor();

    // The TV shows the turn order the roll-off gave, tie-break included.
    const order = tv.getByRole('region', { name: /Turn order/ });
    await expect.poll(() => order.locator('.order-name').allInnerTexts()).toEqual(expected.order.map((s) => names[s]));
    await expect(order.innerText()).resolves.toContain('ties rolled again');

    let takenBack = 0;
    let phaseOneShown = false;
    let finalShown = false;
    for (const [index, turn] of expected.turns.entries()) {
      const page = phones[turn.seat]!;
      const watcher = phones[1 - turn.seat]!;
      await expect.poll(() => page.getByTestId('tp-phone').getAttribute('data-turn')).toBe('mine');
      await expect(page.locator('.phase-line').innerText()).resolves.toContain(`Phase ${turn.phase}:`);
      // Only the player whose turn it is gets the buttons.
      expect(await watcher.getByTestId('tp-roll').count()).toBe(0);

      for (let rolls = 0; ; ) {
        const { dice, aside } = await readDice(page);
        if (turn.final && rolls === 1 && !finalShown) {
          // The first final run, one roll in: the TV says who finished and who still plays.
          finalShown = true;
          const banner = tv.getByTestId('tp-final');
          await expect(banner.innerText()).resolves.toContain(`${names[expected.firstFinisher ?? 0]} made Phase 10`);
          await expect(page.locator('.final-note').innerText()).resolves.toContain('roll straight on');
          await settle(tv);
          await saveScreenshot(tv, 'ten-phases-tv-final');
          await saveScreenshot(page, 'ten-phases-phone-final');
          a11y['tv final'] = await seriousViolations(tv);
          a11y['phone final'] = await seriousViolations(page);
        }
        const move = chooseMove(turn.phase, dice, rolls, aside);
        if (move.type === 'stop') {
          const best = tenPhases.scorePhase(turn.phase, dice);
          await expect(page.getByTestId('tp-preview').innerText()).resolves.toContain(
            `This makes Phase ${turn.phase} for ${best?.score} points`,
          );
          if (index === 1 && !phaseOneShown) {
            // Phase 1 about to be scored: the phone's preview and the TV agree on it.
            phaseOneShown = true;
            await expect(tv.locator('.preview-head').innerText()).resolves.toBe(`This makes Phase 1 for ${best?.score} points`);
            await settle(tv);
            await saveScreenshot(page, 'ten-phases-phone-phase-1');
            await saveScreenshot(tv, 'ten-phases-tv-phase-1');
          }
          await tapAndWait(page, 'tp-stop');
          break;
        }
        takenBack += await setAside(page, move.keep, aside);
        if (index === 0 && rolls === 2) {
          // Ann's last roll of her first turn: dice set aside, Bo watching live.
          await expect(watcher.locator('.table-title').innerText()).resolves.toBe("Ann's dice");
          await settle(tv);
          await saveScreenshot(page, 'ten-phases-phone-turn');
          await saveScreenshot(watcher, 'ten-phases-phone-watching');
          await saveScreenshot(tv, 'ten-phases-tv-turn');
          a11y['phone turn'] = await seriousViolations(page);
          a11y['phone watching'] = await seriousViolations(watcher);
          a11y['tv turn'] = await seriousViolations(tv);
        }
        await tapAndWait(page, 'tp-roll');
        rolls += 1;
        if (rolls === tenPhases.MAX_ROLLS) break;
      }

      // Every screen agrees with the game played without a browser.
      const cell = `tp-score-${turn.seat}-${turn.phase}`;
      // A miss leaves the seat on that phase; the game's last miss is where it stopped.
      const shown = turn.made !== null ? `made ${turn.made}` : index === expected.turns.length - 1 ? 'stopped' : 'trying';
      await expect.poll(() => tv.getByTestId(cell).getAttribute('data-state')).toBe(shown);
      await expect.poll(() => page.getByTestId(cell).getAttribute('data-state')).toBe(shown);

      if (index === 1) {
        // Phase 1 is on Bo's scorepad and Bo is now on Phase 2.
        await expect.poll(() => page.getByTestId(`tp-score-${turn.seat}-2`).getAttribute('data-state')).toBe('trying');
        a11y['phone after phase 1'] = await seriousViolations(page);
      }
    }
    expect(phaseOneShown).toBe(true);
    expect(finalShown).toBe(true);
    expect(takenBack).toBeGreaterThan(0);

    // The end: everyone sees the same standings, with the totals the rules module gave.
    const onTv = await standingsOf(tv);
    expect(onTv.map((s) => [s.name, Number(s.score)]).sort()).toEqual(
      names.map((name, seat) => [name, expected.totals?.[seat]]).sort(),
    );
    for (const page of phones) expect(await standingsOf(page)).toEqual(onTv);
    // A finished game has no phase being tried: each scorepad shows where its seat stopped.
    for (const page of [tv, ...phones]) {
      await expect.poll(() => page.locator('[data-state="trying"]').count()).toBe(0);
      await expect(page.locator('.pad').first().innerText()).resolves.not.toMatch(/current|▶ now/);
    }
    await tv.getByRole('img', { name: /^Score after each turn/ }).waitFor();
    await saveScreenshot(tv, 'ten-phases-tv-end');
    await saveScreenshot(phones[0]!, 'ten-phases-phone-end');
    mkdirSync(artifactsDir, { recursive: true });
    await phones[0]!.screenshot({ path: join(artifactsDir, 'ten-phases-phone-end-full.png'), fullPage: true });
    a11y['phone end'] = await seriousViolations(phones[0]!);
    a11y['tv end'] = await seriousViolations(tv);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

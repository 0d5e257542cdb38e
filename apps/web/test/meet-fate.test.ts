/**
 * Meet Fate in real Chromium. Two phones and a TV play through the UI with a
 * fixed dice seed until Bo rolls six 8s on his fourth turn: every roll must
 * show the same dice on the rolling phone, the other phone and the TV, each
 * box must score what the phone promised, and the F8 must take over the TV.
 * Then one player fills all nineteen boxes alone, to the score chart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetFate } from '@rollcall/rules';
import { noViolationsOn, standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';
import { keepFor, replay } from './meet-fate-plan.js';

// With this seed and the plan's choices, Bo rolls six 8s on the third roll of
// his fourth turn (the game's eighth); the first test checks that before playing.
const F8_SEED = 'cd30f5b58c56398ae5e0ada8152e72f1';
// Any seed does for the solo game, as long as it brings no F8 in nineteen single rolls.
const SOLO_SEED = 'c6dd06d5ccc42d4c5d41ad0693e98bf6';

const room = useBrowserRoom();

async function pickMeetFate(tv: Page): Promise<void> {
  await tv.getByRole('radio', { name: /Meet Fate/ }).check();
  await tv.getByRole('group', { name: 'Who rolls first?' }).waitFor();
}

async function startMeetFate(tv: Page, phones: Page[]): Promise<void> {
  const start = tv.getByRole('button', { name: 'Start the game' });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
  for (const phone of phones) await phone.getByTestId('meet-fate-phone').waitFor();
}

/** "round-seat-rolls" as the phone or TV shows it, e.g. "2-0-1"; "4-over-3" once the game is over. */
async function turnOf(page: Page, testId = 'meet-fate-phone'): Promise<string | null> {
  const board = page.getByTestId(testId);
  return (await board.count()) > 0 ? board.getAttribute('data-turn') : null;
}

async function waitForTurn(page: Page, turn: string, testId = 'meet-fate-phone'): Promise<void> {
  await expect.poll(() => turnOf(page, testId), { timeout: 10_000 }).toBe(turn);
}

/** The six dice a page shows, by position. */
async function diceOn(page: Page, prefix: 'mf-die' | 'tv-die'): Promise<number[]> {
  return page
    .locator(`[data-testid^="${prefix}-"]`)
    .evaluateAll((dice) => dice.map((d) => Number(d.getAttribute('data-value'))));
}

/** Tap dice until exactly `keep` are kept on the phone. */
async function keepOnly(page: Page, keep: readonly number[]): Promise<void> {
  for (let i = 0; i < meetFate.DICE_COUNT; i++) {
    const die = page.getByTestId(`mf-die-${i}`);
    const kept = (await die.getAttribute('aria-pressed')) === 'true';
    if (kept !== keep.includes(i)) await die.tap();
    await expect.poll(() => die.getAttribute('aria-pressed')).toBe(String(keep.includes(i)));
  }
}

const boxName = (box: meetFate.BoxId) => meetFate.BOXES.find((b) => b.id === box)?.name ?? box;

describe('Meet Fate in the browser', () => {
  it('plays turns by tapping, shows every roll everywhere, and ends on an F8 the TV cannot miss', async () => {
    const plan = replay(F8_SEED, 2, 40);
    const f8Turn = plan.at(-1);
    expect(plan).toHaveLength(8);
    expect(f8Turn).toMatchObject({ seat: 1, fill: null });
    expect(f8Turn?.rolls.at(-1)).toEqual([8, 8, 8, 8, 8, 8]);

    const a11y: Record<string, string[]> = {};
    const { tv, code } = await room.hostRoom(F8_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bo = await room.joinRoom(code, 'Bo');
    const phones = [ann, bo];

    // Bo reads the rules page on his phone first.
    await bo.goto(`${room.url}/rules/meet-fate`);
    await bo.getByText('f8dice', { exact: true }).first().waitFor();
    await bo.getByRole('heading', { name: 'F8', exact: true }).waitFor();
    a11y.rules = await seriousViolations(bo);
    await bo.goto(`${room.url}/play/${code}`);
    await bo.getByRole('heading', { name: "You're in, Bo!" }).waitFor();

    // The TV picks the game; who rolls first is picked by name (Ann, the default, after a change of mind).
    await pickMeetFate(tv);
    const firstSeat = (seat: number) => tv.locator(`input[name="mf-first-seat"][value="${seat}"]`);
    await expect.poll(() => firstSeat(0).isChecked()).toBe(true);
    await firstSeat(1).check();
    await expect.poll(() => firstSeat(1).isChecked()).toBe(true);
    await firstSeat(0).check();
    await expect.poll(() => firstSeat(0).isChecked()).toBe(true);
    await saveScreenshot(tv, 'meet-fate-tv-lobby');
    a11y['tv lobby'] = await seriousViolations(tv);
    await startMeetFate(tv, phones);
    a11y['tv start'] = await seriousViolations(tv);

    for (const [index, turn] of plan.entries()) {
      const phone = phones[turn.seat]!;
      const other = phones[1 - turn.seat]!;
      const round = turn.seatTurn + 1;
      await waitForTurn(phone, `${round}-${turn.seat}-0`);
      expect(await phone.getByTestId('meet-fate-phone').getAttribute('data-my-turn')).toBe('yes');
      expect(await other.getByTestId('meet-fate-phone').getAttribute('data-my-turn')).toBe('no');
      expect(await phone.getByTestId('mf-roll').innerText()).toBe('Roll all six dice');

      for (const [r, dice] of turn.rolls.entries()) {
        if (r === 0) {
          await phone.getByTestId('mf-roll').tap();
        } else {
          const keep = keepFor(r + 1, turn.rolls[r - 1]!);
          await keepOnly(phone, keep);
          const rolled = meetFate.DICE_COUNT - keep.length;
          await expect(phone.getByTestId('mf-roll').innerText()).resolves.toBe(
            keep.length === 0 ? 'Roll all six again' : `Roll ${rolled} ${rolled === 1 ? 'die' : 'dice'}, keep ${keep.length}`,
          );
          await phone.getByTestId('mf-roll').tap();
        }
        const over = turn.fill === null && r === turn.rolls.length - 1;
        const shown = over ? `${round}-over-${r + 1}` : `${round}-${turn.seat}-${r + 1}`;
        await waitForTurn(phone, shown);
        await waitForTurn(tv, shown, 'meet-fate-tv');
        if (over) break;
        // The roller, the other phone and the TV all show the server's dice, which the rules replay predicted.
        expect(await diceOn(phone, 'mf-die')).toEqual(dice);
        await waitForTurn(other, shown);
        expect(await diceOn(other, 'mf-die')).toEqual(dice);
        expect(await diceOn(tv, 'tv-die')).toEqual(dice);

        // Ann's second turn, second roll: her 7s and 8s are kept, her sheet shows what each box would score.
        if (index === 2 && r === 1) {
          await expect(phone.getByTestId('mf-box-two-pair').locator('[data-preview]').getAttribute('data-preview')).resolves.toBe(
            String(meetFate.scoreBox('two-pair', dice)),
          );
          await phone.getByTestId('mf-box-two-pair').scrollIntoViewIfNeeded();
          await tv.waitForTimeout(700);
          await saveScreenshot(tv, 'meet-fate-tv-turn');
          await saveScreenshot(phone, 'meet-fate-phone-turn');
          await saveScreenshot(other, 'meet-fate-phone-watching');
          a11y['phone turn'] = await seriousViolations(phone);
          a11y['phone watching'] = await seriousViolations(other);
          a11y['tv turn'] = await seriousViolations(tv);
        }
      }
      if (turn.fill === null) break;

      // The phone offers the best box; the plan sometimes picks another (a 0 in Six of a Kind).
      const { box, score } = turn.fill;
      const offered = await phone.getByTestId('mf-score').innerText();
      if (offered !== `Score ${score} in ${boxName(box)}`) await phone.getByTestId(`mf-box-${box}`).tap();
      await expect.poll(() => phone.getByTestId('mf-score').innerText()).toBe(`Score ${score} in ${boxName(box)}`);
      await phone.getByTestId('mf-score').tap();
      await expect.poll(() => tv.getByTestId(`mf-cell-${turn.seat}-${box}`).locator(".filled").innerText()).toBe(String(score));
      await expect.poll(() => other.getByTestId(`mf-total-${turn.seat}`).locator(".sum").innerText()).toBe(
        String(plan.slice(0, index + 1).reduce((sum, t) => sum + (t.seat === turn.seat ? (t.fill?.score ?? 0) : 0), 0)),
      );
    }

    // The F8 fills the TV, every phone says who met fate, and Bo wins though Ann has more points.
    const overlay = tv.getByTestId('mf-f8-overlay');
    await overlay.waitFor();
    await expect(overlay.innerText()).resolves.toContain('Bo met fate!');
    await tv.waitForTimeout(1200);
    await saveScreenshot(tv, 'meet-fate-tv-f8');
    a11y['tv f8'] = await seriousViolations(tv);
    for (const phone of phones) await phone.getByTestId('mf-f8').waitFor();
    await bo.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(bo, 'meet-fate-phone-f8');
    a11y['phone f8'] = await seriousViolations(bo);

    const totals = [0, 1].map((seat) =>
      plan.reduce((sum, t) => sum + (t.seat === seat ? (t.fill?.score ?? 0) : 0), 0),
    );
    expect(totals[0]).toBeGreaterThan(totals[1]!);
    const expected = [
      { name: 'Bo', place: '1', score: String(totals[1]) },
      { name: 'Ann', place: '2', score: String(totals[0]) },
    ];
    expect(await standingsOf(tv)).toEqual(expected);
    for (const phone of phones) expect(await standingsOf(phone)).toEqual(expected);

    // After its moment the F8 settles into the board beside the standings.
    await overlay.waitFor({ state: 'detached', timeout: 15_000 });
    await tv.getByTestId('mf-f8-banner').waitFor();
    await tv.waitForTimeout(1500);
    await saveScreenshot(tv, 'meet-fate-tv-end-f8');
    a11y['tv end'] = await seriousViolations(tv);

    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('lets one player fill all nineteen boxes, stopping after one roll each turn, to the score chart', async () => {
    const { tv, code } = await room.hostRoom(SOLO_SEED);
    const cy = await room.joinRoom(code, 'Cy');
    await pickMeetFate(tv);
    await startMeetFate(tv, [cy]);

    let total = 0;
    for (let round = 1; round <= meetFate.BOX_IDS.length; round++) {
      await waitForTurn(cy, `${round}-0-0`);
      await cy.getByTestId('mf-roll').tap();
      await waitForTurn(cy, `${round}-0-1`);
      const offered = await cy.getByTestId('mf-score').innerText();
      total += Number(/^Score (\d+) in /.exec(offered)?.[1]);
      await cy.getByTestId('mf-score').tap();
      await expect.poll(() => tv.getByTestId('tv-total-0').innerText()).toBe(String(total));
    }

    expect(await standingsOf(tv)).toEqual([{ name: 'Cy', place: '1', score: String(total) }]);
    expect(await standingsOf(cy)).toEqual([{ name: 'Cy', place: '1', score: String(total) }]);
    expect(await cy.getByTestId('mf-sheet-total').innerText()).toBe(String(total));
    await tv.getByRole('img', { name: /^Score after each round/ }).waitFor();
    await tv.waitForTimeout(300);
    await saveScreenshot(tv, 'meet-fate-tv-end');
    await saveScreenshot(cy, 'meet-fate-phone-end');
    expect(await seriousViolations(tv)).toEqual([]);
    expect(await seriousViolations(cy)).toEqual([]);
    expect(room.pageErrors).toEqual([]);
  });
});

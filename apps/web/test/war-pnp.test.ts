/**
 * Write And Roll: Powers 'n Points in real Chromium: a TV hosts, two phones
 * join and play a whole game by tapping, with fixed dice. Along the way they
 * use Grow, Block, Cancel and Trap, a trap goes off and its owner removes a
 * box, and Bend's slider moves; the TV and a spectator follow, and every
 * screen agrees on the standings.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noViolationsOn, standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

// Fixed dice: with the moves below, Ann and Bo use all four powers by round 2, Bo's trap
// catches Ann in round 2, and Bo passes 100 in round 12.
const TEST_SEED = 'b4d31f4ff3e3d63ccc7d141b30680d46';

interface Player {
  name: string;
  seat: number;
  page: Page;
  /** The powers of rows 1–4, named at setup, and of row 5, named in round 1. */
  rows: string[];
  row5: string;
  /** Points columns, most wanted first: the emptiest of them is developed. */
  columns: string[];
}

const room = useBrowserRoom();

/** The phone's round-step-(act|wait), or null when no sheet is shown. */
async function phaseOf(page: Page): Promise<string | null> {
  const sheet = page.getByTestId('war-phone');
  return (await sheet.count()) > 0 ? sheet.getAttribute('data-phase') : null;
}

const ranks = ['i', 'ii', 'iii', 'iv', 'v', 'vi'];

/** The offered developments of one kind: test id and the box it would fill. */
async function offers(page: Page, prefix: string): Promise<{ id: string; box: number; text: string }[]> {
  return page.locator(`[data-testid^="${prefix}"]`).evaluateAll((buttons, numerals) =>
    buttons.map((b) => {
      const text = b.textContent ?? '';
      const roman = /→ box (\w+)/.exec(text)?.[1];
      const box = roman ? numerals.indexOf(roman) + 1 : Number(/box (\d)/.exec(text)?.[1]);
      return { id: b.getAttribute('data-testid') ?? '', box, text };
    }),
  ranks);
}

/** Taps the emptiest of the player's wanted Points columns. */
async function developPoints(player: Player): Promise<void> {
  const cols = await offers(player.page, 'develop-col-');
  const wanted = player.columns
    .map((c) => cols.find((o) => o.id === `develop-col-${c}`))
    .filter((o): o is { id: string; box: number; text: string } => o !== undefined);
  const pick = wanted.reduce((best, o) => (o.box < best.box ? o : best));
  await player.page.getByTestId(pick.id).tap();
}

/** Taps the Powers row to develop: row 5 while it is new, then the least grown of rows 1–5. */
async function developPowers(player: Player): Promise<void> {
  const rows = (await offers(player.page, 'develop-row-')).filter((o) => Number(o.id.slice(-1)) <= 5);
  const fifth = rows.find((o) => o.id === 'develop-row-5');
  if (fifth?.text.includes('New power')) {
    await player.page.getByTestId('develop-row-5').tap();
    await player.page.getByTestId(`name-${player.row5}`).tap();
    return;
  }
  const pick = rows.reduce((best, o) => (o.box < best.box ? o : best));
  await player.page.getByTestId(pick.id).tap();
}

/** Filled boxes first, the most valuable first: the boxes worth blocking. */
async function blockTargets(form: Locator): Promise<string[]> {
  const boxes = await form.locator('[data-testid^="pick-box-"]').evaluateAll((buttons) =>
    buttons.map((b) => {
      const [, column = '', box = '0'] = /^pick-box-(.+)-(\d)$/.exec(b.getAttribute('data-testid') ?? '') ?? [];
      return {
        id: b.getAttribute('data-testid') ?? '',
        column,
        box: Number(box),
        value: Number.parseInt(b.textContent ?? '0', 10),
        filled: (b.textContent ?? '').includes(', filled'),
      };
    }),
  );
  const order = ['2/12', '3/11', '4/10', '5/9', '6/8', '7'];
  boxes.sort(
    (a, b) =>
      Number(b.filled) - Number(a.filled) ||
      b.value - a.value ||
      order.indexOf(a.column) - order.indexOf(b.column) ||
      a.box - b.box,
  );
  return boxes.map((b) => b.id);
}

/** Fills in one activation's form the way these players like to play it; returns the power's name. */
async function declareOne(player: Player, index: number): Promise<string> {
  const { page } = player;
  const form = page.getByTestId(`declare-${index}`);
  const power = (await form.getAttribute('data-power')) ?? '';
  if (power === 'block') {
    const count = Number(/Tap up to (\d+)/.exec(await form.innerText())?.[1] ?? '1');
    for (const id of (await blockTargets(form)).slice(0, count)) await form.getByTestId(id).tap();
  } else if (power === 'cancel') {
    // Stop a rival's row if there is one, else whatever Cancel offers first.
    const rival = form.locator(`[data-testid^="stop-"]:not([data-testid^="stop-${index}-${player.seat}-"])`).first();
    const choice = form.locator('[data-testid^="stop-"], [data-testid^="erase-"], [data-testid^="unwither-"]').first();
    if ((await rival.count()) > 0) await rival.tap();
    else if ((await choice.count()) > 0) await choice.tap();
  } else if (power === 'trap') {
    const likely = form.locator(`[data-testid^="trap-${index}-"]`).first();
    if ((await likely.count()) > 0) await likely.tap();
    else {
      const score = Number(/is on (\d+)/.exec(await form.innerText())?.[1] ?? '0');
      const add = form.getByTestId(`trap-add-${index}`);
      for (let v = score + 10; ; v++) {
        await form.getByTestId(`trap-value-${index}`).fill(String(v > 100 ? v - 101 : v));
        if (await add.isEnabled()) break;
      }
      await add.tap();
    }
  }
  // The form is complete: nothing is left to pick.
  await expect.poll(() => form.getByTestId(`need-${index}`).count()).toBe(0);
  return power;
}

/** Moves Bend's slider away and back, checking the column it names follows, then leaves the best box picked. */
async function tryTheSlider(page: Page): Promise<void> {
  const slider = page.getByTestId('bend-slider');
  const start = await slider.inputValue();
  const [min, max] = [await slider.getAttribute('min'), await slider.getAttribute('max')];
  const other = start === max ? min : max;
  const label = page.locator('label[for="bend-slider"]');
  const before = await label.innerText();
  await slider.fill(other ?? start);
  await expect.poll(() => label.innerText()).not.toBe(before);
  await slider.fill(start);
  await expect.poll(() => label.innerText()).toBe(before);
}

/** What each power the players use says it does, at any level. */
const plainWords: Record<string, RegExp> = {
  grow: /^Fill \d extra box(es)? on your sheet now(; your opponents get \d to fill)?$/,
  block: /^(One|Two|Three) of an opponent’s Points boxes pays? nothing next time$/,
  cancel: /^Do one: stop a power row with no more boxes than this one, erase up to \d marks?, or ease a Wither by \d$/,
  trap: /^Put \d traps? on an opponent’s score track: landing on one costs them a box$/,
  bend: /^When you gain, move the dice total up to \d up or down$/,
  steal: /^Take your gain again from an opponent, up to what box \d of its column pays$/,
};

/** Scrolls an element to the top of the screen, for a screenshot of it. */
async function toTop(element: Locator): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

interface Story {
  /** The step kinds at which a phone showed its hint. */
  hinted: Set<string>;
  powers: Set<string>;
  sliders: number;
  removals: number;
  shots: Set<string>;
  a11y: Record<string, string[]>;
}

/** Makes this phone's move if it has one; true when it moved. */
async function move(player: Player, story: Story, tv: Page): Promise<boolean> {
  const { page } = player;
  const phase = await phaseOf(page);
  if (phase === null || !phase.endsWith('-act')) return false;
  const kind = phase.split('-')[1];
  const shot = async (name: string) => {
    if (story.shots.has(name)) return;
    story.shots.add(name);
    await page.waitForTimeout(700);
    await saveScreenshot(page, `war-pnp-phone-${name}`);
    story.a11y[`phone ${name}`] = await seriousViolations(page);
  };
  // Hints are on (the room's default): every choice but the roll comes with one, looked for once per kind of step.
  if (kind !== 'roll' && !story.hinted.has(kind ?? '')) {
    await expect.poll(() => page.getByTestId('pnp-hint').count(), { timeout: 10_000 }).toBe(1);
    story.hinted.add(kind ?? '');
  }
  if (kind === 'setup') {
    for (const [i, power] of player.rows.entries()) {
      await page.getByTestId(`develop-row-${i + 1}`).tap();
      await page.getByTestId('name-picker').waitFor();
      if (i === 3) await shot('naming');
      await page.getByTestId(`name-${power}`).tap();
    }
    await developPoints(player);
    await shot('setup');
    await page.getByTestId('send-develop').tap();
  } else if (kind === 'develop') {
    await developPowers(player);
    await developPoints(player);
    await page.getByTestId('send-develop').tap();
  } else if (kind === 'grow') {
    const count = Number(/develop (\d+) more/.exec(await page.getByTestId('develop-picker').innerText())?.[1]);
    for (let i = 0; i < count; i++) await developPoints(player);
    await shot('grow');
    await page.getByTestId('send-develop').tap();
  } else if (kind === 'roll') {
    await page.getByTestId('roll').tap();
  } else if (kind === 'declare') {
    const forms = await page.locator('[data-testid^="declare-"]:not([data-testid^="declare-one"])').count();
    for (let i = 0; i < forms; i++) {
      const power = await declareOne(player, i);
      story.powers.add(power);
      // The power says what it does in plain words, not in the sheet's shorthand.
      const what = await page.getByTestId(`declare-${i}`).locator('.what').innerText();
      expect(what).toMatch(plainWords[power] ?? /^$/);
      if (['block', 'cancel', 'trap'].includes(power) && !story.shots.has(`declare-${power}`)) {
        await toTop(page.getByTestId(`declare-${i}`));
        await shot(`declare-${power}`);
      }
    }
    await page.getByTestId('send-declare').tap();
  } else if (kind === 'gain') {
    if ((await page.getByTestId('bend-slider').count()) > 0) {
      await tryTheSlider(page);
      story.sliders += 1;
      await shot('bend');
    }
    await page.getByTestId('send-gain').tap();
  } else if (kind === 'traps') {
    await toTop(page.getByTestId('remove-picker'));
    await shot('trap-sprung');
    if (!story.shots.has('tv-trap')) {
      story.shots.add('tv-trap');
      await saveScreenshot(tv, 'war-pnp-tv-trap');
      story.a11y['tv trap'] = await seriousViolations(tv);
    }
    await page.getByTestId('send-remove').tap();
    story.removals += 1;
  }
  await expect.poll(() => phaseOf(page), { timeout: 10_000 }).not.toBe(phase);
  return true;
}

describe("Powers 'n Points in the browser", () => {
  it('two phones play a whole game through the UI with Grow, Block, Cancel and Trap, and the TV keeps up', async () => {
    const story: Story = { hinted: new Set(), powers: new Set(), sliders: 0, removals: 0, shots: new Set(), a11y: {} };

    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann: Player = {
      name: 'Ann',
      seat: 0,
      page: await room.joinRoom(code, 'Ann'),
      rows: ['grow', 'block', 'cancel', 'trap'],
      row5: 'bend',
      columns: ['7', '6/8', '5/9', '4/10', '3/11', '2/12'],
    };
    const bo: Player = {
      name: 'Bo',
      seat: 1,
      page: await room.joinRoom(code, 'Bo'),
      rows: ['cancel', 'trap', 'grow', 'block'],
      row5: 'steal',
      columns: ['6/8', '7', '5/9', '4/10', '3/11', '2/12'],
    };
    const players = [ann, bo];

    // The rules page credits the designer.
    const reader = await room.newPage({ width: 1280, height: 800 });
    await reader.goto(`${room.url}/rules/war-pnp`);
    await reader.getByText('Jonathan Leistiko', { exact: true }).waitFor();
    await reader.getByRole('heading', { name: 'The ten powers' }).waitFor();
    story.a11y.rules = await seriousViolations(reader);

    await tv.getByRole('radio', { name: /Write And Roll/ }).check();
    const hard = tv.getByLabel(/Hard decisions/i);
    await hard.waitFor();
    await hard.check();
    await expect.poll(() => hard.isChecked()).toBe(true);
    const start = tv.getByRole('button', { name: 'Start the game' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    for (const p of players) await p.page.getByTestId('war-phone').waitFor();
    await tv.getByTestId('war-tv').waitFor();
    await expect.poll(() => tv.getByTestId('tv-deciding').innerText()).toBe('Ann, Bo');
    await saveScreenshot(tv, 'war-pnp-tv-setup');
    story.a11y['tv setup'] = await seriousViolations(tv);

    const spectator = await room.newPage({ width: 1280, height: 800 });
    await spectator.goto(`${room.url}/watch/${code}`);
    await spectator.getByTestId('war-tv').waitFor();

    const deadline = Date.now() + 240_000;
    const reports: string[] = [];
    while ((await tv.getByTestId('standings').count()) === 0) {
      if (Date.now() > deadline) throw new Error('the game did not finish in time');
      let moved = false;
      for (const p of players) if (await move(p, story, tv)) moved = true;
      const report = tv.getByTestId('tv-report');
      // Read without waiting: the report leaves the TV when the game ends.
      if (moved) reports.push(...(await report.allInnerTexts()));
      // The TV as round 3 opens: round 2's roll, declarations and trap are still on show.
      if (!story.shots.has('tv-round') && (await tv.getByTestId('war-tv').getAttribute('data-round')) === '3') {
        story.shots.add('tv-round');
        await tv.waitForTimeout(700);
        await saveScreenshot(tv, 'war-pnp-tv-round');
        story.a11y['tv between rounds'] = await seriousViolations(tv);
        story.a11y['spectator between rounds'] = await seriousViolations(spectator);
      }
      if (!moved) await tv.waitForTimeout(50);
    }

    expect([...story.powers].sort()).toEqual(expect.arrayContaining(['block', 'cancel', 'grow', 'trap']));
    expect([...story.hinted].sort()).toEqual(expect.arrayContaining(['declare', 'develop', 'gain', 'setup', 'traps']));
    expect(story.removals).toBeGreaterThan(0);
    expect(story.sliders).toBeGreaterThan(0);
    const told = reports.join('\n');
    expect(told).toMatch(/trap on \d+ caught/);
    expect(told).toMatch(/removed .+’s /);
    expect(told).toMatch(/row \d was stopped/);

    const onTv = await standingsOf(tv);
    expect(onTv.map((s) => s.name).sort()).toEqual(['Ann', 'Bo']);
    expect(await standingsOf(spectator)).toEqual(onTv);
    for (const p of players) {
      expect(await standingsOf(p.page)).toEqual(onTv);
      const mine = onTv.find((s) => s.name === p.name);
      expect(await p.page.getByTestId('my-score').innerText()).toBe(mine?.score);
    }
    expect(Math.max(...onTv.map((s) => Number(s.score)))).toBeGreaterThanOrEqual(100);

    await tv.getByRole('img', { name: /^Score after each round/ }).waitFor();
    await tv.waitForTimeout(700);
    await saveScreenshot(tv, 'war-pnp-tv-end');
    await saveScreenshot(ann.page, 'war-pnp-phone-end');
    story.a11y['tv end'] = await seriousViolations(tv);
    story.a11y['phone end'] = await seriousViolations(ann.page);
    story.a11y['spectator end'] = await seriousViolations(spectator);

    expect(story.a11y).toEqual(noViolationsOn(story.a11y));
    expect(room.pageErrors).toEqual([]);
  });

  it('a phone with hints on shows its Powers ’n Points hint, sets it up on a tap, and names powers in plain words', async () => {
    const { tv, code } = await room.hostRoom(TEST_SEED);
    const ann = await room.joinRoom(code, 'Ann');
    const bo = await room.joinRoom(code, 'Bo');
    await tv.getByRole('radio', { name: /Write And Roll/ }).check();
    const start = tv.getByRole('button', { name: 'Start the game' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    await start.click();
    await ann.getByTestId('war-phone').waitFor();

    // Naming a new row: each power says what it does to the dice, boxes or scores.
    await ann.getByTestId('develop-row-1').tap();
    await ann.getByTestId('name-picker').waitFor();
    expect(await ann.getByTestId('name-block').innerText()).toContain('One of an opponent’s Points boxes pays nothing next time');
    expect(await ann.getByTestId('name-decay').innerText()).toContain('This round, an opponent’s box pays as if it were 1 box lower');
    expect(await ann.getByTestId('name-wither').innerText()).toContain('Every box in one of an opponent’s columns pays 1 less from now on');
    await saveScreenshot(ann, 'war-pnp-phone-power-words');
    await ann.getByRole('button', { name: 'Back' }).tap();

    // The hint names the bot's five boxes with what they add a roll; Set it up picks them.
    const hint = ann.getByTestId('pnp-hint');
    await expect.poll(() => hint.innerText(), { timeout: 10_000 }).toMatch(/^Hint: (Start|Take|Fill) .*: those boxes add about \d\.\d points a roll/);
    await hint.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await saveScreenshot(ann, 'war-pnp-phone-hint');
    const a11y = { 'phone hint': await seriousViolations(ann) };
    await hint.getByRole('button', { name: 'Set it up' }).tap();
    await expect.poll(() => ann.getByRole('list', { name: 'Your picks' }).locator('li').count()).toBe(5);
    const send = ann.getByTestId('send-develop');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.tap();
    // Sent: the game no longer waits on Ann, so her hint goes; Bo still has his, and the TV never shows one.
    await expect.poll(() => hint.count()).toBe(0);
    await expect.poll(() => bo.getByTestId('pnp-hint').count()).toBe(1);
    expect(await tv.getByText(/^Hint:/).count()).toBe(0);
    expect(a11y).toEqual(noViolationsOn(a11y));
    expect(room.pageErrors).toEqual([]);
  });
});

/**
 * Each game played by ear, in real Chromium: a phone plays a whole turn (a
 * round, in the games everyone plays at once) using only what a screen
 * reader gives a player who cannot see the screen: roles, accessible names,
 * the pressed state of toggle buttons and the two live regions. The dice are
 * toggle buttons in a labelled group, each named with its face and whether
 * it is kept ("Die 3 showing 5, kept"); each way to score is a button named
 * with what it would score; the polite region says the roll and each result,
 * the assertive one "your turn". What was heard is checked against the room
 * as stored.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetFate, tenPhases, wfgts, type pairsAndWagers } from '@rollcall/rules';
import { seatTokenOf, useBrowserRoom } from './browser-room.js';
import { seatPlayers, type SeatedTable } from './table-driver.js';

const SEED = '623b8a340507794f609f62b9c457d1a9';
/** The dice of Waiting for the Game to Start: d4, d6, d8, d10, d10, d12 and d20. */
const WFGTS_DICE = 7;

const room = useBrowserRoom();

/**
 * Keep everything the phone's live regions say from now on, in order, as a
 * screen reader would hear it: each region is read whenever its text changes.
 */
async function listen(page: Page): Promise<void> {
  await page.locator('[data-testid="announce-polite"]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const said: { polite: string[]; assertive: string[] } = { polite: [], assertive: [] };
    (window as unknown as { said: typeof said }).said = said;
    for (const region of ['polite', 'assertive'] as const) {
      const element = document.querySelector(`[data-testid="announce-${region}"]`)!;
      new MutationObserver(() => {
        const text = (element.textContent ?? '').replaceAll('\u200b', '').trim();
        if (text !== '') said[region].push(text);
      }).observe(element, { childList: true, characterData: true, subtree: true });
    }
  });
}

/** What a region has said since the phone started listening. */
function said(page: Page, region: 'polite' | 'assertive'): Promise<string[]> {
  return page.evaluate((r) => (window as unknown as { said: Record<string, string[]> }).said[r] ?? [], region);
}

/** Wait until `region` says something matching `words` after its first `after` messages; returns it. */
async function hear(page: Page, region: 'polite' | 'assertive', words: RegExp, after = 0): Promise<string> {
  let heard: string | undefined;
  await expect
    .poll(async () => (heard = (await said(page, region)).slice(after).find((text) => words.test(text))), {
      timeout: 15_000,
      message: `the ${region} region says ${words}`,
    })
    .toBeDefined();
  return heard!;
}

/** A die as a screen reader gives it: its name, and whether its toggle is pressed (kept). */
interface HeardDie {
  name: string;
  pressed: boolean;
  /** The face its name says, the number after "showing" or after the colon. */
  face: string | undefined;
}

/**
 * The nodes of an ARIA snapshot, one per line, as `role "name" [state]`. The
 * snapshot is YAML: a node whose text holds a colon comes single-quoted, and
 * one with children ends in a colon.
 */
function ariaNodes(snapshot: string): string[] {
  return snapshot.split('\n').flatMap((line) => {
    const item = /^\s*- (.*)$/.exec(line)?.[1];
    if (item === undefined) return [];
    const node = item.replace(/:$/, '');
    return [node.startsWith("'") && node.endsWith("'") ? node.slice(1, -1).replaceAll("''", "'") : node];
  });
}

/** The dice of a labelled group, read from its ARIA snapshot (what the accessibility tree holds): toggles where the player picks dice, images where the dice are only shown. */
async function diceIn(group: Locator): Promise<HeardDie[]> {
  return ariaNodes(await group.ariaSnapshot())
    .map((node) => /^(?:button|img) "([^"]*)"(.*)$/.exec(node))
    .filter((button) => button !== null && /\bdie\b/i.test(button[1] ?? ''))
    .map((button) => {
      const [, name = '', rest = ''] = button!;
      return {
        name,
        pressed: /\[pressed(=true)?\]/.test(rest),
        face: /(?:showing|:)\s*(\d+|wild|W)\b/i.exec(name)?.[1],
      };
    });
}

/** A control's accessible name, as the accessibility tree gives it. */
async function nameOf(control: Locator): Promise<string> {
  return /"(.*)"/.exec(await control.ariaSnapshot())?.[1] ?? '';
}

/** Whether a die's name says it stays put: "kept", or "set aside" in Ten Phases' words. */
const keptWord = (name: string) => /\b(kept|set aside)\b/i.test(name) && !/\bnot (kept|set aside)\b/i.test(name);

/** Host `game` on a TV with fixed dice; a phone joins as Ann and listens, `others` sit at sockets, and the TV starts the game. */
async function startByEar(game: RegExp, others: readonly string[] = []): Promise<{ phone: Page; code: string; table: SeatedTable | null }> {
  const { tv, code } = await room.hostRoom(SEED);
  const phone = await room.joinRoom(code, 'Ann');
  await listen(phone);
  const table = others.length > 0 ? await seatPlayers(room.server, code, others, [await seatTokenOf(phone, code)]) : null;
  await tv.getByRole('radio', { name: game }).check();
  const start = tv.getByRole('button', { name: 'Start the game' });
  await expect.poll(() => start.isEnabled()).toBe(true);
  await start.click();
  return { phone, code, table };
}

/**
 * The other players at sockets move until the game waits on the phone's seat
 * (0). The server runs in this process: between looks at a game not yet
 * begun, the loop sleeps, or it would never let the server start it.
 */
async function othersUntilHerTurn(table: SeatedTable, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  for (let { awaiting } = await table.status(); !awaiting.includes(0); { awaiting } = await table.status()) {
    if (Date.now() > end) throw new Error(`the game did not come to seat 0 within ${timeout} ms`);
    if (awaiting.length > 0) await table.step();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The room's game state as stored. */
async function stored<State>(code: string): Promise<State> {
  const saved = await room.server.store.load(code);
  if (saved === null) throw new Error(`room ${code} is not stored`);
  return saved.play as State;
}

/**
 * Roll, hear the roll, keep the first die by its toggle and roll the rest: the
 * kept die keeps its face, by its name. Returns the dice group.
 */
async function rollKeepAndRollAgain(phone: Page, count: number): Promise<Locator> {
  const heardFirst = (await said(phone, 'polite')).length;
  await phone.getByRole('button', { name: /^roll\b/i }).tap();
  const rolled = await hear(phone, 'polite', /\broll(ed)?\b/i, heardFirst);
  const dice = phone.getByRole('group', { name: /dice/i }).filter({ has: phone.getByRole('button', { name: /\bdie\b/i }) });
  const first = await diceIn(dice);
  expect(first).toHaveLength(count);
  expect(first.every((die) => !die.pressed && !keptWord(die.name) && die.face !== undefined)).toBe(true);
  // The roll as heard names every face the dice show.
  for (const die of first) expect(rolled).toContain(String(die.face));

  // The first die of the group ("Die 1", or Ten Phases' "High die 1").
  await dice.getByRole('button', { name: /\bdie 1\b/i }).first().tap();
  await expect.poll(async () => (await diceIn(dice))[0]).toMatchObject({ pressed: true, face: first[0]!.face });
  expect(keptWord((await diceIn(dice))[0]!.name)).toBe(true);

  const heardBefore = (await said(phone, 'polite')).length;
  await phone.getByRole('button', { name: /^(last )?roll\b/i }).tap();
  await hear(phone, 'polite', /\broll(ed)?\b/i, heardBefore);
  const second = await diceIn(dice);
  expect(second[0]).toMatchObject({ pressed: true, face: first[0]!.face });
  return dice;
}

describe('playing by ear', () => {
  it('Meet Fate: hears its turn, rolls, keeps a die, rolls again, scores a box named with its points and hears whose turn it is', async () => {
    const { phone, code, table } = await startByEar(/Meet Fate/, ['Bartholomew']);
    try {
      await hear(phone, 'assertive', /your turn/i);
      await rollKeepAndRollAgain(phone, meetFate.DICE_COUNT);
      // A box is a toggle named with what it would score ("Twos: 4 points"); its Score button plays it.
      const box = phone.getByRole('button', { name: /: [1-9]\d* points?\b/i }).first();
      const points = Number(/: (\d+) points?\b/i.exec(await nameOf(box))?.[1]);
      await box.tap();
      await expect.poll(() => box.getAttribute('aria-pressed')).toBe('true');
      const heardBefore = (await said(phone, 'polite')).length;
      await phone.getByRole('button', { name: new RegExp(`^score ${points}\\b`, 'i') }).tap();
      await hear(phone, 'polite', new RegExp(`\\b${points}\\b`), heardBefore);
      const play = await stored<{ sheets: { boxes: Record<string, number | null> }[] }>(code);
      expect(Object.values(play.sheets[0]!.boxes).filter((score) => score !== null)).toEqual([points]);
      // The turn passes, and she hears to whom.
      await hear(phone, 'polite', /Bartholomew/, heardBefore);
    } finally {
      table?.close();
    }
  });

  it('Ten Phases: hears its turn, rolls, sets a die aside, rolls again, stops on a button that says what it scores and hears whose turn it is', async () => {
    const { phone, code, table } = await startByEar(/Ten Phases/, ['Bartholomew']);
    try {
      // The roll-off may put Bartholomew first: he plays his turn.
      await othersUntilHerTurn(table!);
      await hear(phone, 'assertive', /your turn/i);
      await rollKeepAndRollAgain(phone, tenPhases.DICE.length);
      const stop = phone.getByRole('button', { name: /^stop\b/i });
      const named = await nameOf(stop);
      expect(named).toMatch(/\bscores? (nothing|\d+)/i);
      const heardBefore = (await said(phone, 'polite')).length;
      await stop.tap();
      await hear(phone, 'polite', /Bartholomew/, heardBefore);
      const play = await stored<tenPhases.TenPhasesState>(code);
      const scored = /(\d+)/.exec(named)?.[1];
      expect(play.sheets[0]!.phase).toBe(scored === undefined ? 1 : 2);
    } finally {
      table?.close();
    }
  });

  it('Waiting for the Game to Start: keeps dice by their toggles, locks in each line and scores the round on a button that says what it scores', async () => {
    const { phone, code } = await startByEar(/Waiting for the Game to Start/);
    const dice = phone.getByRole('group', { name: /dice/i }).filter({ has: phone.getByRole('button', { name: /\bdie\b/i }) });
    for (const line of ['a', 'b']) {
      const shown = await (async () => {
        await expect.poll(async () => (await diceIn(dice)).length, { message: `line ${line}'s dice` }).toBe(WFGTS_DICE);
        return diceIn(dice);
      })();
      expect(shown.every((die) => !die.pressed && die.face !== undefined)).toBe(true);
      // The first die of the group ("Die 1", or Ten Phases' "High die 1").
  await dice.getByRole('button', { name: /\bdie 1\b/i }).first().tap();
      await expect.poll(async () => (await diceIn(dice))[0]?.pressed).toBe(true);
      const heardBefore = (await said(phone, 'polite')).length;
      await phone.getByRole('button', { name: /^lock in\b/i }).tap();
      // The next line is rolled for the table, and said once the dice settle.
      await hear(phone, 'polite', /\d/, heardBefore);
      await expect.poll(async () => (await diceIn(dice))[0]?.face).toBe(shown[0]!.face);
    }
    const choice = phone.getByRole('button', { name: /:\s*\d+$|\d+ points?\b/i }).first();
    const named = await nameOf(choice);
    const points = Number(/(\d+)(?: points?)?\s*$/.exec(named)?.[1]);
    const heardBefore = (await said(phone, 'polite')).length;
    await choice.tap();
    await hear(phone, 'polite', new RegExp(`\\b${points}\\b`), heardBefore);
    const play = await stored<wfgts.WfgtsState>(code);
    expect(play.sheets[0]!.rounds[0]?.score).toMatchObject({ score: points });
  });

  it('Pairs and Wagers: hears its turn, rolls, hears the roll and its result, ends the turn and hears whose turn it is', async () => {
    const { phone, code, table } = await startByEar(/Pairs and Wagers/, ['Bartholomew']);
    try {
      await hear(phone, 'assertive', /your turn/i);
      const heardBefore = (await said(phone, 'polite')).length;
      await phone.getByRole('button', { name: /^roll\b/i }).tap();
      const rolled = await hear(phone, 'polite', /\d/, heardBefore);
      const group = phone.getByRole('group', { name: /dice/i });
      const dice = await diceIn(group);
      expect(dice).toHaveLength(4);
      for (const die of dice) expect(rolled).toContain(String(die.face));
      // A roll either ends the turn by itself (a bust) or leaves it to her to end it.
      const end = phone.getByRole('button', { name: /^end (my |the )?turn\b/i });
      if ((await end.count()) > 0) await end.tap();
      await hear(phone, 'polite', /Bartholomew/, heardBefore);
      const play = await stored<pairsAndWagers.PairsState>(code);
      expect(play.turn?.seat).toBe(1);
    } finally {
      table?.close();
    }
  });

  it("Powers 'n Points: sets up its sheet from named choices, sends it, and hears the round's roll", async () => {
    const { phone, code, table } = await startByEar(/Write And Roll/, ['Bartholomew']);
    try {
      // Every choice of the setup is a named button; the phone's hint sets the whole step up, as a reader can ask it to.
      await phone.getByRole('button', { name: /^set it up$/i }).tap();
      const send = phone.getByRole('button', { name: /^(send|lock in|done)\b/i });
      await expect.poll(() => send.isEnabled()).toBe(true);
      await send.tap();
      // Bartholomew sets up too; then the round's dice are rolled, by whoever's roll it is.
      await expect.poll(async () => (await table!.status()).awaiting).not.toContain(0);
      const heardBefore = (await said(phone, 'polite')).length;
      while ((await table!.status()).awaiting.includes(1)) await table!.step();
      const roll = phone.getByRole('button', { name: /^roll\b/i });
      if ((await table!.status()).awaiting.includes(0)) await roll.tap();
      const rolled = await hear(phone, 'polite', /\d.*\d/, heardBefore);
      const play = await stored<{ rolls: { dice: [number, number] }[] }>(code);
      for (const face of play.rolls.at(-1)?.dice ?? []) expect(rolled).toContain(String(face));
    } finally {
      table?.close();
    }
  });
});

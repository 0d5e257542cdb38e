/**
 * Bots at the table in real Chromium: one phone opens a room by itself (no
 * TV), seats an easy bot and a strong one, starts Meet Fate and plays it to
 * the end against them; a TV that comes to watch marks the bots and their
 * strengths in the lobby and on the end screen.
 */
import { expect as poll, describe, expect, it } from 'vitest';
import { meetFate } from '@rollcall/rules';
import { PHONE, TV, standingsOf, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const SEED = '0b075eed0b075eed0b075eed0b075eed';

const room = useBrowserRoom();

describe('bots at the table', () => {
  it('let one phone alone start Meet Fate against an easy and a strong bot and play it to the end; the TV marks the bots and their strengths', async () => {
    const ann = await room.newPage(PHONE, true);
    await ann.goto(`${room.url}/?testSeed=${SEED}`);
    await ann.getByLabel('Your name').last().fill('Ann');
    await ann.getByRole('button', { name: 'Open a room on this phone' }).tap();
    await ann.waitForURL(/\/play\/[A-Z]{4}$/);
    const code = ann.url().slice(-4);
    await ann.getByRole('heading', { name: "You're in, Ann!" }).waitFor();

    await ann.getByRole('radio', { name: /Meet Fate/ }).check();
    await ann.getByRole('group', { name: 'Who rolls first?' }).waitFor();
    const addBot = ann.getByRole('button', { name: 'Add a bot' });
    const seated = ann.locator('.players li');
    // The lead picks how well the next bot plays; strong until they pick another.
    expect(await ann.getByRole('radio', { name: 'Strong' }).isChecked()).toBe(true);
    await ann.getByRole('radio', { name: 'Easy' }).check();
    await ann.getByText('a child can beat it').waitFor();
    await addBot.tap();
    await poll.poll(() => seated.count()).toBe(2);
    await ann.getByRole('radio', { name: 'Strong' }).check();
    await addBot.tap();
    await poll.poll(() => seated.allInnerTexts()).toEqual([
      expect.stringContaining('Ann'),
      expect.stringMatching(/Bot Ada\s*easy bot/),
      expect.stringMatching(/Bot Bix\s*strong bot/),
    ]);
    const stored = await room.server.store.load(code);
    expect(stored?.seats.map((s) => s.botStrength)).toEqual([undefined, 'easy', 'strong']);

    // A TV opened on the room's address watches; it marks both bots, and nobody else.
    const tv = await room.newPage(TV);
    await tv.goto(`${room.url}/tv/${code}`);
    const tvPlayers = tv.locator('.players li');
    await poll.poll(() => tvPlayers.count()).toBe(3);
    expect(await tvPlayers.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bot')))).toEqual(['no', 'yes', 'yes']);
    expect(await tv.getByTestId('bot-tag').allInnerTexts()).toEqual(['easy bot', 'strong bot']);
    await saveScreenshot(tv, 'bots-tv-lobby');
    await saveScreenshot(ann, 'bots-phone-lobby');
    expect(await seriousViolations(ann)).toEqual([]);
    expect(await seriousViolations(tv)).toEqual([]);

    await ann.getByRole('button', { name: 'Start the game' }).tap();
    const sheet = ann.getByTestId('meet-fate-phone');
    await sheet.waitFor();

    // Ann rolls once and takes the offered box each turn; the bots play theirs in between. A bot's F8 may end it early.
    for (let round = 1; round <= meetFate.BOX_IDS.length; round++) {
      await poll.poll(() => sheet.getAttribute('data-turn'), { timeout: 30_000 }).toMatch(new RegExp(`^(${round}-0-0|\\d+-over-\\d)$`));
      if ((await sheet.getAttribute('data-turn'))?.includes('over')) break;
      await ann.getByTestId('mf-roll').tap();
      await poll.poll(() => sheet.getAttribute('data-turn')).toMatch(new RegExp(`^(${round}-0-1|\\d+-over-\\d)$`));
      if ((await sheet.getAttribute('data-turn'))?.includes('over')) break;
      if (round === 1) {
        // Hints are on: after a roll the phone says what the optimal strategy would do.
        await poll.poll(() => ann.getByTestId('mf-hint').innerText()).toMatch(/^Hint: (Keep .* and roll|Roll all six again|Score it in )/);
        await ann.getByTestId('mf-hint').scrollIntoViewIfNeeded();
        await saveScreenshot(ann, 'bots-phone-hint');
      }
      await ann.getByTestId('mf-score').tap();
    }

    const standings = await standingsOf(ann);
    expect(standings.map((s) => s.name).sort()).toEqual(['Ann', 'Bot Ada', 'Bot Bix']);
    expect(await standingsOf(tv)).toEqual(standings);
    // The end screen says which bot was which.
    const tvStandings = tv.getByTestId('standings');
    expect(await tvStandings.locator('li', { hasText: 'Bot Ada' }).getByTestId('bot-tag').innerText()).toBe('easy bot');
    expect(await tvStandings.locator('li', { hasText: 'Bot Bix' }).getByTestId('bot-tag').innerText()).toBe('strong bot');
    expect((await room.server.store.load(code))?.status).toBe('finished');
    const log = await room.server.store.journal(code);
    const botMoves = log.filter((e) => e.kind === 'action' && e.seat !== 0);
    expect(botMoves.length).toBeGreaterThan(0);
    expect(botMoves.every((e) => e.detail.by === 'bot')).toBe(true);
    await saveScreenshot(ann, 'bots-phone-end');
    expect(room.pageErrors).toEqual([]);
  });
});

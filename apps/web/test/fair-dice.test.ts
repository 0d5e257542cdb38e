/**
 * Sealed dice, kept and checked in real Chromium: a game with sealed dice is
 * played to its end, the TV's end screen offers its record, the record is
 * downloaded, checked on /verify with nothing from the server, and stepped
 * through on /replay with the game's own TV board.
 */
import { readFileSync } from 'node:fs';
import { ClientEvent } from '@rollcall/protocol';
import { verifyRecord, type GameRecord } from '@rollcall/protocol/game-record';
import { describe, expect, it } from 'vitest';
import { openTable } from '../../server/test/harness.js';
import { latest, playUntil, settle } from '../../server/test/wfgts-driver.js';
import { TV, noViolationsOn, useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';

const room = useBrowserRoom();

describe('a game record in the browser', () => {
  it('is downloaded from the end screen, verified on /verify and replayed on /replay', async () => {
    // The table plays over sockets, with sealed dice (no fixed seed), so the test is about the record, not the taps.
    const t = await openTable(room.url, { players: ['Ann', 'Bob'] });
    try {
      for (const [i, p] of t.players.entries()) {
        await p.client.must(ClientEvent.contributeSeed, { code: t.code, token: p.token, clientSeed: `${i}f`.repeat(16) });
      }
      await t.host.must(ClientEvent.configure, { code: t.code, token: t.hostToken, game: 'wfgts' });
      const { version } = await t.host.must(ClientEvent.start, { code: t.code, token: t.hostToken });
      await settle(t, version);
      const final = await playUntil(t);
      expect(final.status).toBe('finished');
      const id = latest(t.host).dice?.record ?? '';
      expect(id).toMatch(/^[A-Z]+-[0-9a-f]{16}$/);

      // A TV without the host token may have to be let in, with the code it shows while it waits.
      const tv = await room.newPage(TV);
      await tv.goto(`${room.url}/tv/${t.code}`);
      const waiting = tv.getByTestId('screen-waiting');
      const links = tv.getByTestId('game-record-links');
      await links.or(waiting).waitFor({ timeout: 15_000 });
      if (await waiting.isVisible()) {
        const screen = ((await waiting.locator('.code').textContent()) ?? '').replace(/\s/g, '');
        await t.host.must(ClientEvent.admitScreen, { code: t.code, token: t.hostToken, screen });
      }
      await links.waitFor({ timeout: 15_000 });
      const a11y: Record<string, string[]> = { tv: await seriousViolations(tv) };
      const [download] = await Promise.all([tv.waitForEvent('download'), links.getByRole('link', { name: 'Download the record' }).click()]);
      const file = await download.path();
      const record = JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
      expect(record.id).toBe(id);
      expect(record.outcome).toEqual(final.outcome);
      const verdict = verifyRecord(record);
      if (!verdict.ok) throw new Error(verdict.message);

      // /verify, given the downloaded file: every roll and the standings match, counted as the page counts them.
      const check = await room.newPage(TV);
      await check.goto(`${room.url}/verify`);
      await check.locator('input[type="file"]').setInputFiles(file);
      const shown = check.getByTestId('verdict');
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toContain(`Verified: all ${verdict.rolls} rolls and the standings match`);
      a11y.verify = await seriousViolations(check);
      await saveScreenshot(check, 'fair-dice-verify');

      // A record changed by one roll is caught, and the page says where.
      const tampered = structuredClone(record);
      const rolled = tampered.moves.findIndex((m) => m.rolls.length > 0);
      tampered.moves[rolled]!.rolls[0] = tampered.moves[rolled]!.rolls[0] === 1 ? 2 : 1;
      await check.locator('input[type="file"]').setInputFiles({
        name: 'tampered.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(tampered)),
      });
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toContain(
        `At move ${rolled + 1}, the dice showed ${record.moves[rolled]!.rolls.join(' ')}, the record says ${tampered.moves[rolled]!.rolls.join(' ')}.`,
      );
      expect(await shown.textContent()).toContain('Not verified');

      // /replay from the end screen's link: the game's own board, move by move, and the standings at the end.
      await tv.getByRole('link', { name: 'Watch it again' }).click();
      await tv.waitForURL(/\/replay\?record=/);
      const step = tv.getByTestId('replay-step');
      await expect.poll(() => step.textContent(), { timeout: 15_000 }).toBe(`Move 0 of ${record.moves.length}`);
      await tv.getByTestId('game-screen').waitFor();
      expect(await tv.getByTestId('replay-move').textContent()).toContain('The game is set up');
      await tv.getByRole('button', { name: 'Next move' }).click();
      expect(await step.textContent()).toBe(`Move 1 of ${record.moves.length}`);
      const first = record.moves[0]!;
      expect(await tv.getByTestId('replay-move').textContent()).toContain(record.seats[first.seat]!.name);
      await tv.getByRole('button', { name: 'Back' }).click();
      expect(await step.textContent()).toBe(`Move 0 of ${record.moves.length}`);
      // A round of Waiting for the Game to Start is several moves: the jump goes past them all at once.
      await tv.getByRole('button', { name: 'Next round' }).click();
      const afterRound = Number(/Move (\d+)/.exec((await step.textContent()) ?? '')?.[1]);
      expect(afterRound).toBeGreaterThan(1);
      expect(afterRound).toBeLessThan(record.moves.length);
      await tv.getByRole('slider').fill(String(record.moves.length));
      await expect.poll(() => step.textContent()).toBe(`Move ${record.moves.length} of ${record.moves.length}`);
      await tv.getByTestId('standings').waitFor();
      a11y.replay = await seriousViolations(tv);
      await saveScreenshot(tv, 'fair-dice-replay');
      expect(a11y).toEqual(noViolationsOn(a11y));
      expect(room.pageErrors).toEqual([]);
    } finally {
      t.close();
    }
  });
});

/**
 * Every game at its smallest, a four-player and its largest table, on every
 * kind of screen, in the lobby, in the middle of a game, at its end and back
 * in the lobby with tonight's standings (the TV's table, the phone's place): the
 * page never scrolls sideways, a TV never scrolls at all, a TV draws no text
 * over other text, a 1080p TV shows no text under 16 px, a phone with a move
 * to make shows a control of the game without scrolling, and axe finds nothing
 * serious. Every screen is kept as a screenshot in test-artifacts/matrix/.
 *
 * The browser only looks: the seats are sockets, and the game is played
 * quickly from the stored state (table-driver.ts) while the screens are
 * parked on a blank page, so only the moments pictured are drawn.
 */
import { findGame, games } from '@rollcall/rules';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations } from './chromium.js';
import { movesInAGame, seatPlayers, type SeatedTable } from './table-driver.js';

const TEST_SEED = '623b8a340507794f609f62b9c457d1a9';

/** Names of several lengths, as a real table has. */
const NAMES = ['Ann', 'Bartholomew', 'Cy', 'Dee', 'Everett', 'Fay', 'Gus', 'Hildegard', 'Ivo', 'Jo', 'Kit', 'Lou'];

type Stage = 'lobby' | 'mid' | 'end';
type Role = 'tv' | 'phone' | 'spectator';

interface Screen {
  name: string;
  role: Role;
  width: number;
  height: number;
  /** A TV cannot scroll: the page must fit its height too. */
  fitHeight: boolean;
  /** The smallest text allowed, in CSS px. */
  minText: number;
}

const SCREENS: Screen[] = [
  { name: 'tv-1080p', role: 'tv', width: 1920, height: 1080, fitHeight: true, minText: 16 },
  { name: 'tv-720p', role: 'tv', width: 1280, height: 720, fitHeight: true, minText: 0 },
  { name: 'phone', role: 'phone', width: 360, height: 640, fitHeight: false, minText: 0 },
  { name: 'phone-landscape', role: 'phone', width: 844, height: 390, fitHeight: false, minText: 0 },
  { name: 'spectator', role: 'spectator', width: 1280, height: 800, fitHeight: false, minText: 0 },
];

/** Each game at its minimum, at four and at its maximum number of players. */
const CASES = Object.values(games).flatMap((game) =>
  [...new Set([game.players.min, 4, game.players.max])]
    .filter((n) => n >= game.players.min && n <= game.players.max)
    .map((players) => ({ game: game.id, players, label: `${game.id}-${players}p` })),
);

// The driver plays a whole game in seconds, far faster than any table taps.
// WEB_DIR, if set, points the server at a copy of the build, so the app can be rebuilt while the matrix runs.
const room = useBrowserRoom({
  env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000', ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}) },
});
const problems: string[] = [];
const pages: Partial<Record<Role, Page>> = {};

/** The page of each role, made once and reused for every room. */
async function pageFor(role: Role): Promise<Page> {
  const made = pages[role];
  if (made !== undefined) return made;
  const first = SCREENS.find((s) => s.role === role)!;
  const page = await room.newPage({ width: first.width, height: first.height }, role === 'phone');
  pages[role] = page;
  return page;
}

/**
 * What is wrong with the page at this screen size: overflow, text drawn over other text (`overlaps`),
 * text too small to read, and, on a phone whose player has a move to make (`decides`), no control of
 * the game on the screen as it opens.
 */
function measure(page: Page, screen: Screen, decides: boolean): Promise<string[]> {
  return page.evaluate(
    ({ fitHeight, minText, decides, overlaps }) => {
      const found: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth) {
        // Named by what sticks out furthest, so a failure says where to look.
        let widest: Element = doc;
        for (const element of document.body.querySelectorAll('*')) {
          if (element.getBoundingClientRect().right > widest.getBoundingClientRect().right) widest = element;
        }
        const name = `${widest.tagName.toLowerCase()}${[...widest.classList].filter((c) => !c.startsWith('svelte-')).map((c) => `.${c}`).join('')}`;
        found.push(`${name} sticks out: the page is ${doc.scrollWidth} px wide`);
      }
      if (fitHeight && doc.scrollHeight > window.innerHeight) found.push(`the page is ${doc.scrollHeight} px tall`);
      if (decides) {
        const controls = document.querySelectorAll('[data-testid="game-screen"] :is(button, input, select):not(:disabled)');
        const inView = [...controls].some((control) => {
          const box = control.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
        });
        if (!inView) found.push('the move to make is not on the screen');
      }
      if (overlaps) {
        // Text drawn over other text: the part of each text line a reader can see (a box that cuts its
        // overflow off, as an ellipsis does, hides the rest), against every other. Lines packed tight
        // touch at their edges, so a pair counts only when they share more than half a line's height.
        const lines: { text: string; node: Node; left: number; top: number; right: number; bottom: number }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          const element = node.parentElement;
          if (text === '' || element === null || element.closest('.sr-only, title, desc, style, script') !== null) continue;
          if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          let clip = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
          for (let box: Element | null = element; box !== null && box !== document.body; box = box.parentElement) {
            const style = getComputedStyle(box);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const edge = box.getBoundingClientRect();
            clip = {
              left: Math.max(clip.left, edge.left),
              top: Math.max(clip.top, edge.top),
              right: Math.min(clip.right, edge.right),
              bottom: Math.min(clip.bottom, edge.bottom),
            };
          }
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects()) {
            const seen = {
              left: Math.max(line.left, clip.left),
              top: Math.max(line.top, clip.top),
              right: Math.min(line.right, clip.right),
              bottom: Math.min(line.bottom, clip.bottom),
            };
            if (seen.right - seen.left > 1 && seen.bottom - seen.top > 1) lines.push({ text, node, ...seen });
          }
        }
        const clashes = new Set<string>();
        for (const [i, a] of lines.entries()) {
          for (const b of lines.slice(i + 1)) {
            if (a.node === b.node) continue;
            const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (wide > 2 && high > 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top)) {
              clashes.add(`"${a.text.slice(0, 24)}" and "${b.text.slice(0, 24)}"`);
            }
          }
        }
        const listed = [...clashes].slice(0, 6);
        if (listed.length > 0) found.push(`text over text: ${listed.join(', ')}${clashes.size > 6 ? ` and ${clashes.size - 6} more` : ''}`);
      }
      if (minText > 0) {
        const small = new Map<string, number>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          const element = node.parentElement;
          if (text === '' || element === null) continue;
          if (['TITLE', 'STYLE', 'SCRIPT', 'DESC', 'title', 'desc'].includes(element.tagName)) continue;
          if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          const box = element.getBoundingClientRect();
          // Screen-reader text is clipped to a pixel: nobody reads it off the screen.
          if (box.width <= 1 || box.height <= 1 || element.closest('.sr-only') !== null) continue;
          // The size as drawn: a board scaled to fit the screen, or an SVG to its box, draws text smaller.
          let size = parseFloat(getComputedStyle(element).fontSize);
          const svg = element instanceof SVGElement ? (element.ownerSVGElement ?? element) : null;
          const viewBox = svg instanceof SVGSVGElement ? svg.viewBox.baseVal : null;
          if (svg !== null && viewBox !== null && viewBox.width > 0) {
            const drawn = svg.getBoundingClientRect();
            size *= Math.min(drawn.width / viewBox.width, drawn.height / viewBox.height);
          } else if (element instanceof HTMLElement && element.offsetHeight > 0) {
            size *= box.height / element.offsetHeight;
          }
          if (size < minText - 0.25 && !small.has(text)) small.set(text.slice(0, 24), Math.round(size * 10) / 10);
        }
        const listed = [...small].slice(0, 6).map(([text, size]) => `"${text}" ${size} px`);
        if (listed.length > 0) found.push(`text under ${minText} px: ${listed.join(', ')}${small.size > 6 ? ` and ${small.size - 6} more` : ''}`);
      }
      return found;
    },
    { fitHeight: screen.fitHeight, minText: screen.minText, decides, overlaps: screen.role === 'tv' },
  );
}

/** Look at one page at each of its screen sizes: measure, picture and check it with axe; `decides`: this phone has a move to make. */
async function inspect(label: string, role: Role, decides = false): Promise<void> {
  const page = await pageFor(role);
  for (const screen of SCREENS.filter((s) => s.role === role)) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    // A few frames for the layout, and a TV board's fit to the screen, to follow the new size.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForTimeout(200);
    const where = `${label} ${screen.name}`;
    for (const problem of await measure(page, screen, decides)) problems.push(`${where}: ${problem}`);
    await saveScreenshot(page, `matrix/${label}-${screen.name}`);
    for (const violation of await seriousViolations(page)) problems.push(`${where}: ${violation}`);
  }
}

/** Open each screen of the room and wait until it shows `stage`. */
async function show(code: string, stage: Stage): Promise<void> {
  const ready = stage === 'lobby' ? null : stage === 'mid' ? '[data-testid="game-screen"] > *' : '[data-testid="standings"]';
  const tv = await pageFor('tv');
  const phone = await pageFor('phone');
  const spectator = await pageFor('spectator');
  await Promise.all([
    tv.goto(`${room.url}/tv/${code}`),
    phone.goto(`${room.url}/play/${code}`),
    spectator.goto(`${room.url}/watch/${code}`),
  ]);
  if (ready === null) {
    await tv.getByTestId('room-code').waitFor();
    await phone.locator('#hello-title').waitFor();
    await spectator.locator('#wait-title').waitFor();
  } else {
    for (const page of [tv, phone, spectator]) await page.locator(ready).first().waitFor({ timeout: 15_000 });
  }
  // Let entrance animations and rolls settle before the pictures.
  await tv.waitForTimeout(900);
}

/** Leave the room's screens on a blank page, so the game can be played quickly without drawing every move. */
async function park(): Promise<void> {
  for (const role of ['tv', 'phone', 'spectator'] as const) await (await pageFor(role)).goto('about:blank');
}

/** Play moves until `enough` says so or the game ends. */
async function playUntil(table: SeatedTable, enough: (moves: number, awaiting: number[]) => boolean): Promise<void> {
  for (let moves = 0; ; moves++) {
    const { status, awaiting } = await table.status();
    if (status !== 'playing' || enough(moves, awaiting)) return;
    await table.step();
  }
}

describe('every screen fits, at every table size', () => {
  afterAll(() => {
    // Printed so a failing run says everything at once, not only the first case.
    if (problems.length > 0) console.log(problems.join('\n'));
  });

  it.each(CASES)('$label', async ({ game: id, players, label }) => {
    const game = findGame(id)!;
    const before = problems.length;
    const tv = await pageFor('tv');
    await tv.setViewportSize({ width: 1920, height: 1080 });
    const { code } = await room.hostRoom(TEST_SEED, tv);
    const table = await seatPlayers(room.server, code, NAMES.slice(0, players));
    try {
      // This phone holds seat 0 (the lead's): it takes it back as a returning phone does.
      const phone = await pageFor('phone');
      await phone.goto(`${room.url}/`);
      await phone.evaluate(
        ({ key, held }) => localStorage.setItem(key, held),
        { key: `rollcall:seat:${code}`, held: JSON.stringify({ seat: 0, token: table.tokens[0] ?? '' }) },
      );

      await tv.locator(`input[name="game"][value="${id}"]`).check();
      const start = tv.getByRole('button', { name: 'Start the game' });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await show(code, 'lobby');
      for (const role of ['tv', 'phone', 'spectator'] as const) await inspect(`${label}-lobby`, role);

      await tv.getByRole('button', { name: 'Start the game' }).click();
      await expect.poll(async () => (await table.status()).status).toBe('playing');
      await park();
      // The middle of a game: some way in, at a moment this phone has a move to make.
      const half = Math.round(movesInAGame(id, players, TEST_SEED) * 0.45);
      await playUntil(table, (moves, awaiting) => moves >= half && (awaiting.includes(0) || moves > half + 60));
      const decides = (await table.status()).awaiting.includes(0);
      await show(code, 'mid');
      for (const role of ['tv', 'phone', 'spectator'] as const) await inspect(`${label}-mid`, role, role === 'phone' && decides);

      await park();
      await playUntil(table, () => false);
      await show(code, 'end');
      for (const role of ['tv', 'phone', 'spectator'] as const) await inspect(`${label}-end`, role);

      // A game of one is not counted tonight; any other leaves the night's table on the TV for the next game's lobby.
      if (players > 1) {
        await table.rematch();
        await tv.getByTestId('night-table').waitFor({ timeout: 15_000 });
        await (await pageFor('phone')).getByTestId('night-place').waitFor({ timeout: 15_000 });
        await tv.waitForTimeout(900);
        for (const role of ['tv', 'phone'] as const) await inspect(`${label}-night`, role);
      }
    } finally {
      table.close();
    }
    expect(problems.slice(before), `${game.name} with ${players} players`).toEqual([]);
    expect(room.pageErrors).toEqual([]);
  });
});

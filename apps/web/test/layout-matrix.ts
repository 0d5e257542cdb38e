/**
 * The layout matrix: every game at its smallest, a four-player and its
 * largest table, on every kind of screen, in the lobby, in the middle of a
 * game, at its end and back in the lobby with tonight's standings (the TV's
 * table, the phone's place): the page never scrolls sideways, a TV never
 * scrolls at all, a TV draws no text over other text, a 1080p TV shows no
 * text under 16 px, a phone with a move to make shows a control of the game
 * without scrolling, a phone's end screen never breaks a name mid-word, and
 * axe finds nothing serious. Every screen is kept as a screenshot in
 * test-artifacts/matrix/.
 *
 * The screens only look (table-screens.ts): each case has its own TV, phone
 * and spectator, and the cases run side by side in one Chromium.
 * layout-matrix.test.ts lays out English at each game's largest table on
 * every run; layout-matrix.long.test.ts the smaller tables in English, and
 * German and French at every size.
 */
import { findGame, games } from '@rollcall/rules';
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { useBrowserRoom } from './browser-room.js';
import { saveScreenshot, seriousViolations, settle } from './chromium.js';
import type { Locale } from './languages.js';
import { NAMES, openScreens, playThrough, type Role, type Stage } from './table-screens.js';

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

/** A table size of a game: its minimum, four, or its maximum number of players. */
export type TableSize = 'min' | 'four' | 'max';

/** Each game at the `sizes` asked for, in each of `locales`. */
export function matrixCases(locales: readonly Locale[], sizes: readonly TableSize[]) {
  return locales.flatMap((locale) =>
    Object.values(games).flatMap((game) => {
      const counts = { min: game.players.min, four: 4, max: game.players.max };
      return [...new Set(sizes.map((size) => counts[size]))]
        .filter((n) => n >= game.players.min && n <= game.players.max)
        .map((players) => ({ game: game.id, players, locale, label: `${game.id}-${players}p${locale === 'en' ? '' : `-${locale}`}` }));
    }),
  );
}

/**
 * What is wrong with the page at this screen size: overflow, text drawn over other text (`overlaps`),
 * text too small to read, on a phone whose player has a move to make (`decides`) no control of
 * the game on the screen as it opens, and any of `whole` (names) broken across two lines.
 */
function measure(page: Page, screen: Screen, decides: boolean, whole: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ fitHeight, minText, decides, overlaps, whole }) => {
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
      if (whole.length > 0) {
        // A name wraps mid-word when its letters sit on more than one line ("Bartholome / w").
        const broken = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const element = node.parentElement;
          const text = node.textContent ?? '';
          if (element === null || element.closest('.sr-only') !== null || element.getBoundingClientRect().width <= 1) continue;
          for (const name of whole) {
            for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + name.length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              // Named with where it sits, so a failure says where to look.
              const classes = [...element.classList].filter((c) => !c.startsWith('svelte-'));
              if (lines.size > 1) broken.add(`${name} (in ${[element.tagName.toLowerCase(), ...classes].join('.')})`);
            }
          }
        }
        if (broken.size > 0) found.push(`names broken across lines: ${[...broken].join(', ')}`);
      }
      return found;
    },
    { fitHeight: screen.fitHeight, minText: screen.minText, decides, overlaps: screen.role === 'tv', whole },
  );
}

/**
 * Look at one page at each of its screen sizes: measure, picture and check it with axe; `decides`:
 * this phone has a move to make; `whole`: names that must not break mid-word.
 */
async function inspect(page: Page, role: Role, label: string, decides: boolean, whole: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of SCREENS.filter((s) => s.role === role)) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await settle(page);
    const where = `${label} ${screen.name}`;
    const found = [...(await measure(page, screen, decides, screen.width === 360 ? whole : [])), ...(await seriousViolations(page))];
    problems.push(...found.map((problem) => `${where}: ${problem}`));
    // Pictures of the screens that fail, to see why; of every screen with LAYOUT_PICTURES=all (a
    // tenth more time: 26.6 s against 24.8 s for Waiting for the Game to Start with 12 players).
    if (found.length > 0 || process.env.LAYOUT_PICTURES === 'all') await saveScreenshot(page, `matrix/${label}-${screen.name}`);
  }
  return problems;
}

/** The matrix's cases as one test file's tests, side by side. */
export function layoutMatrix(title: string, cases: ReturnType<typeof matrixCases>): void {
  // The driver plays a whole game in seconds, far faster than any table taps.
  // WEB_DIR, if set, points the server at a copy of the build, so the app can be rebuilt while the matrix runs.
  const room = useBrowserRoom({
    env: { ACTION_BURST: '100000', ACTIONS_PER_SECOND: '100000', ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}) },
  });
  const everyProblem: string[] = [];
  const roles: Record<Stage, Role[]> = { lobby: ['tv', 'phone', 'spectator'], mid: ['tv', 'phone', 'spectator'], end: ['tv', 'phone', 'spectator'], night: ['tv', 'phone'] };

  describe.concurrent(title, () => {
    afterAll(() => {
      // Printed so a failing run says everything at once, not only the first case.
      if (everyProblem.length > 0) console.log(everyProblem.join('\n'));
    });

    it.for(cases)('$label', async ({ game: id, players, locale, label }, { expect }) => {
      const problems: string[] = [];
      const screens = await openScreens(room, locale === 'en' ? undefined : locale);
      const names = NAMES.slice(0, players);
      try {
        await playThrough(room, screens, { game: id, players, night: true }, async (stage, decides) => {
          for (const role of roles[stage]) {
            problems.push(...(await inspect(screens[role], role, `${label}-${stage}`, role === 'phone' && decides, role === 'phone' && stage === 'end' ? names : [])));
          }
        });
      } finally {
        for (const page of Object.values(screens)) await page.context().close();
      }
      everyProblem.push(...problems);
      expect(problems, `${findGame(id)!.name} with ${players} players in ${locale}`).toEqual([]);
      expect(room.pageErrors).toEqual([]);
    });
  });
}

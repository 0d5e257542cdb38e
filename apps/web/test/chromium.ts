/**
 * Real Chromium for the browser tests: Debian's /usr/bin/chromium driven by
 * playwright-core, axe-core injected from npm, screenshots kept for CI.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** The repository's folder of screenshots that CI keeps. */
export const artifactsDir = join(here, '../../../test-artifacts');

/** The built web app the server serves. */
export const buildIndex = join(here, '../build/index.html');

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Start headless Chromium. Playwright gives every launch a fresh temporary
 * profile, and every context below is isolated from the others.
 */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * What axe checks: WCAG 2.2 at levels A and AA (with 2.0 and 2.1, whose
 * success criteria 2.2 keeps), which adds the 24 px target size to axe's
 * defaults, and axe's best practices, which its defaults also run.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The serious and critical accessibility violations axe-core finds on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the app's content security policy rightly refuses inline scripts.
  // Once per page load: the script is large, and axe keeps no state between runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    // axe places a sticky bar where the scroll has put it, so the dice scrolled under a phone's
    // sticky "Lock in" read as targets too small (axe-core#3720; Lighthouse leaves sticky
    // elements out of its tap targets for the same reason). The bars are let back into the flow
    // for the run, where a player who scrolls finds every target whole.
    const stuck = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => getComputedStyle(el).position === 'sticky');
    for (const el of stuck) el.style.setProperty('position', 'static', 'important');
    const results = await axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .finally(() => stuck.forEach((el) => el.style.removeProperty('position')));
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, AXE_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/**
 * Wait until the page holds still: fonts loaded, no animation running that
 * will end, and its layout (the page's size and a sample of its boxes) the
 * same for three frames in a row, as boards fitted to the screen settle.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const moving = () => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    const layout = () => {
      const all = document.body.querySelectorAll('*');
      const doc = document.documentElement;
      let seen = `${doc.scrollWidth}x${doc.scrollHeight}/${all.length}`;
      for (let i = 0; i < all.length; i += Math.ceil(all.length / 64)) {
        const box = all[i]!.getBoundingClientRect();
        seen += `|${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)},${Math.round(box.height)}`;
      }
      return seen;
    };
    let last = '';
    // At most a second and a half: a page that never holds still (a turn timer ticking) is measured as it is.
    const until = performance.now() + 1500;
    for (let still = 0; still < 3 && performance.now() < until; ) {
      await frame();
      const now = layout();
      still = now === last && !moving() ? still + 1 : 0;
      last = now;
    }
  });
}

/** Save a screenshot of the page under test-artifacts/. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

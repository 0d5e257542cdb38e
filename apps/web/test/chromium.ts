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

/** The serious and critical accessibility violations axe-core finds on the page, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the app's content security policy rightly refuses inline scripts.
  // Once per page load: the script is large, and axe keeps no state between runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/** Save a screenshot of the page under test-artifacts/. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

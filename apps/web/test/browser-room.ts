/**
 * The stage every browser test plays on: the real server in test mode, one
 * headless Chromium, and pages that record any uncaught error. A test file
 * calls `useBrowserRoom()` once at the top; the server and browser start
 * before its tests and close after them.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type TestServer } from '../../server/test/harness.js';
import { buildIndex, launchChromium } from './chromium.js';
import { say, type Locale } from './languages.js';

/** A phone held upright. */
export const PHONE = { width: 360, height: 640 };
/** A living-room TV. */
export const TV = { width: 1920, height: 1080 };

type Viewport = { width: number; height: number };

/** One line of the final standings as a screen shows it. */
export interface Standing {
  name: string;
  place: string;
  score: string;
}

/** The server, the browser and the pages of one test file. */
export interface BrowserRoom {
  /** The server's address, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** The server itself, to look at rooms as stored. */
  readonly server: TestServer;
  /** Uncaught errors in any page, as "address: message"; a test fails if there is one. */
  readonly pageErrors: string[];
  /**
   * A page in a fresh context; a phone gets touch and a mobile screen. A
   * `locale` is the browser's language, as a phone set to German sends it;
   * without one Chromium speaks English.
   */
  newPage(viewport: Viewport, phone?: boolean, locale?: Locale): Promise<Page>;
  /** Host a new room with fixed dice on a TV page (a new one unless given), in the page's language; returns it with the room code. */
  hostRoom(seed: string, tv?: Page): Promise<{ tv: Page; code: string }>;
  /** Host a new room with sealed dice (no fixed seed), so its end names a game record. */
  hostSealedRoom(): Promise<{ tv: Page; code: string }>;
  /** A phone in `locale` (English unless given) that opens the room's address and joins under this name. */
  joinRoom(code: string, name: string, viewport?: Viewport, locale?: Locale): Promise<Page>;
}

/**
 * Start the server and the browser for this test file's tests, and close them
 * after; `env` overrides the server's settings (e.g. its rate limits).
 *
 * Pages run without the service worker unless `serviceWorker` is set: every
 * page is a fresh context, and the worker would precache the whole app (about
 * 240 files, 3.5 MB) behind each one, a sixth of the CPU of a test that plays a
 * game and far more of one that opens many pages. `installable.test.ts` is the
 * worker's own test.
 */
export function useBrowserRoom(options: { env?: Record<string, string>; serviceWorker?: boolean } = {}): BrowserRoom {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(buildIndex)) throw new Error('No web build: run `pnpm --filter @rollcall/web build` first.');
    server = await startServer({ env: options.env });
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });

  const started = () => {
    if (!server || !browser) throw new Error('The browser room is used before it started.');
    return { server, browser };
  };

  async function newPage(viewport: Viewport, phone = false, locale?: Locale): Promise<Page> {
    const context = await started().browser.newContext({
      viewport,
      serviceWorkers: options.serviceWorker ? 'allow' : 'block',
      ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      ...(locale === undefined ? {} : { locale }),
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    return page;
  }

  async function host(query: string, tv?: Page): Promise<{ tv: Page; code: string }> {
    const screen = tv ?? (await newPage(TV));
    await screen.goto(`${started().server.url}/${query}`);
    const locale = await languageOf(screen);
    await screen.getByRole('button', { name: say(locale, 'Host on this screen') }).click();
    await screen.waitForURL(/\/tv\/[A-Z]{4}$/);
    return { tv: screen, code: screen.url().slice(-4) };
  }

  async function joinRoom(code: string, name: string, viewport = PHONE, locale: Locale = 'en'): Promise<Page> {
    const page = await newPage(viewport, true, locale === 'en' ? undefined : locale);
    await page.goto(`${started().server.url}/play/${code}`);
    await page.getByLabel(say(locale, 'Your name')).fill(name);
    await page.getByRole('button', { name: say(locale, 'Join the game') }).tap();
    await page.getByRole('heading', { name: say(locale, "You're in, {name}!", { name }) }).waitFor();
    return page;
  }

  return {
    get url() {
      return started().server.url;
    },
    get server() {
      return started().server;
    },
    pageErrors,
    newPage,
    hostRoom: (seed, tv) => host(`?testSeed=${seed}`, tv),
    hostSealedRoom: () => host(''),
    joinRoom,
  };
}

/** The language a page of the app is shown in, once it has drawn. */
export async function languageOf(page: Page): Promise<Locale> {
  await page.locator('html[lang]').waitFor({ state: 'attached' });
  await page.locator('main, .room-screen').first().waitFor();
  return (await page.evaluate(() => document.documentElement.lang)) as Locale;
}

/** The seat token a page holds in a room, as it keeps it to take its seat back. */
export async function seatTokenOf(page: Page, code: string): Promise<string> {
  const held = await page.evaluate((key) => localStorage.getItem(key), `rollcall:seat:${code}`);
  const token = held === null ? undefined : (JSON.parse(held) as { token?: string }).token;
  if (token === undefined) throw new Error(`the page holds no seat in ${code}`);
  return token;
}

/** The final standings a page shows, best first, once they appear. */
export async function standingsOf(page: Page): Promise<Standing[]> {
  const list = page.getByTestId('standings');
  await list.waitFor({ timeout: 15_000 });
  return list.locator('li').evaluateAll((items) =>
    items.map((li) => ({
      name: li.getAttribute('data-name') ?? '',
      place: li.getAttribute('data-place') ?? '',
      score: li.getAttribute('data-score') ?? '',
    })),
  );
}

/** Every page checked lists no serious accessibility violation. */
export function noViolationsOn(a11y: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.keys(a11y).map((page) => [page, []]));
}

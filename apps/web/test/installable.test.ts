/**
 * A phone that has played before opens Rollcall from its home screen at once:
 * the app can be installed (a manifest with its icons), a service worker keeps
 * the app shell, a second visit on crawling Wi-Fi comes from that cache, and
 * with the server down the start page still opens and a room says it can't be
 * reached instead of spinning.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserRoom } from './browser-room.js';
import { saveScreenshot } from './chromium.js';

const stage = useBrowserRoom({ serviceWorker: true });

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height from its IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Whether a service worker controls the page now. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** The start page is there to use: its heading and the join form. */
async function startPageShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'One roll for the whole room.' }).waitFor();
  await page.getByRole('heading', { name: 'Join a game' }).waitFor();
}

describe('Rollcall on a phone that has played before', () => {
  let phone: Page;
  let code: string;

  it('links a manifest to install from, with PNG icons of the sizes it lists', async () => {
    const page = await stage.newPage({ width: 360, height: 640 }, true);
    await page.goto(stage.url);
    await startPageShown(page);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(new URL(href!, stage.url).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Rollcall', short_name: 'Rollcall', start_url: '/', display: 'standalone' });
    // The colours are the design's own night background.
    const night = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
    expect(manifest.theme_color).toBe(night);
    expect(manifest.background_color).toBe(night);

    // Chromium's own reading of the manifest finds nothing wrong.
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { errors: { message: string; critical: number }[] };
    expect(read.errors).toEqual([]);

    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const file = await page.request.get(new URL(icon.src, stage.url).href);
      expect(file.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
      // And the page can show it at that size.
      const shown = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      }, icon.src);
      expect(shown).toEqual({ width, height });
    }
    expect(manifest.icons.some((icon) => icon.type === 'image/svg+xml')).toBe(true);

    // The worker is asked for on every load, so a new version is found at once.
    const worker = await page.request.get(`${stage.url}/sw.js`);
    expect(worker.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  it('has a service worker control the page after a reload, keeping the shell and nothing of the server', async () => {
    ({ code } = await stage.hostRoom('installable-1'));
    phone = await stage.joinRoom(code, 'Ana');
    await phone.evaluate(() => navigator.serviceWorker.ready);
    await phone.reload();
    await phone.getByRole('heading', { name: "You're in, Ana!" }).waitFor();
    expect(await controlled(phone)).toBe(true);

    const cached = await phone.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((path) => path.startsWith('/_app/immutable/entry/'))).toBe(true);
    expect(cached.some((path) => path.endsWith('.woff2'))).toBe(true);
    expect(cached.filter((path) => /^\/(socket\.io|api|healthz|readyz|metrics)(\/|$)/.test(path))).toEqual([]);
  });

  it('opens the start page from the cache on a crawling network', async () => {
    const cdp = await phone.context().newCDPSession(phone);
    await cdp.send('Network.enable');
    // Three seconds a round trip and 4 KB/s: with no cache the start page takes about a minute and a half.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 3000,
      downloadThroughput: 4 * 1024,
      uploadThroughput: 4 * 1024,
    });
    const started = Date.now();
    const answer = await phone.goto(stage.url, { waitUntil: 'commit' });
    await startPageShown(phone);
    const took = Date.now() - started;
    expect(answer?.fromServiceWorker()).toBe(true);
    // Generous for a busy machine, and far below what the network above could do.
    expect(took).toBeLessThan(15_000);
    await saveScreenshot(phone, 'installable-slow-network-home');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  });

  it("opens from the cache with the server down, and a room says it can't be reached", async () => {
    await phone.goto(`${stage.url}/play/${code}`);
    await phone.getByRole('heading', { name: "You're in, Ana!" }).waitFor();
    await stage.server.close();

    // The phone in the room loses the server: it says so, not a spinner.
    const alert = phone.getByRole('alert').filter({ hasText: "Can't reach the room." });
    await alert.waitFor({ timeout: 20_000 });
    await expect.poll(() => alert.textContent()).toContain("we'll keep trying");
    await saveScreenshot(phone, 'installable-server-down-in-room');

    const home = await phone.goto(stage.url);
    expect(home?.fromServiceWorker()).toBe(true);
    await startPageShown(phone);
    // The health check is the server's to answer: with the server down it fails, it is not replayed from a cache.
    expect(await phone.evaluate(() => fetch('/healthz').then(() => 'answered', () => 'failed'))).toBe('failed');
    await saveScreenshot(phone, 'installable-server-down-home');

    // Opened again from the home screen's room: the seat is being found, and the phone says why it takes so long.
    const room = await phone.goto(`${stage.url}/play/${code}`);
    expect(room?.fromServiceWorker()).toBe(true);
    await phone.getByText('Finding your seat…').waitFor();
    await alert.waitFor({ timeout: 20_000 });
    await expect(phone.getByRole('status').filter({ hasText: 'Not connected' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(phone, 'installable-server-down-room');
    expect(stage.pageErrors).toEqual([]);
  });
});

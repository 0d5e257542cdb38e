// Renders the app icons (static/icons/*.svg) to the PNG sizes the web app
// manifest lists, with the same Chromium the browser tests drive. Run it after
// changing an icon's SVG and commit the PNGs: the build only copies them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = join(dirname(fileURLToPath(import.meta.url)), '../static/icons');
const renders = [
  { svg: 'icon.svg', size: 192, png: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, png: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 512, png: 'icon-maskable-512.png' },
  // iOS takes its home-screen icon from apple-touch-icon, with no transparency.
  { svg: 'icon-maskable.svg', size: 180, png: 'apple-touch-icon-180.png' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { svg, size, png } of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${readFileSync(join(icons, svg)).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block">`);
    await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    await page.screenshot({ path: join(icons, png), omitBackground: true });
    await page.close();
    console.log(`${png}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}

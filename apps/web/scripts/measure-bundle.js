/**
 * How much JavaScript a phone downloads to play, gzipped, from the last build.
 *
 * It follows the build manifest from the app's entry points through the root
 * layout and the phone page (/play/[code]), then adds the lazily loaded phone
 * sheets of every game, since a phone in a game loads its sheet too. Other
 * screens are printed for comparison. Exits non-zero when the phone is over
 * budget.
 *
 * Usage: node scripts/measure-bundle.js   (after `vite build`)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(root, '.svelte-kit/output/client');

/** @typedef {{ file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean }} Chunk */

/** @type {Record<string, Chunk>} */
let manifest;
/** @type {string} */
let appSource;
try {
  manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  appSource = readFileSync(join(root, '.svelte-kit/generated/client-optimized/app.js'), 'utf8');
} catch {
  console.error('No build found: run `pnpm --filter @rollcall/web build` first.');
  process.exit(2);
}

/** @param {string} key */
const chunk = (key) => {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the build manifest`);
  return found;
};

/**
 * The node indices (layouts and page) SvelteKit loads for a route id.
 * @param {string} routeId
 */
function nodesOf(routeId) {
  const escaped = routeId.replace(/[[\]/]/g, (c) => `\\${c}`);
  const match = appSource.match(new RegExp(`"${escaped}":\\s*(\\[[^\\n]*\\])`));
  if (!match?.[1]) throw new Error(`route ${routeId} is not in the build`);
  // The root layout (node 0) is always loaded; the entry lists the page and any other layouts.
  const numbers = [...match[1].matchAll(/-?\d+/g)].map((m) => Math.abs(Number(m[0])));
  return [...new Set([0, ...numbers])];
}

const entryKeys = Object.keys(manifest).filter(
  (key) => chunk(key).isEntry && !key.includes('/nodes/') && (key.endsWith('client/entry.js') || key.endsWith('client-optimized/app.js')),
);

/**
 * Every chunk loaded by the given manifest keys, following static imports.
 * @param {string[]} keys
 * @returns {Set<string>}
 */
function closure(keys) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of chunk(key).imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * @param {string} routeId
 * @param {RegExp | null} lazyPattern dynamic imports to count as loaded
 */
function measure(routeId, lazyPattern) {
  const nodeKeys = nodesOf(routeId).map((n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`);
  const loaded = closure([...entryKeys, ...nodeKeys]);
  if (lazyPattern) {
    const lazy = [...loaded].flatMap((key) => chunk(key).dynamicImports ?? []).filter((key) => lazyPattern.test(key));
    for (const key of closure(lazy)) loaded.add(key);
  }
  const files = [...new Set([...loaded].map((key) => chunk(key).file))].filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => {
    const bytes = readFileSync(join(clientDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return {
    files: sizes.sort((a, b) => b.gzip - a.gzip),
    raw: sizes.reduce((sum, s) => sum + s.raw, 0),
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

const phone = measure('/play/[code]', /\/games\/[^/]+\/PhoneSheet\.svelte$/);
console.log('Phone route /play/[code] with its game sheets:');
for (const f of phone.files) console.log(`  ${kb(f.gzip).padStart(6)} KB gzip  ${kb(f.raw).padStart(6)} KB  ${f.file}`);
console.log(`Phone JavaScript: ${kb(phone.gzip)} KB gzip (${kb(phone.raw)} KB raw), budget ${BUDGET_KB} KB`);

/** @type {[string, RegExp | null][]} */
const others = [
  ['/', null],
  ['/tv/[code]', /\/games\/[^/]+\/TvBoard\.svelte$/],
  ['/watch/[code]', /\/games\/[^/]+\/TvBoard\.svelte$/],
];
for (const [route, pattern] of others) {
  const other = measure(route, pattern);
  console.log(`For comparison, ${route}: ${kb(other.gzip)} KB gzip`);
}

if (phone.gzip > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(phone.gzip - BUDGET_KB * 1024)} KB.`);
  process.exit(1);
}

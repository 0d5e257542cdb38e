/**
 * How much JavaScript a phone downloads to play each game, gzipped, from the
 * last build.
 *
 * A phone loads the app's entry points, the root layout, the room screens'
 * layout and the phone page (/play/[code]) with everything they import
 * statically: that is the route's
 * shared part. The game screens are lazy imports, so on top of that a phone
 * loads only the chunks of the game being played: its phone sheet and, on the
 * lead's phone in the lobby, its options form, each with what they import. A
 * chunk already in the shared part is not counted again. Every game must fit
 * the budget on its own; a phone that plays every game in one sitting is
 * printed for reference. Other screens are printed for comparison.
 *
 * No screen of a live room (phone, TV, spectator, home page) may download a
 * game's engine or immer, its copy-on-write library: they take the rules'
 * catalogue entry point. Only replaying a record (/verify, /replay) loads the
 * full rules, and that lazily. The build lists each chunk's modules beside its
 * manifest (see `vite.config.ts`), which is how this tells.
 *
 * A screen's words are not in its JavaScript: each area of messages (the
 * app's, the shared parts', each game's) is a module per language, loaded for
 * the screen's language only (`src/lib/i18n/locale.svelte.ts`). So a phone
 * playing a game also downloads the app's, the shared parts' and that game's
 * words in its language; each game is measured in each language, and must fit
 * the budget in the wordiest.
 *
 * Nor may any page download zod's full API: the schemas the screens share
 * with the server are written with `zod/mini`, which is tree-shaken to the
 * parts they use (the full API cost every screen about 16 KB gzip).
 *
 * Exits non-zero when any game is over budget, a screen holds an engine or a
 * chunk holds zod's full API.
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
/** @type {Record<string, string[]>} chunk file → the source modules in it */
let chunkModules;
try {
  manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  chunkModules = JSON.parse(readFileSync(join(clientDir, '.vite/chunk-modules.json'), 'utf8'));
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
  const escaped = routeId.replace(/[[\]/()]/g, (c) => `\\${c}`);
  const match = appSource.match(new RegExp(`"${escaped}":\\s*(\\[[^\\n]*\\])`));
  if (!match?.[1]) throw new Error(`route ${routeId} is not in the build`);
  // The root layout (node 0) is always loaded; the entry lists the page and any other layouts.
  const numbers = [...match[1].matchAll(/-?\d+/g)].map((m) => Math.abs(Number(m[0])));
  return [...new Set([0, ...numbers])];
}

const entryKeys = Object.keys(manifest).filter(
  (key) => chunk(key).isEntry && !key.includes('/nodes/') && (key.endsWith('client/entry.js') || key.endsWith('client-optimized/app.js')),
);

/** A language's module of one area of messages, by its manifest key: group 1 the area, 2 the language. */
const MESSAGES = /src\/lib\/paraglide\/([^/]+)\/messages\/([^/]+)\.js$/;
const messageKeys = Object.keys(manifest).filter((key) => MESSAGES.test(key));
const languages = [...new Set(messageKeys.map((key) => key.match(MESSAGES)?.[2] ?? ''))].sort();

/**
 * The words a screen loads in a language: the app's and the shared parts',
 * and those of the game it shows, with what their modules import.
 * @param {string} language
 * @param {string | null} game
 */
function wordsIn(language, game) {
  const areas = ['app', 'ui', ...(game ? [game] : [])];
  const keys = messageKeys.filter((key) => {
    const [, area, locale] = key.match(MESSAGES) ?? [];
    return locale === language && areas.includes(area ?? '');
  });
  return [...closure(keys, { dynamic: false })];
}

/**
 * Every chunk the given manifest keys bring with them. Static imports load
 * together with their importer; dynamic imports are followed only when asked,
 * because they load later, if at all.
 * @param {string[]} keys
 * @param {{ dynamic: boolean }} follow
 * @returns {Set<string>}
 */
function closure(keys, { dynamic }) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const { imports = [], dynamicImports = [] } = chunk(key);
    // Words come in the screen's language only: counted by `wordsIn`, not as every language's.
    const later = dynamicImports.filter((next) => !MESSAGES.test(next));
    for (const next of dynamic ? [...imports, ...later] : imports) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * What only replaying a record needs: the rules' full entry point, its game
 * registry, each game's engine (`games/<id>/index.ts`) and immer.
 */
const ENGINE_MODULE = /packages\/rules\/src\/(?:index|games\/index|games\/[^/]+\/index)\.ts$|\/node_modules\/immer\//;

/**
 * The engine modules in the chunks behind a set of manifest keys.
 * @param {Iterable<string>} keys
 */
function engineModulesIn(keys) {
  const files = new Set([...keys].map((key) => chunk(key).file));
  return [...files].flatMap((file) => (chunkModules[file] ?? []).filter((id) => ENGINE_MODULE.test(id)));
}

/** @type {Map<string, { raw: number, gzip: number }>} */
const sizeCache = new Map();

/**
 * Sizes of the JavaScript files behind a set of manifest keys, each file once.
 * @param {Iterable<string>} keys
 */
function sizeOf(keys) {
  const files = [...new Set([...keys].map((key) => chunk(key).file))].filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => {
    let size = sizeCache.get(file);
    if (!size) {
      const bytes = readFileSync(join(clientDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizeCache.set(file, size);
    }
    return { file, ...size };
  });
  return {
    files: sizes.sort((a, b) => b.gzip - a.gzip),
    raw: sizes.reduce((sum, s) => sum + s.raw, 0),
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

/**
 * What a route loads before any game, and what each game adds on top.
 * @param {string} routeId
 * @param {RegExp} gamePattern the lazily loaded game screens of this route; group 1 is the game id
 */
function measureRoute(routeId, gamePattern) {
  const nodeKeys = nodesOf(routeId).map((n) => `.svelte-kit/generated/client-optimized/nodes/${n}.js`);
  const shared = closure([...entryKeys, ...nodeKeys], { dynamic: false });

  /** @type {Map<string, string[]>} game id → its lazy screens reachable from this route */
  const lazyByGame = new Map();
  for (const key of shared) {
    for (const lazy of chunk(key).dynamicImports ?? []) {
      const id = lazy.match(gamePattern)?.[1];
      if (!id) continue;
      const known = lazyByGame.get(id) ?? [];
      if (!known.includes(lazy)) known.push(lazy);
      lazyByGame.set(id, known);
    }
  }

  const games = [...lazyByGame].map(([id, lazyKeys]) => {
    // A game screen's own lazy imports belong to that game, so they count as its load.
    const own = [...closure(lazyKeys, { dynamic: true })].filter((key) => !shared.has(key));
    // Measured in its wordiest language.
    const [wordiest] = languages
      .map((language) => ({ language, total: sizeOf([...shared, ...own, ...wordsIn(language, id)]) }))
      .sort((a, b) => b.total.gzip - a.total.gzip);
    const total = wordiest?.total ?? sizeOf([...shared, ...own]);
    return { id, own, extra: sizeOf(own), total, language: wordiest?.language ?? 'none' };
  });
  const everyGame = sizeOf([...shared, ...games.flatMap((g) => g.own)]);
  const engine = engineModulesIn([...shared, ...games.flatMap((g) => g.own)]);
  return { shared: sizeOf(shared), games, everyGame, engine };
}

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

const phone = measureRoute('/(room)/play/[code]', /\/games\/([^/]+)\/(?:PhoneSheet|OptionsForm)\.svelte$/);
console.log('Shared by every game on /play/[code] (entry, root layout, phone page):');
for (const f of phone.shared.files) console.log(`  ${kb(f.gzip).padStart(6)} KB gzip  ${kb(f.raw).padStart(6)} KB  ${f.file}`);
console.log(`  ${kb(phone.shared.gzip).padStart(6)} KB gzip  ${kb(phone.shared.raw).padStart(6)} KB  in all`);
console.log(`\nA phone playing one game (shared + the game's sheet and lobby options form + the words of the app, the shared parts and the game in one language), budget ${BUDGET_KB} KB:`);
const width = Math.max(...phone.games.map((g) => g.id.length));
for (const game of phone.games) {
  console.log(
    `  ${game.id.padEnd(width)}  ${kb(game.total.gzip).padStart(6)} KB gzip (${kb(game.total.raw)} KB raw)` +
      `  in ${game.language}, its wordiest = shared + ${kb(game.extra.gzip)} KB gzip in ${game.extra.files.length} chunks + its words`,
  );
}
console.log(`For reference, one phone that plays every game: ${kb(phone.everyGame.gzip)} KB gzip (${kb(phone.everyGame.raw)} KB raw)`);

/** @type {[string, RegExp | null][]} */
const others = [
  ['/', null],
  ['/(room)/tv/[code]', /\/games\/([^/]+)\/(?:TvBoard|OptionsForm)\.svelte$/],
  ['/(room)/watch/[code]', /\/games\/([^/]+)\/TvBoard\.svelte$/],
];
console.log('\nFor comparison:');
/** Routes whose screens download a game's engine, with those modules. */
const withEngine = phone.engine.length > 0 ? [{ route: '/(room)/play/[code]', engine: phone.engine }] : [];
for (const [route, pattern] of others) {
  const other = measureRoute(route, pattern ?? /$^/);
  if (other.engine.length > 0) withEngine.push({ route, engine: other.engine });
  const heaviest = other.games.reduce((worst, g) => (worst && worst.total.gzip >= g.total.gzip ? worst : g), other.games[0]);
  const detail = heaviest
    ? `, ${kb(heaviest.total.gzip)} KB with its heaviest game (${heaviest.id}), ${kb(other.everyGame.gzip)} KB with every game`
    : '';
  console.log(`  ${route}: ${kb(other.shared.gzip)} KB gzip before any game${detail}`);
}

const engineFiles = Object.keys(chunkModules).filter((file) => chunkModules[file]?.some((id) => ENGINE_MODULE.test(id)));
const engineSize = sizeOf(Object.keys(manifest).filter((key) => engineFiles.includes(chunk(key).file)));
console.log(
  `\nWhat only replaying a record adds (every game's engine, immer): ${kb(engineSize.gzip)} KB gzip in ${engineFiles.join(', ') || 'no chunk'}`,
);
for (const { route, engine } of withEngine) {
  console.error(`${route} downloads what only replaying a record needs: ${[...new Set(engine)].join(', ')}`);
}

if (languages.length === 0) {
  console.error('No message modules found in the build manifest.');
  process.exit(1);
}
const over = phone.games.filter((g) => g.total.gzip > BUDGET_KB * 1024);
for (const game of over) console.error(`${game.id} is over budget by ${game.total.gzip - BUDGET_KB * 1024} bytes.`);
if (phone.games.length === 0) {
  console.error('No phone sheets found in the build manifest.');
  process.exit(1);
}
/** zod's chained-method API and its error messages in every language, which `zod/mini` leaves out. */
const FULL_ZOD = /\/zod\/v4\/(?:classic|locales)\//;
const withFullZod = Object.keys(chunkModules).filter((file) => chunkModules[file]?.some((id) => FULL_ZOD.test(id)));
for (const file of withFullZod) console.error(`${file} holds zod's full API; import the schemas' zod from 'zod/mini'.`);

if (over.length > 0 || withEngine.length > 0 || withFullZod.length > 0) process.exit(1);

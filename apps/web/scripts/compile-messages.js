/**
 * Compiles each area of `messages/` (the app's shell, the shared parts, each
 * game) into `src/lib/paraglide/<area>/`: one module per language, so a screen
 * downloads its own language only, and a game's words only with that game.
 * `src/lib/i18n/locale.svelte.ts` loads them.
 *
 * The folders are the one list of areas: `src/lib/paraglide/areas.ts` is
 * written from them, with each area's type and its `<area>Text` export
 * (`wfgts-rules` → `wfgtsRulesText`), which `src/lib/i18n/messages.ts` passes on.
 *
 * Usage: node scripts/compile-messages.js   (the build, typecheck and tests run it)
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@inlang/paraglide-js';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const areas = readdirSync(join(web, 'messages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

for (const name of areas) {
  await compile({
    project: join(web, 'messages', name, 'project.inlang'),
    outdir: join(web, 'src/lib/paraglide', name),
    outputStructure: 'locale-modules',
    emitReadme: false,
    emitPrettierIgnore: false,
  });
}

/** `wfgts-rules` → `wfgtsRules`. @param {string} area */
const camel = (area) => area.replace(/-\w/g, (dash) => dash.slice(1).toUpperCase());

writeFileSync(
  join(web, 'src/lib/paraglide/areas.ts'),
  [
    '// Written by scripts/compile-messages.js from the folders of messages/.',
    "import { messagesOf } from '../i18n/locale.svelte.js';",
    ...areas.map((area) => `import type * as ${camel(area)} from './${area}/messages/en.js';`),
    '',
    '/** Each area of messages/ with its English module: every language has the same messages. */',
    'export interface AreaModules {',
    ...areas.map((area) => `  '${area}': typeof ${camel(area)};`),
    '}',
    '',
    '/** Every area of messages/. */',
    `export const messageAreas = [${areas.map((area) => `'${area}'`).join(', ')}] as const satisfies readonly (keyof AreaModules)[];`,
    '',
    ...areas.map((area) => `export const ${camel(area)}Text = messagesOf('${area}');`),
    '',
  ].join('\n'),
);
// The compiler leaves handles open; the work is done.
process.exit(0);

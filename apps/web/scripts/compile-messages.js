/**
 * Compiles each area of `messages/` (the app's shell, the shared parts, each
 * game) into `src/lib/paraglide/<area>/`: one module per language, so a screen
 * downloads its own language only, and a game's words only with that game.
 * `src/lib/i18n/messages.svelte.ts` loads them.
 *
 * Usage: node scripts/compile-messages.js   (the build, typecheck and tests run it)
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@inlang/paraglide-js';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const areas = readdirSync(join(web, 'messages'), { withFileTypes: true }).filter((entry) => entry.isDirectory());

for (const { name } of areas) {
  await compile({
    project: join(web, 'messages', name, 'project.inlang'),
    outdir: join(web, 'src/lib/paraglide', name),
    outputStructure: 'locale-modules',
    emitReadme: false,
    emitPrettierIgnore: false,
  });
}
// The compiler leaves handles open; the work is done.
process.exit(0);

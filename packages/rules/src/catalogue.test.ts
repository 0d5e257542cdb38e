import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogue, catalogueEntry } from './catalogue.js';
import { games } from './games/index.js';

const sourceDir = dirname(fileURLToPath(import.meta.url));

/**
 * What running a module loads: the source files (relative to `src`) and
 * packages its imports and re-exports reach, following every one that is not
 * type-only, since those are the ones a bundler keeps.
 */
function modulesLoadedBy(entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string): void => {
    const name = relative(sourceDir, file);
    if (loaded.has(name)) return;
    loaded.add(name);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const typeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
      const specifier = statement.moduleSpecifier;
      if (typeOnly || specifier === undefined || !ts.isStringLiteral(specifier)) continue;
      if (specifier.text.startsWith('.')) visit(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
      else loaded.add(specifier.text);
    }
  };
  visit(resolve(sourceDir, entry));
  return loaded;
}

/** Modules that play games: the full entry, the registry, each game's engine, and the engines' copy-on-write library. */
const playing = (name: string): boolean =>
  name === 'immer' || name === 'core/copy-on-write.ts' || /^(?:games\/)?(?:[^/]+\/)?index\.ts$/.test(name);

describe('the catalogue entry point', () => {
  it('lists every hosted game with the name, credits, player counts and options its rules declare', () => {
    expect(Object.keys(catalogue)).toEqual(Object.keys(games));
    for (const game of Object.values(games)) {
      const entry = catalogueEntry(game.id);
      expect(entry).toEqual({ id: game.id, name: game.name, designer: game.designer, players: game.players, options: game.options });
      expect(entry?.options).toBe(game.options);
    }
    expect(catalogueEntry('chess')).toBeUndefined();
    expect(catalogueEntry('toString')).toBeUndefined();
  });

  it("loads no game's engine and no copy-on-write library, which the full entry point does", () => {
    const light = [...modulesLoadedBy('catalogue.ts')];
    expect(light.filter(playing)).toEqual([]);
    expect(light).toContain('games/war-pnp/develop.ts');

    const full = [...modulesLoadedBy('index.ts')];
    expect(full).toContain('immer');
    expect(full).toContain('games/war-pnp/index.ts');
  });
});

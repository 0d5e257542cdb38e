/**
 * The light entry point, `@rollcall/rules/catalogue`: what screens need to
 * list, explain and preview the games, and nothing that plays them. It holds
 * each game's catalogue entry (name, credits, player counts, options), its
 * tables and pure scoring and preview functions, its action and view types,
 * and the refusal messages; no game's engine (setup, apply, views, bots) and
 * no copy-on-write library. A phone never applies a move, so it imports this;
 * the server and the game-record checker import the full entry point.
 */
import type { CatalogueEntry } from './core/define-game.js';
import * as meetFate from './games/meet-fate/catalogue.js';
import * as pairsAndWagers from './games/pairs-and-wagers/catalogue.js';
import * as tenPhases from './games/ten-phases/catalogue.js';
import * as warPnp from './games/war-pnp/catalogue.js';
import * as wfgts from './games/wfgts/catalogue.js';

export type { CatalogueEntry, GameEvent, Outcome, Standing } from './core/define-game.js';
export { ruleErrors, type RuleError, type RuleErrorCode } from './core/errors.js';
export type { Viewer } from './core/viewer.js';
export { BOT_STRENGTHS, type BotStrength } from './core/bot.js';
export type { Hint } from './games/index.js';

/** Each game without its engine: scoring and preview functions, tables, action and view types. */
export { meetFate, pairsAndWagers, tenPhases, warPnp, wfgts };

/**
 * Every game the product hosts, by id, as a catalogue lists it. The same
 * games, in the same order, as `games/index.ts` hosts: that list imports the
 * engines, which screens must not load, so each game is named in both, and
 * the registry tests fail while the two differ.
 */
export const catalogue: Record<string, CatalogueEntry> = Object.fromEntries(
  // Each entry by name: a namespace handed round whole would keep all of its game's exports in every screen's bundle.
  [wfgts.entry, tenPhases.entry, meetFate.entry, pairsAndWagers.entry, warPnp.entry].map((entry) => [entry.id, entry]),
);

/** The catalogue entry of the game with this id, if we host it. */
export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return Object.hasOwn(catalogue, id) ? catalogue[id] : undefined;
}

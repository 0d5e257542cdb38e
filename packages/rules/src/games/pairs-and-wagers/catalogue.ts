/**
 * Pairs and Wagers as screens know it: its catalogue entry, scoring, odds and
 * view types, without the engine that plays it.
 */
import type { CatalogueEntry } from '../../core/define-game.js';
import { pairsOptions, type PairsOptions } from './actions.js';

export { pairsAction, pairsOptions, type PairsAction, type PairsOptions } from './actions.js';
export * from './scoring.js';
export { LEADER_BONUS, MID_TARGET } from './state.js';
export type * from './state.js';
export type { PairsView, TurnView, LeaderView } from './view.js';

/** Pairs and Wagers as a catalogue lists it: id, name, designer, player counts and options. */
export const entry: CatalogueEntry<PairsOptions> = {
  id: 'pairs-and-wagers',
  name: 'Pairs and Wagers',
  designer: '"Super" Dave Radzik',
  players: { min: 2, max: 12 },
  options: pairsOptions,
};

/**
 * Powers 'n Points as screens know it: its catalogue entry, sheet tables, the
 * previews a phone makes of its choices, and view types, without the engine
 * that plays it.
 */
import type { CatalogueEntry } from '../../core/define-game.js';
import { warOptions } from './options.js';
import type { WarOptions } from './state.js';

export * from './actions.js';
export { activationsFor, erasableMarks, legalTargets, type LegalTargets, opponentsOf } from './activate.js';
export {
  developNeed,
  developSheet,
  type DevelopNeed,
  legalDevelopments,
  type LegalDevelopments,
  SETUP_DEVELOPMENTS,
} from './develop.js';
export { HARD_DECISIONS_ROUNDS, WINNING_SCORE } from './end.js';
export {
  bestGain,
  bestGainBox,
  bendReach,
  gainOptions,
  gainOptionsFor,
  type GainOption,
  gainPoints,
  legalBends,
} from './gain.js';
export { warOptions } from './options.js';
export * from './sheet.js';
export type * from './state.js';
export { tableOrder } from './state.js';
export { highestValueBox, removableBoxes } from './traps.js';
export type { StepView, WarView, YouView } from './view.js';

/** Powers 'n Points as a catalogue lists it: id, name, designer, player counts and options. */
export const entry: CatalogueEntry<WarOptions> = {
  id: 'war-pnp',
  name: "Write And Roll: Powers 'n Points",
  designer: 'Jonathan Leistiko',
  players: { min: 2, max: 6 },
  options: warOptions,
};

/**
 * Ten Phases as screens know it: its catalogue entry, dice, phases, scoring
 * and view types, without the engine that plays it.
 */
import type { CatalogueEntry } from '../../core/define-game.js';
import { tenPhasesOptions, type TenPhasesOptions } from './actions.js';

export * from './actions.js';
export * from './dice.js';
export * from './scoring.js';
export * from './state.js';
export * from './view.js';

/** The most seats a room offers for this game: one scorepad column each on the TV. */
export const MAX_SEATS = 8;

/** Ten Phases as a catalogue lists it: id, name, designer, player counts and options. */
export const entry: CatalogueEntry<TenPhasesOptions> = {
  id: 'ten-phases',
  name: 'Ten Phases',
  designer: 'Garrett J. Donner & Michael S. Steer',
  players: { min: 1, max: MAX_SEATS },
  options: tenPhasesOptions,
};

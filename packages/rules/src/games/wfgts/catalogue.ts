/**
 * Waiting for the Game to Start as screens know it: its catalogue entry,
 * dice, scoring and view types, without the engine that plays it.
 */
import type { CatalogueEntry } from '../../core/define-game.js';
import { wfgtsOptions, type WfgtsOptions } from './actions.js';

export * from './actions.js';
export * from './scoring.js';
export * from './state.js';
export * from './view.js';

/** The most seats a room offers for this game. */
export const MAX_SEATS = 12;

/** Waiting for the Game to Start as a catalogue lists it: id, name, designer, player counts and options. */
export const entry: CatalogueEntry<WfgtsOptions> = {
  id: 'wfgts',
  name: 'Waiting for the Game to Start',
  designer: 'Jonathan Leistiko',
  players: { min: 1, max: MAX_SEATS },
  options: wfgtsOptions,
};

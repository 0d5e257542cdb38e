/**
 * Meet Fate as screens know it: its catalogue entry, boxes, scoring and view
 * types, without the engine that plays it.
 */
import type { CatalogueEntry } from '../../core/define-game.js';
import { MeetFateOptions } from './actions.js';

export { MeetFateAction, MeetFateOptions } from './actions.js';
export { BOXES, BOX_IDS, DICE_COUNT, FACES, faceCounts, isF8, scoreAll, scoreBox, type BoxId, type BoxInfo } from './scoring.js';
export { MAX_ROLLS, type LastFill, type MeetFateState, type Sheet, type Turn } from './state.js';
export type { MeetFateView, SheetView } from './view.js';

/** Meet Fate as a catalogue lists it: id, name, designer, player counts and options. */
export const entry: CatalogueEntry<MeetFateOptions> = {
  id: 'meet-fate',
  name: 'Meet Fate',
  designer: 'f8dice',
  // The rules allow any number of players; eight sheets is what a TV can show side by side.
  players: { min: 1, max: 8 },
  options: MeetFateOptions,
};

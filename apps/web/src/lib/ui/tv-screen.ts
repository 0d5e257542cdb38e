import { getContext, setContext } from 'svelte';

/**
 * How much room each seat gets on a board: `roomy` shows whole sheets,
 * `snug` trims them, `packed` shows one summary line per seat.
 */
export type Density = 'roomy' | 'snug' | 'packed';

/** The density for a table of `players`. */
export function densityFor(players: number): Density {
  return players <= 4 ? 'roomy' : players <= 8 ? 'snug' : 'packed';
}

const fitKey = Symbol('tv-fit');

/** Called by a screen that cannot scroll (the TV): boards below it scale to fit. */
export function fitBoardsToScreen(): void {
  setContext(fitKey, true);
}

/** Whether the boards on this screen must fit it without scrolling. */
export function boardsFitScreen(): boolean {
  return getContext<boolean | undefined>(fitKey) === true;
}

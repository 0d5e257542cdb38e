import { createContext } from 'svelte';

/**
 * What a screen reader says without the player moving focus: one polite
 * region for the table's news (the roll once the dice settle, whose turn it
 * is, each result) and one assertive region for what must interrupt ("your
 * turn", a refusal). Each screen of a room provides one (`LiveRegions.svelte`
 * draws it); a game's sheet speaks through it with its own words.
 *
 * A region only speaks when its text changes, so the same news twice in a
 * row (two rolls of the same dice) is made different by an invisible mark.
 */
export class Announcer {
  polite = $state('');
  assertive = $state('');
  #count = 0;

  /** Table news: read out when the reader is idle. */
  say(text: string): void {
    this.polite = this.#fresh(text);
  }

  /** What must interrupt: only "your turn" and refusals. */
  alert(text: string): void {
    this.assertive = this.#fresh(text);
  }

  #fresh(text: string): string {
    this.#count += 1;
    // A zero-width space on every other message: same words, new text.
    return this.#count % 2 === 0 ? `${text}\u200b` : text;
  }
}

const [getAnnouncer, setAnnouncer, hasAnnouncer] = createContext<Announcer>();

/** Made by a room screen, which draws its `LiveRegions`. */
export function provideAnnouncer(): Announcer {
  return setAnnouncer(new Announcer());
}

/** The screen's live regions, for anything drawn inside a room screen. */
export const useAnnouncer = getAnnouncer;

/**
 * The screen's live regions if it has them, for a part that is also drawn
 * outside a room (the start page, a replay). Called while a component
 * initialises, like `useAnnouncer`.
 */
export function findAnnouncer(): Announcer | null {
  return hasAnnouncer() ? getAnnouncer() : null;
}

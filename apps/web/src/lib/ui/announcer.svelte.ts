import { createContext, untrack } from 'svelte';

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

  /** What each region was given since the current task began, and what it held before. */
  #pending = { polite: null as Pending | null, assertive: null as Pending | null };

  /** Table news: read out when the reader is idle. */
  say(text: string): void {
    this.#speak('polite', text);
  }

  /** What must interrupt: only "your turn" and refusals. */
  alert(text: string): void {
    this.#speak('assertive', text);
  }

  #settling: ReturnType<typeof setTimeout> | undefined;

  /**
   * News of thrown dice, said once they have stopped tumbling, so a reader
   * hears the faces the screen shows (at once when motion is reduced). News of
   * a newer throw, or `null` when a new turn has nothing to say yet, replaces
   * news not yet said; nothing else does, so a neighbour's choice while the
   * dice tumble cannot silence the roll.
   */
  sayOnceSettled(news: string | null): void {
    clearTimeout(this.#settling);
    if (news !== null) this.#settling = setTimeout(() => this.say(news), matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : SETTLE_MS);
  }

  /**
   * News given in the same task (a box filled, and so whose turn it is now)
   * is read as one text: a region holds one text, and a second one put in
   * before the reader looked would silence the first.
   */
  #speak(region: 'polite' | 'assertive', text: string): void {
    let pending = this.#pending[region];
    if (pending === null) {
      // Read untracked: a screen that speaks from an effect must not come to depend on what it said.
      pending = this.#pending[region] = { before: untrack(() => this[region]), texts: [] };
      queueMicrotask(() => (this.#pending[region] = null));
    }
    pending.texts.push(text);
    this[region] = fresh(pending.texts.join(' '), pending.before);
  }
}

/** A thrown die's tumble (`DieFrame`, 0.6 s) with a little room. */
const SETTLE_MS = 700;

interface Pending {
  before: string;
  texts: string[];
}

/** `text`, marked with a zero-width space when the region already holds those words: same words, new text. */
function fresh(text: string, shown: string): string {
  return shown === text ? `${text}\u200b` : text;
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

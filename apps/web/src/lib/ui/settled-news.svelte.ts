import { useAnnouncer } from './announcer.svelte.js';

/** A thrown die's tumble (`DieFrame`, 0.6 s) with a little room. */
const SETTLE_MS = 700;

/**
 * Says news of thrown dice once they have stopped tumbling, so a reader hears
 * the faces the screen shows; at once when motion is reduced. News of a newer
 * throw (or `null`, when a new turn has nothing to say yet) replaces news not
 * yet said, and so does `drop()`, for a screen that is left. Nothing else
 * does: a neighbour's choice while the dice tumble must not silence the roll.
 */
export class SettledNews {
  #settling: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly say: (text: string) => void) {}

  tell(news: string | null): void {
    this.drop();
    if (news === null) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.#settling = setTimeout(() => this.say(news), still ? 0 : SETTLE_MS);
  }

  drop(): void {
    clearTimeout(this.#settling);
  }
}

/** A room screen's settled news, read into its polite live region; called while a component initialises. */
export function useSettledNews(): SettledNews {
  const announcer = useAnnouncer();
  const news = new SettledNews((text) => announcer.say(text));
  $effect(() => () => news.drop());
  return news;
}

import type { Sent } from '../room-connection.svelte.js';
import { findAnnouncer, type Announcer } from './announcer.svelte.js';

/**
 * A phone sheet's moves on their way to the server, or any other command a
 * screen sends. The screen disables its controls while one is in flight and
 * shows the server's reason when it is refused; the reason clears on the
 * next try. A refusal is also said aloud at once, on the screen's live
 * regions, since the player's eyes may be on the dice and not on the line
 * where it shows.
 */
export class MoveSender<Action> {
  /** True while a move waits for the server's answer. */
  sending = $state(false);
  /** Why the server refused the last move, or '' when it did not. */
  problem = $state('');
  readonly #act: (action: Action) => Promise<Sent<unknown>>;
  readonly #announcer: Announcer | null;

  /**
   * Made while a screen's component initialises, it speaks through that
   * screen's live regions; `announcer` names others (or none, with null).
   */
  constructor(act: (action: Action) => Promise<Sent<unknown>>, announcer: Announcer | null = findAnnouncer()) {
    this.#act = act;
    this.#announcer = announcer;
  }

  /** Send a move (or command). */
  send = async (action: Action): Promise<void> => {
    this.sending = true;
    this.problem = '';
    const result = await this.#act(action);
    this.sending = false;
    if (result.ok) return;
    this.problem = result.error.message;
    this.#announcer?.alert(result.error.message);
  };
}

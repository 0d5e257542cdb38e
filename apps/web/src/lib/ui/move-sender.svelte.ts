import type { Sent } from '../room-connection.svelte.js';

/**
 * A phone sheet's moves on their way to the server, or any other command a
 * screen sends. The screen disables its controls while one is in flight and
 * shows the server's reason when it is refused; the reason clears on the
 * next try.
 */
export class MoveSender<Action> {
  /** True while a move waits for the server's answer. */
  sending = $state(false);
  /** Why the server refused the last move, or '' when it did not. */
  problem = $state('');
  readonly #act: (action: Action) => Promise<Sent<unknown>>;

  constructor(act: (action: Action) => Promise<Sent<unknown>>) {
    this.#act = act;
  }

  /** Send a move (or command). */
  send = async (action: Action): Promise<void> => {
    this.sending = true;
    this.problem = '';
    const result = await this.#act(action);
    this.sending = false;
    if (!result.ok) this.problem = result.error.message;
  };
}

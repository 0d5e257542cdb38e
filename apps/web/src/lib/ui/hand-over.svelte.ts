import type { HandedOver } from '@rollcall/protocol';
import type { Sent } from '../room-connection.svelte.js';

/** A one-time code the lead asked for, to hand an away seat to a new phone, while the lead's screen shows it. */
export class HandOverOffer {
  /** The code on show, and whose seat it gives. */
  shown = $state<{ seat: number; name: string; code: string } | null>(null);
  /** Why the last request was refused, or ''. */
  problem = $state('');
  readonly #ask: (seat: number) => Promise<Sent<HandedOver>>;

  constructor(ask: (seat: number) => Promise<Sent<HandedOver>>) {
    this.#ask = ask;
  }

  /** Ask the server for a code for this seat and show it. */
  offer = async (seat: number, name: string): Promise<void> => {
    this.problem = '';
    const result = await this.#ask(seat);
    if (result.ok) this.shown = { seat, name, code: result.value.handover };
    else this.problem = result.error.message;
  };

  /** Stop showing the code. */
  close = (): void => {
    this.shown = null;
  };
}

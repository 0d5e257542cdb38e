import type { Clock, TimerHandle } from './clock.js';

/**
 * How much longer the wait between two refreshes grows for each socket
 * watching: a refresh costs one message per socket, so a room's refreshes
 * cost at most about five hundred messages a second however large it grows.
 */
const MS_PER_WATCHER = 2;

/**
 * Coalesces a room's audience changes (a spectator or screen coming in, a
 * phone coming back, anyone leaving) into one public view for the whole room
 * per interval. Sending the room a view on every one of K joins costs K²/2
 * messages; this costs one view per socket per interval, and the joiner has
 * its own snapshot at once (see `RoomPublisher.welcome`).
 */
export class AudienceRefresh {
  private readonly pending = new Map<string, TimerHandle>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    /** The shortest wait, for a small room. */
    private readonly minMs: number,
    /** How many sockets of the room this node holds. */
    private readonly audienceSize: (code: string) => number,
    /** Send the room its public view as it is now. */
    private readonly refresh: (code: string) => void,
  ) {}

  /** The audience of `code` changed: its public view goes out once the interval is over, with any other change in it. */
  changed(code: string): void {
    if (this.stopped || this.pending.has(code)) return;
    const wait = Math.max(this.minMs, this.audienceSize(code) * MS_PER_WATCHER);
    this.pending.set(
      code,
      this.clock.schedule(wait, () => {
        this.pending.delete(code);
        this.refresh(code);
      }),
    );
  }

  /** Send nothing more. */
  stop(): void {
    this.stopped = true;
    for (const handle of this.pending.values()) handle.cancel();
    this.pending.clear();
  }
}

/** How many completed versions a room keeps the time of, for acknowledgements that come late. */
const REMEMBERED_VERSIONS = 1024;

/**
 * Knows, for one room, when every socket of the room had received a view of
 * at least a given version: the moment an action counts as delivered. Views
 * reach a socket in version order, so a socket at version 7 has seen 1–7.
 */
export class DeliveryTracker {
  private readonly highest: number[];
  /** Versions some but not all sockets have reached, with how many have. */
  private readonly partial = new Map<number, number>();
  /** When the last socket reached each recent version. */
  private readonly completed = new Map<number, number>();

  constructor(readonly sockets: number) {
    if (!Number.isInteger(sockets) || sockets < 1) throw new RangeError('a room has at least one socket');
    this.highest = Array.from({ length: sockets }, () => -1);
  }

  /** Socket `socket` received a view of `version` at time `at`; returns the versions every socket now has. */
  seen(socket: number, version: number, at: number): number[] {
    const before = this.highest[socket];
    if (before === undefined) throw new RangeError(`no socket ${socket} in this room`);
    if (version <= before) return [];
    this.highest[socket] = version;
    const done: number[] = [];
    for (let v = before + 1; v <= version; v++) {
      const reached = (this.partial.get(v) ?? 0) + 1;
      if (reached < this.sockets) {
        this.partial.set(v, reached);
        continue;
      }
      this.partial.delete(v);
      this.completed.set(v, at);
      this.completed.delete(v - REMEMBERED_VERSIONS);
      done.push(v);
    }
    return done;
  }

  /** When every socket had `version`, or undefined while some have not (or it is too old to remember). */
  completedAt(version: number): number | undefined {
    return this.completed.get(version);
  }
}

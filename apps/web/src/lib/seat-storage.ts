/**
 * What a browser remembers between visits: the seat it holds in each room (so a
 * refreshed or woken phone takes its seat back), the host token of a TV, and
 * the last name typed. Tokens are secrets: they live only in this browser.
 */

/** The subset of the Web Storage API used here, so tests can pass a map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A seat this browser holds. */
export interface HeldSeat {
  /** Null while waiting for the next game. */
  seat: number | null;
  token: string;
}

const seatKey = (code: string) => `rollcall:seat:${code.toUpperCase()}`;
const hostKey = (code: string) => `rollcall:host:${code.toUpperCase()}`;
const nameKey = 'rollcall:name';

/** Reads and writes the tokens a browser keeps. */
export class SeatStorage {
  constructor(private readonly store: KeyValueStore | null) {}

  /** The seat held in a room, if any and readable. */
  seat(code: string): HeldSeat | null {
    const raw = this.read(seatKey(code));
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'seat' in parsed &&
        'token' in parsed &&
        (typeof parsed.seat === 'number' || parsed.seat === null) &&
        typeof parsed.token === 'string'
      ) {
        return { seat: parsed.seat, token: parsed.token };
      }
    } catch {
      // A damaged entry is as good as none: the player joins again.
    }
    return null;
  }

  /** Remember the seat taken in a room. */
  keepSeat(code: string, held: HeldSeat): void {
    this.write(seatKey(code), JSON.stringify(held));
  }

  /** Forget a seat the server no longer honours. */
  forgetSeat(code: string): void {
    this.remove(seatKey(code));
  }

  /** The host token of a room this browser opened as its TV. */
  hostToken(code: string): string | null {
    return this.read(hostKey(code));
  }

  /** Remember the host token of a room this browser opened. */
  keepHostToken(code: string, token: string): void {
    this.write(hostKey(code), token);
  }

  /** Forget a host token the server no longer honours. */
  forgetHostToken(code: string): void {
    this.remove(hostKey(code));
  }

  /** The last name used to join, to fill the form next time. */
  lastName(): string {
    return this.read(nameKey) ?? '';
  }

  /** Remember the name used to join. */
  keepName(name: string): void {
    this.write(nameKey, name);
  }

  // Private browsing and full storage throw on access; the app then simply
  // forgets between visits instead of failing.
  private read(key: string): string | null {
    try {
      return this.store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.store?.setItem(key, value);
    } catch {
      // See read().
    }
  }

  private remove(key: string): void {
    try {
      this.store?.removeItem(key);
    } catch {
      // See read().
    }
  }
}

import { getContext, setContext } from 'svelte';
import type { KeyValueStore } from '../seat-storage.js';
import type { Cue } from './cues.js';
import { whenChanged } from '../when-changed.svelte.js';

/** Which kind of screen is making sounds: each has its own defaults and its own mute switch. */
export type SoundScreen = 'tv' | 'phone' | 'spectator';

/** The cues each screen plays: the TV plays the table's sounds, a phone only tells its player it's their turn. */
export const CUES_FOR: Record<SoundScreen, readonly Cue[]> = {
  tv: ['roll', 'turn', 'score', 'end', 'f8'],
  phone: ['turn'],
  spectator: ['roll', 'turn', 'score', 'end', 'f8'],
};

/** Sound is on by default on the TV and the phone; a spectator's laptop stays quiet until asked. */
const ON_BY_DEFAULT: Record<SoundScreen, boolean> = { tv: true, phone: true, spectator: false };

/** The same cue twice within this time is heard once (seven dice landing are one roll). */
const REPEAT_MS = 250;

const mutedKey = (screen: SoundScreen) => `rollcall:muted:${screen}`;

/** What the cues need from the browser, so tests can pass stand-ins. */
export interface SoundDeps {
  storage: KeyValueStore | null;
  /** Plays a cue; absent where the browser has no Web Audio. */
  player: ((cue: Cue) => void) | null;
  /**
   * Tells whether the player is heard yet: a browser keeps sound off until the
   * page's first tap or key press. Absent: heard from the start.
   */
  whenHeard?: (listener: (heard: boolean) => void) => void;
  now: () => number;
}

/** The sound switch of this browser's screen and the cues it lets through. */
export class SoundCues {
  screen = $state<SoundScreen>('phone');
  muted = $state(false);
  /** Whether the browser lets this page's sound out yet. */
  heard = $state(true);
  private readonly last = new Map<Cue, number>();

  constructor(private readonly deps: SoundDeps) {
    deps.whenHeard?.((heard) => (this.heard = heard));
  }

  /**
   * Sound is on here but the browser holds it back until someone taps or
   * clicks the page (a reloaded TV nobody has touched): the screen says so.
   */
  get waitsForTap(): boolean {
    return !this.muted && this.deps.player !== null && !this.heard;
  }

  /** Which screen this is; reads its remembered switch. */
  use(screen: SoundScreen): void {
    this.screen = screen;
    const kept = this.read(mutedKey(screen));
    this.muted = kept === null ? !ON_BY_DEFAULT[screen] : kept === '1';
  }

  /** Turn sound on or off on this screen, and remember it. */
  setMuted(muted: boolean): void {
    this.muted = muted;
    try {
      this.deps.storage?.setItem(mutedKey(this.screen), muted ? '1' : '0');
    } catch {
      // Private browsing: the switch holds until the page closes.
    }
  }

  /** Play a cue if this screen plays it and is not muted. */
  cue(cue: Cue): void {
    if (this.muted || this.deps.player === null || !CUES_FOR[this.screen].includes(cue)) return;
    const now = this.deps.now();
    if (now - (this.last.get(cue) ?? -Infinity) < REPEAT_MS) return;
    this.last.set(cue, now);
    this.deps.player(cue);
  }

  private read(key: string): string | null {
    try {
      return this.deps.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }
}

const soundKey = Symbol('sound');

/** Made once by the root layout. */
export const provideSound = (deps: SoundDeps): SoundCues => setContext(soundKey, new SoundCues(deps));

/** This screen's sound cues (undefined outside the app, e.g. a component on its own). */
export const useSound = (): SoundCues | undefined => getContext<SoundCues | undefined>(soundKey);

/** Play `cue` each time `key()` changes after the first look (a new roll, a new score). */
export function cueOnChange(key: () => unknown, cue: Cue): void {
  const sound = useSound();
  whenChanged(key, () => sound?.cue(cue));
}

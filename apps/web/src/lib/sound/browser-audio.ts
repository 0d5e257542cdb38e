import type { Cue } from './cues.js';

/** Cues played through the browser's Web Audio, and whether the browser lets them out yet. */
export interface BrowserAudio {
  play(cue: Cue): void;
  /** Tell `listener` each time the sound starts or stops being heard (false until the first tap or key press). */
  watch(listener: (running: boolean) => void): void;
}

/**
 * How long the context keeps running after a cue starts. The longest cue (the
 * F8) rings for a little over a second.
 */
export const REST_AFTER_MS = 3000;

/**
 * A cue player on one AudioContext, made on the first tap or key press:
 * browsers keep audio silent until the person has interacted with the page,
 * and a context made earlier only logs warnings. Null without Web Audio.
 *
 * Between cues the context rests (suspended): a running context keeps the
 * phone's audio output awake, playing silence, for a whole party night. A
 * cue wakes it; the first tap has already allowed that. The cues' synthesis
 * loads with that first tap, not with the page: nothing sounds before it.
 */
export function browserAudio(): BrowserAudio | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  let context: AudioContext | null = null;
  let synth: typeof import('./cues.js') | undefined;
  let loading = false;
  // Suspended by us, not by the browser: the sound is still heard when a cue comes.
  let resting = false;
  let restTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners: ((running: boolean) => void)[] = [];
  const heard = () => context !== null && (context.state === 'running' || resting);
  const tell = () => {
    for (const listener of listeners) listener(heard());
  };
  const restSoon = () => {
    clearTimeout(restTimer);
    restTimer = setTimeout(() => {
      if (context?.state !== 'running') return;
      resting = true;
      void context.suspend();
    }, REST_AFTER_MS);
  };
  const resume = (then: () => void) => {
    const awake = context!;
    void awake.resume().then(
      () => {
        resting = false;
        then();
        restSoon();
        tell();
      },
      () => {
        resting = false;
        tell();
      },
    );
  };
  const wake = () => {
    if (context === null) {
      context = new AudioContext();
      context.addEventListener('statechange', tell);
    }
    // Loaded once; a phone whose network failed at its first tap tries again at the next.
    if (synth === undefined && !loading) {
      loading = true;
      void import('./cues.js').then(
        (loaded) => (synth = loaded),
        () => (loading = false),
      );
    }
    // Suspended by the browser (before any gesture, or by the system): this gesture lets it out.
    if (context.state === 'suspended' && !resting) resume(() => undefined);
    else if (context.state === 'running') restSoon();
    tell();
  };
  for (const event of ['pointerdown', 'keydown'] as const) window.addEventListener(event, wake, { capture: true });
  return {
    play(cue) {
      // Before any gesture there is no context yet (nor its synthesis): the cue is skipped, not queued.
      if (synth === undefined || context === null) return;
      const { play } = synth;
      const awake = context;
      if (awake.state === 'running') {
        play(awake, cue);
        restSoon();
      } else if (resting) resume(() => play(awake, cue));
    },
    watch(listener) {
      listeners.push(listener);
      listener(heard());
    },
  };
}

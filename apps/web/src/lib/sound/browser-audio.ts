import { play, type Cue } from './cues.js';

/** Cues played through the browser's Web Audio, and whether the browser lets them out yet. */
export interface BrowserAudio {
  play(cue: Cue): void;
  /** Tell `listener` each time the sound starts or stops being heard (false until the first tap or key press). */
  watch(listener: (running: boolean) => void): void;
}

/**
 * A cue player on one AudioContext, made on the first tap or key press:
 * browsers keep audio silent until the person has interacted with the page,
 * and a context made earlier only logs warnings. Null without Web Audio.
 */
export function browserAudio(): BrowserAudio | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  let context: AudioContext | null = null;
  const listeners: ((running: boolean) => void)[] = [];
  const tell = () => {
    for (const listener of listeners) listener(context?.state === 'running');
  };
  const wake = () => {
    if (context === null) {
      context = new AudioContext();
      context.addEventListener('statechange', tell);
    }
    if (context.state === 'suspended') void context.resume().then(tell, tell);
    tell();
  };
  for (const event of ['pointerdown', 'keydown'] as const) window.addEventListener(event, wake, { capture: true });
  return {
    play(cue) {
      // Before any gesture there is no context yet: the cue is skipped, not queued.
      if (context?.state === 'running') play(context, cue);
    },
    watch(listener) {
      listeners.push(listener);
      listener(context?.state === 'running');
    },
  };
}

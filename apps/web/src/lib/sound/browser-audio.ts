import { play, type Cue } from './cues.js';

/**
 * A cue player on one AudioContext, made on the first tap or key press:
 * browsers keep audio silent until the person has interacted with the page,
 * and a context made earlier only logs warnings. Null without Web Audio.
 */
export function browserAudio(): ((cue: Cue) => void) | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  let context: AudioContext | null = null;
  const wake = () => {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  };
  for (const event of ['pointerdown', 'keydown'] as const) window.addEventListener(event, wake, { capture: true });
  return (cue) => {
    // Before any gesture there is no context yet: the cue is skipped, not queued.
    if (context?.state === 'running') play(context, cue);
  };
}

import { useSound } from './sound/sound-cues.svelte.js';

/**
 * Tell the player each time `needed()` turns true: the "your turn" sound, and
 * a buzz where the phone can vibrate. Browsers refuse (and complain about) a
 * vibration before the person's first tap, so it waits for one; iPhones have
 * no vibration at all, which is why the sound is there.
 */
export function nudgeWhen(needed: () => boolean): void {
  const sound = useSound();
  let before = false;
  $effect(() => {
    const now = needed();
    if (now && !before) {
      sound?.cue('turn');
      if ('vibrate' in navigator && navigator.userActivation?.hasBeenActive !== false) navigator.vibrate([90, 60, 90]);
    }
    before = now;
  });
}

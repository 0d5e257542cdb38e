import { untrack } from 'svelte';

/**
 * Calls `then` each time `key()` gives something new, from an effect of the
 * component that calls this. The key it starts with is no change: what was on
 * the table when the screen opened is not news. Only the key is tracked, so
 * what `then` reads (the news it words, a mute switch) never runs it again.
 */
export function whenChanged(key: () => unknown, then: () => void): void {
  let before = untrack(key);
  $effect(() => {
    const now = key();
    if (now === before) return;
    before = now;
    untrack(then);
  });
}

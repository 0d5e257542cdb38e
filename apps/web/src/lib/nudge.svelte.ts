/** Buzz the phone each time `needed()` turns true (where the phone can vibrate). */
export function nudgeWhen(needed: () => boolean): void {
  let before = false;
  $effect(() => {
    const now = needed();
    if (now && !before && 'vibrate' in navigator) navigator.vibrate([90, 60, 90]);
    before = now;
  });
}

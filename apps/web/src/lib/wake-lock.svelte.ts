/**
 * Keep the screen on while `active()` holds, where the browser allows it. The
 * browser drops the lock whenever the page is hidden, so it is asked for again
 * each time the page comes back.
 */
export function keepScreenOn(active: () => boolean): void {
  $effect(() => {
    if (!active() || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;

    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const granted = await navigator.wakeLock.request('screen');
        if (stopped) void granted.release();
        else lock = granted;
      } catch {
        // Refused (battery saver, no user gesture yet): the game works without it.
      }
    };
    const onVisibility = () => void acquire();

    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release();
    };
  });
}

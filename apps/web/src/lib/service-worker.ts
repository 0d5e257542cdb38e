import { dev } from '$app/environment';
import { beforeNavigate } from '$app/navigation';

/**
 * Registers the app shell's service worker (`/sw.js`, built by
 * @vite-pwa/sveltekit) and keeps the page on the newest shell without ever
 * reloading it under someone's thumb. A new version's worker takes over as
 * soon as it is installed; the page already open keeps running what it
 * loaded, and the next change of screen (say, the home page to a room) is a
 * full load of the new shell instead of a client-side one. The socket, the
 * seat token in storage and the room survive that load.
 *
 * Call once, from the root layout. Browsers offer service workers only to
 * secure origins (HTTPS, or localhost): on a plain-HTTP LAN address this does
 * nothing and the app loads from the server as before.
 */
export function registerServiceWorker(): void {
  if (dev || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  // The first install also takes control of the open page: that is no new version.
  let replaced = false;
  const hadShell = workers.controller !== null;
  workers.addEventListener('controllerchange', () => {
    if (hadShell) replaced = true;
  });

  beforeNavigate(({ to, willUnload, cancel }) => {
    if (!replaced || willUnload || !to?.url) return;
    cancel();
    location.href = to.url.href;
  });

  // After the page has loaded: precaching the shell must not hold up the first screen.
  const register = () => void workers.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

import { loadMessages, startLocale } from '$lib/i18n/locale.svelte.js';

// One page shell for every address: the server answers unknown paths with it,
// and the socket, tokens and wake lock all live in the browser.
export const ssr = false;
export const prerender = false;

/**
 * The screen's language and its first words, before anything draws: a phone
 * in a room needs only the app's and the shared parts'; every other page also
 * the pages' own.
 */
export async function load({ url }: { url: URL }): Promise<void> {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // A private window may refuse storage: the browser's preference decides.
  }
  await startLocale(storage, navigator.languages);
  if (!url.pathname.startsWith('/play/')) await loadMessages(['pages']);
}

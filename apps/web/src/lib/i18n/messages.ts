import { messagesOf } from './locale.svelte.js';

/**
 * The words of each area of `messages/`, in the screen's language. `appText` and
 * `uiText` are loaded before the first screen draws; a game's are loaded with its
 * screens (`$lib/games/index.ts`).
 */
export const appText = messagesOf('app');
export const uiText = messagesOf('ui');
export const wfgtsText = messagesOf('wfgts');
export const tenPhasesText = messagesOf('ten-phases');
export const meetFateText = messagesOf('meet-fate');
export const pairsAndWagersText = messagesOf('pairs-and-wagers');
export const warPnpText = messagesOf('war-pnp');

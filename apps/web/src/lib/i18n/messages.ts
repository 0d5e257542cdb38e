import { messagesOf } from './locale.svelte.js';

/**
 * The words of each area of `messages/`, in the screen's language. `appText` and
 * `uiText` are loaded before the first screen draws, `pagesText` (the start, TV,
 * spectator, records, verify, replay and rules pages, which a phone in a game
 * never shows) before those pages draw; a game's with its screens, and its rules
 * page's with that page (`$lib/games/index.ts`).
 */
export const appText = messagesOf('app');
export const uiText = messagesOf('ui');
export const pagesText = messagesOf('pages');
export const wfgtsText = messagesOf('wfgts');
export const wfgtsRulesText = messagesOf('wfgts-rules');
export const tenPhasesText = messagesOf('ten-phases');
export const tenPhasesRulesText = messagesOf('ten-phases-rules');
export const meetFateText = messagesOf('meet-fate');
export const meetFateRulesText = messagesOf('meet-fate-rules');
export const pairsAndWagersText = messagesOf('pairs-and-wagers');
export const pairsAndWagersRulesText = messagesOf('pairs-and-wagers-rules');
export const warPnpText = messagesOf('war-pnp');
export const warPnpRulesText = messagesOf('war-pnp-rules');

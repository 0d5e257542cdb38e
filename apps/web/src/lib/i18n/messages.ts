/**
 * The words of each area of `messages/`, in the screen's language: `appText`,
 * `uiText`, `pagesText`, and per game `wfgtsText` and `wfgtsRulesText` and so
 * on, one `<area>Text` per folder of `messages/`, written from the folders by
 * `scripts/compile-messages.js`. `appText` and `uiText` are loaded before the
 * first screen draws, `pagesText` (the start, TV, spectator, records, verify,
 * replay and rules pages, which a phone in a game never shows) before those
 * pages draw; a game's with its screens, and its rules page's with that page
 * (`$lib/games/index.ts`).
 */
export * from '../paraglide/areas.js';

import { loadMessages, type MessageArea } from './locale.svelte.js';

// Unit tests read the words as a screen that has loaded every area does.
const games = ['wfgts', 'ten-phases', 'meet-fate', 'pairs-and-wagers', 'war-pnp'] as const;
const every: MessageArea[] = ['app', 'ui', 'pages', ...games, ...games.map((game) => `${game}-rules` as const)];
await loadMessages(every, 'en');

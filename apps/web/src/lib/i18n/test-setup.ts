import { loadMessages, type MessageArea } from './locale.svelte.js';

// Unit tests read the words as a screen that has loaded every area does.
const every: MessageArea[] = ['app', 'ui', 'wfgts', 'ten-phases', 'meet-fate', 'pairs-and-wagers', 'war-pnp'];
await loadMessages(every, 'en');

import { messageAreas } from '../paraglide/areas.js';
import { loadMessages } from './locale.svelte.js';

// Unit tests read the words as a screen that has loaded every area does.
await loadMessages(messageAreas, 'en');

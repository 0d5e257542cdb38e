/**
 * A whole game in German says nothing in English (no-english.ts); the other
 * languages play it with the long runs (no-english.long.test.ts).
 */
import { noEnglish } from './no-english.js';

noEnglish(['de']);

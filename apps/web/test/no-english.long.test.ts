/**
 * A whole game says nothing in English (no-english.ts) in each language but
 * German, which plays it on every run: `pnpm test:long`.
 */
import { OTHER_LOCALES } from './languages.js';
import { noEnglish } from './no-english.js';

noEnglish(OTHER_LOCALES.filter((locale) => locale !== 'de'));

import { currentLocale as getLocale } from './locale.svelte.js';
import { appText } from './messages.js';

/**
 * Numbers, lists and places as the screen's language writes them. Each reads
 * the language when called, so a sentence built in a `$derived` follows a
 * change of language.
 */

/** 1,234 in English, 1.234 in German, 1 234 in French. */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(getLocale()).format(n);
}

/** "Ann, Bo and Cy"; "Ann, Bo und Cy"; `or` for "Ann, Bo or Cy". */
export function formatList(items: readonly string[], or = false): string {
  // Our English writes lists without the serial comma, as British English does.
  const locale = getLocale() === 'en' ? 'en-GB' : getLocale();
  return new Intl.ListFormat(locale, { type: or ? 'disjunction' : 'conjunction' }).format(items);
}

/** A place: "2nd", "2.º", "2e", "2.", "2º". */
export function ordinal(n: number): string {
  switch (new Intl.PluralRules(getLocale(), { type: 'ordinal' }).select(n)) {
    case 'one':
      return appText.ordinal_one({ n });
    case 'two':
      return appText.ordinal_two({ n });
    case 'few':
      return appText.ordinal_few({ n });
    default:
      return appText.ordinal_other({ n });
  }
}

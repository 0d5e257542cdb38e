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
  const form = new Intl.PluralRules(getLocale(), { type: 'ordinal' }).select(n);
  // No language we speak has an ordinal `zero` or `many`; were one added, it would read as `other` until its messages come.
  return appText[form === 'one' || form === 'two' || form === 'few' ? (`ordinal_${form}` as const) : 'ordinal_other']({ n });
}

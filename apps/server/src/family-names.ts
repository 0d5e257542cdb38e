import { Profanity, profaneWords } from '@2toad/profanity';

/** The languages the product ships in: English, Spanish, French, German, Italian and (Brazilian) Portuguese. */
export const FAMILY_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

/**
 * Words in the library's lists that are, far more often, someone's name at a
 * table: refusing them would turn away real people (Fanny is a common French
 * first name, Mona an Italian and German one, Cumming a surname, Coco a
 * nickname that is also Portuguese for poo once its accent is gone).
 */
const EVERYDAY_NAMES = ['fanny', 'mona', 'cumming', 'coco'];

/** A word with its accents taken off. */
const unaccented = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '');

// Whole words only, so a name that merely contains a rude run of letters
// (Scunthorpe, Cassandra, Shitake) passes; built once, as the lists are large.
const filter = new Profanity({ languages: [...FAMILY_LANGUAGES], wholeWord: true, unicodeWordBoundaries: true });
filter.whitelist.addWords(EVERYDAY_NAMES);
// The lists also hold entries of one or two characters that are no word at all ("5", "t", "no", "sh"):
// whole-word matching would refuse "Player 5" or "Team T" for them. No swear word in these languages is that short.
filter.whitelist.addWords(FAMILY_LANGUAGES.flatMap((l) => profaneWords.get(l) ?? []).filter((word) => [...word].length <= 2));
// The lists spell some words with their accents only: "Cabron" typed on an English keyboard is the same word as "Cabrón".
filter.addWords(FAMILY_LANGUAGES.flatMap((l) => profaneWords.get(l) ?? []).map(unaccented));

/** The name with a space where a lower-case letter meets an upper-case one: "ShitLord" is two words. */
const camelSplit = (name: string): string => name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');

/** A name spelt out one character at a time ("s.h.i.t", "f-u-c-k") as the word it spells, else the name. */
const spelledOut = (name: string): string => {
  const parts = name.split(/[\s.\-_*·]+/u).filter((part) => part !== '');
  return parts.length >= 3 && parts.every((part) => [...part].length === 1) ? parts.join('') : name;
};

/**
 * Whether a player's name may be shown in a family-mode room: no word of it,
 * with or without its accents, split at camel case or spelt out letter by letter, is a swear word in one of the
 * product's languages. Pure: the same name always gets the same answer.
 */
export function familyFriendlyName(name: string): boolean {
  return !filter.exists(name) && !filter.exists(camelSplit(name)) && !filter.exists(spelledOut(name));
}

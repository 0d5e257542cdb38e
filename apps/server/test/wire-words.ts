/**
 * What may travel from the server to a screen as text: codes, ids, tokens,
 * numbers and addresses, and the names people gave. Never words for people
 * to read: each screen says those in its own language.
 */
import { CODE_ALPHABET } from '@rollcall/protocol';

/** Shapes of the strings that hold no words. */
const WORDLESS: readonly RegExp[] = [
  // Codes, ids, enum values, hex and numbers: lower case and digits, joined by - _ / : .
  /^[a-z0-9]+(?:[-_/:.][a-z0-9]+)*$/,
  // Field names.
  /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/,
  // Room, screen and hand-over codes, alone or at the head of an id (a game record's, a night's).
  new RegExp(`^[${CODE_ALPHABET}]{4,8}(?:-[0-9a-z]+)*$`),
  // A die named by a letter and its number (Ten Phases' H0 to L3).
  /^[A-Z]\d+$/,
  // Tokens and random ids: long unbroken runs of URL-safe characters.
  /^[A-Za-z0-9_-]{16,}$/,
  // Addresses.
  /^https?:\/\/\S+$/,
  /^$/,
];

/** A view's tag names it among a process's views: a random prefix and a count (see `sent-views.ts`). */
const TAG = /^[A-Za-z0-9_-]{4}[0-9a-z]+$/;

/** Fields whose values are ids of a shape of their own. */
const ID_FIELDS: Readonly<Record<string, RegExp>> = { tag: TAG, from: TAG };

/** Whether a string holds no words for people to read. */
export const isWordless = (text: string): boolean => WORDLESS.some((shape) => shape.test(text));

/** A string that holds words, and where it was. */
export interface Wording {
  /** Where in the value: keys and indices from its top. */
  at: string;
  text: string;
}

/**
 * Every string in `value`, object keys included, however deep, that is
 * neither wordless nor a name `isName` knows (a player's, a game's title).
 */
export function wordingsIn(value: unknown, isName: (text: string) => boolean, at = '', field?: string): Wording[] {
  const allowed = (text: string) => isWordless(text) || isName(text);
  if (typeof value === 'string') {
    const id = field === undefined ? undefined : ID_FIELDS[field];
    return allowed(value) || id?.test(value) === true ? [] : [{ at, text: value }];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => wordingsIn(item, isName, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(allowed(key) ? [] : [{ at: `${at}{key}`, text: key }]),
    ...wordingsIn(item, isName, `${at}.${key}`, key),
  ]);
}

/**
 * The app's six languages as the browser tests see them: its own catalogue
 * (`messages/<area>/<locale>.json`) read from disk, so a test can speak to a
 * screen in that screen's language and can tell when a screen shown in
 * another language still says something in English.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '@rollcall/rules/catalogue';
import type { Page } from 'playwright-core';

/** Every language the app speaks, English first. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
/** The languages a screen may be shown in besides English. */
export const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en');

/** One message as the inlang message format stores it: plain text, or variants picked by selectors. */
type Message = string | { declarations: string[]; selectors: string[]; match: Record<string, string> }[];
type Inputs = Record<string, string | number>;

const messagesDir = join(dirname(fileURLToPath(import.meta.url)), '../messages');
// The app's and the shared parts' words first: a sentence in them and in a game too is looked up there.
const FIRST_AREAS = ['app', 'ui'];
const rank = (area: string) => (FIRST_AREAS.includes(area) ? FIRST_AREAS.indexOf(area) : FIRST_AREAS.length);
const areas = readdirSync(messagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const files = new Map<Locale, Map<string, Message>>();

/** Every message in one language, as "area.key". */
function messagesIn(locale: Locale): Map<string, Message> {
  let messages = files.get(locale);
  if (messages === undefined) {
    messages = new Map();
    for (const area of areas) {
      const file = JSON.parse(readFileSync(join(messagesDir, area, `${locale}.json`), 'utf8')) as Record<string, Message>;
      for (const [key, message] of Object.entries(file)) if (key !== '$schema') messages.set(`${area}.${key}`, message);
    }
    files.set(locale, messages);
  }
  return messages;
}

/** Each text a message can read as: itself, or each of its variants (plural forms and the like). */
function variantsOf(message: Message | undefined): string[] {
  if (message === undefined) return [];
  return typeof message === 'string' ? [message] : message.flatMap((part) => Object.values(part.match));
}

function fill(text: string, inputs: Inputs): string {
  return text.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => {
    if (!(name in inputs)) throw new Error(`"${text}" needs a value for {${name}}`);
    return String(inputs[name]);
  });
}

/** A message with its blanks filled, its variant chosen as Paraglide chooses it (plural rules of the language, exact values first). */
function format(message: Message, locale: Locale, inputs: Inputs): string {
  if (typeof message === 'string') return fill(message, inputs);
  const [{ declarations, selectors, match }] = message as [Exclude<Message, string>[number]];
  const values: Record<string, string> = {};
  for (const declaration of declarations) {
    const input = /^input (\w+)$/.exec(declaration);
    if (input) values[input[1]!] = String(inputs[input[1]!]);
    const plural = /^local (\w+) = (\w+): plural(?: select=(ordinal))?$/.exec(declaration);
    if (plural) {
      const rules = new Intl.PluralRules(locale, { type: plural[3] === 'ordinal' ? 'ordinal' : 'cardinal' });
      values[plural[1]!] = rules.select(Number(inputs[plural[2]!]));
    }
  }
  const candidates = Object.entries(match)
    .map(([keys, text]) => ({ keys: Object.fromEntries(keys.split(',').map((k) => k.trim().split('=') as [string, string])), text }))
    .filter(({ keys }) => selectors.every((s) => keys[s] === '*' || keys[s] === values[s]))
    .sort((a, b) => selectors.filter((s) => a.keys[s] === '*').length - selectors.filter((s) => b.keys[s] === '*').length);
  const chosen = candidates[0];
  if (chosen === undefined) throw new Error(`no variant of ${JSON.stringify(match)} for ${JSON.stringify(values)}`);
  return fill(chosen.text, inputs);
}

/**
 * What a screen in `locale` says where an English screen says `english` (a
 * message of the English catalogue, blanks as in the file: "You're in, {name}!"),
 * so a test written in English can tap the same button in any language.
 */
export function say(locale: Locale, english: string, inputs: Inputs = {}): string {
  if (locale === 'en') return fill(english, inputs);
  for (const [key, message] of messagesIn('en')) {
    if (!variantsOf(message).includes(english)) continue;
    const translated = messagesIn(locale).get(key);
    if (translated === undefined) throw new Error(`${key} has no ${locale} text`);
    return format(translated, locale, inputs);
  }
  throw new Error(`"${english}" is not a message of the English catalogue`);
}

/** A piece of an English message worth looking for on a screen in another language, and where it comes from. */
interface EnglishPiece {
  text: string;
  key: string;
}

const letters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;
const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** `text` with each whole-word `name` in it ("Jo", not the "Jo" of "Join") put out of the way. */
function withoutName(text: string, name: string): string {
  let left = text;
  for (let at = wordAt(left, name); at >= 0; at = wordAt(left, name, at + 1)) {
    left = `${left.slice(0, at)}\u2063${left.slice(at + name.length)}`;
  }
  return left;
}

/** Where `piece` stands as whole words in `text` (not inside a longer word), or -1. */
function wordAt(text: string, piece: string, from = 0): number {
  for (let at = text.indexOf(piece, from); at >= 0; at = text.indexOf(piece, at + 1)) {
    if (!isLetter(text[at - 1]) && !isLetter(text[at + piece.length])) return at;
  }
  return -1;
}

const piecesFor = new Map<Locale, EnglishPiece[]>();

/**
 * The English catalogue's words that must not appear on a screen in `locale`:
 * each message cut at its blanks, trimmed of punctuation, leaving out pieces
 * too short to tell apart from numbers and abbreviations ("pts", "d10", "TV"),
 * and pieces the other language uses itself (its file says "Bot", "Round" or
 * "Start" too, in this message or another).
 */
function englishPieces(locale: Locale): EnglishPiece[] {
  let pieces = piecesFor.get(locale);
  if (pieces !== undefined) return pieces;
  const theirs = [...messagesIn(locale).values()].flatMap(variantsOf).join('\n').toLowerCase();
  const found = new Map<string, EnglishPiece>();
  for (const [key, message] of messagesIn('en')) {
    for (const variant of variantsOf(message)) {
      for (const part of variant.split(/\{[^}]*\}/)) {
        const text = part.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
        if (letters(text) < 3 || !/\p{Ll}/u.test(text) || found.has(text)) continue;
        if (wordAt(theirs, text.toLowerCase()) >= 0) continue;
        found.set(text, { text, key });
      }
    }
  }
  pieces = [...found.values()];
  piecesFor.set(locale, pieces);
  return pieces;
}

/**
 * English words no other language here writes: they catch a sentence left in
 * the code that the catalogue never had.
 */
const ENGLISH_ONLY_WORDS = ['the', 'your', 'you', 'and', 'with', 'this', 'that'];

/** What stays English on every screen: game titles as published and designers' names. */
const PROPER_NAMES = Object.values(catalogue).flatMap((game) => [game.name, ...game.designer.split(/ & | and /), game.designer]);

/**
 * Everything a person can read or hear on the page: its title, every text
 * (shown or not yet shown, live regions included unless left out) and every
 * accessible name, description and placeholder. Text marked as another
 * language (`lang`, as the language picker marks each language's own name) is
 * left out: a screen reader reads it in that language.
 */
function wordsOnPage(page: Page, withLiveRegions: boolean): Promise<string[]> {
  return page.evaluate((withLive) => {
    const lang = document.documentElement.lang.toLowerCase();
    const elsewhere = (element: Element) => {
      const marked = element.closest('[lang]');
      if (marked !== null && marked.getAttribute('lang')?.toLowerCase() !== lang) return true;
      return !withLive && element.closest('[data-testid^="announce-"]') !== null;
    };
    const words = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (element === null || element.closest('script, style, noscript, template') !== null || elsewhere(element)) continue;
      words.push(node.textContent ?? '');
    }
    const attributes = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'title', 'placeholder', 'alt'];
    for (const element of document.body.querySelectorAll('*')) {
      if (elsewhere(element)) continue;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) words.push(value);
      }
      if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) words.push(element.value);
    }
    return words;
  }, withLiveRegions);
}

/**
 * The English a page in `locale` still shows, one line each ("Roll again" from
 * wfgts.sheet_roll, or an English word with its context); none on a page fully
 * in its language. `names` are the players' names, never translated.
 * `withLiveRegions: false` leaves out what the live regions said before the
 * language was switched in place, as a screen reader has already read it.
 */
export async function englishLeft(
  page: Page,
  locale: Locale,
  { names = [], withLiveRegions = true }: { names?: readonly string[]; withLiveRegions?: boolean } = {},
): Promise<string[]> {
  const shown = (await page.evaluate(() => document.documentElement.lang)) || '(none)';
  if (shown !== locale) return [`the page is in ${shown}, not ${locale}`];
  const kept = [...names, ...PROPER_NAMES].filter((name) => name !== '').sort((a, b) => b.length - a.length);
  const text = (await wordsOnPage(page, withLiveRegions)).map((words) => kept.reduce(withoutName, words)).join('\n');
  const found: string[] = [];
  for (const piece of englishPieces(locale)) {
    if (wordAt(text, piece.text) >= 0) found.push(`"${piece.text}" (${piece.key})`);
  }
  const lower = text.toLowerCase();
  for (const word of ENGLISH_ONLY_WORDS) {
    const at = wordAt(lower, word);
    if (at >= 0) found.push(`the English word "${word}" in "${text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ').trim()}"`);
  }
  return found;
}

/** The English found on a test's screens: each piece once, with the first places it was seen. */
export class EnglishSeen {
  readonly #where = new Map<string, string[]>();

  /** Look at one screen, named `where` in the list. */
  async look(where: string, page: Page, locale: Locale, options: Parameters<typeof englishLeft>[2] = {}): Promise<void> {
    for (const english of await englishLeft(page, locale, options)) {
      const seen = this.#where.get(english) ?? [];
      seen.push(where);
      this.#where.set(english, seen);
    }
  }

  /** One line per piece of English: what, and where (the first three places). */
  list(): string[] {
    return [...this.#where].map(([english, where]) => `${english}: ${where.slice(0, 3).join('; ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`);
  }
}

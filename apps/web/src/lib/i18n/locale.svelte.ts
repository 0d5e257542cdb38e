import { baseLocale, isLocale, locales, type Locale } from '$lib/paraglide/app/runtime.js';
import type { AreaModules } from '$lib/paraglide/areas.js';

export { locales, type Locale };

/**
 * Each screen's language, and the words it shows in it.
 *
 * The language: the one picked on this device, else the browser's first
 * preference we speak (a Brazilian "pt-BR", a Portuguese "pt-PT" and a plain
 * "pt" all get pt-BR; "de-AT" gets German), else English. Screens at one table
 * need not agree: the server sends codes and numbers, never sentences.
 *
 * The words: `messages/` holds an area for the app, one for its shared parts
 * and one per game, compiled by Paraglide to a module per language
 * (`scripts/compile-messages.js`). A screen downloads only its own language,
 * and a game's words only with that game's screens; six languages in every
 * message would not fit a phone's budget. Each area's messages are reached
 * through `messagesOf(area)`, which reads the current language, a rune, so
 * picking another redraws every sentence in place, without a reload (which
 * would drop the socket mid-game).
 */

/** A compiled module's messages, those without blanks callable with no argument. */
type Words<Module> = {
  [Name in keyof Module]: Module[Name] extends (inputs: infer Inputs) => infer Text
    ? Record<string, never> extends Inputs
      ? (inputs?: Inputs) => Text
      : (inputs: Inputs) => Text
    : never;
};

type Areas = { [Area in keyof AreaModules]: Words<AreaModules[Area]> };

/** An area of `messages/`: its words load together. */
export type MessageArea = keyof Areas;

/** Where the device remembers its pick. */
export const LOCALE_KEY = 'rollcall:locale';

/** What every screen shows before any game: loaded before the first screen draws. */
export const FIRST_AREAS: readonly MessageArea[] = ['app', 'ui'];

const compiled = import.meta.glob<Record<string, unknown>>(['../paraglide/*/messages/*.js', '!../paraglide/*/messages/_index.js']);

let current = $state<Locale>(baseLocale);
const loaded = new Map<string, Record<string, unknown>>();
const wanted = new Set<MessageArea>(FIRST_AREAS);

const moduleKey = (area: MessageArea, locale: Locale) => `../paraglide/${area}/messages/${locale}.js`;

/** The language a browser that prefers `preferred` (in order) reads best, from those we ship. */
export function bestLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    if (isLocale(tag)) return tag;
    const language = tag.toLowerCase().split('-')[0];
    const match = locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (match) return match;
  }
  return baseLocale;
}

/** The screen's language now. */
export function currentLocale(): Locale {
  return current;
}

/** Loads an area's words in the screen's language (and in any language it is switched to later). */
export async function loadMessages(areas: readonly MessageArea[], locale: Locale = current): Promise<void> {
  for (const area of areas) wanted.add(area);
  await Promise.all(
    areas.map(async (area) => {
      const key = moduleKey(area, locale);
      if (loaded.has(key)) return;
      const load = compiled[key];
      if (!load) throw new Error(`No messages compiled for ${area} in ${locale}`);
      loaded.set(key, await load());
    }),
  );
}

/**
 * Sets the language from the device's pick or the browser's preferences, and
 * loads the first screen's words; called once as the app starts.
 */
export async function startLocale(storage: Storage | null, preferred: readonly string[]): Promise<void> {
  const picked = storage?.getItem(LOCALE_KEY);
  await show(picked && isLocale(picked) ? picked : bestLocale(preferred));
}

/** A language picked on this screen: shown as soon as its words are here, and remembered on the device. */
export async function pickLocale(locale: Locale, storage: Storage | null = deviceStorage()): Promise<void> {
  try {
    storage?.setItem(LOCALE_KEY, locale);
  } catch {
    // A private window may refuse storage: the pick still holds until the tab closes.
  }
  await show(locale);
}

/** The messages of an area, always in the screen's current language. */
export function messagesOf<A extends MessageArea>(area: A): Areas[A] {
  return new Proxy({} as Areas[A], {
    get(_target, name: string) {
      const messages = loaded.get(moduleKey(area, current));
      if (!messages) throw new Error(`The ${area} messages in ${current} are not loaded`);
      return messages[name];
    },
  });
}

async function show(locale: Locale): Promise<void> {
  await loadMessages([...wanted], locale);
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

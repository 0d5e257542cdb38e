/**
 * Every language says everything English says, with the same blanks: a
 * message missing in one language would quietly show English there, and a
 * blank named differently would show its name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const messagesDir = new URL('../../../messages/', import.meta.url);
const areas = readdirSync(messagesDir);

interface Settings {
  baseLocale: string;
  locales: string[];
  'plugin.inlang.messageFormat': { pathPattern: string };
}
const settingsOf = (area: string): Settings => JSON.parse(readFileSync(new URL(`${area}/project.inlang/settings.json`, messagesDir), 'utf8'));
const settings = settingsOf('app');

type Catalogue = Record<string, unknown>;

function read(area: string, locale: string): Catalogue {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(new URL(`${area}/${locale}.json`, messagesDir), 'utf8')) as Catalogue;
  return messages;
}

/** The names of a message's blanks ("{count}"), wherever its variants put them. */
function blanks(message: unknown): string[] {
  const text = JSON.stringify(message);
  const names = new Set<string>();
  for (const [, name] of text.matchAll(/(?<!\\)\{(\w+)\}/g)) names.add(name!);
  for (const [, name] of text.matchAll(/"input (\w+)"/g)) names.add(name!);
  return [...names].sort();
}

describe('the message files', () => {
  it('are compiled for the same languages in every area', () => {
    for (const area of areas) {
      expect(settingsOf(area).locales, area).toEqual(settings.locales);
      expect(settingsOf(area).baseLocale, area).toBe(settings.baseLocale);
      expect(settingsOf(area)['plugin.inlang.messageFormat'].pathPattern, area).toBe('./{locale}.json');
    }
  });

  for (const locale of settings.locales.filter((l) => l !== settings.baseLocale)) {
    it(`hold every English message in ${locale}, with the same blanks`, () => {
      for (const area of areas) {
        const english = read(area, 'en');
        const other = read(area, locale);
        expect(Object.keys(other).sort(), `${area}/${locale}.json`).toEqual(Object.keys(english).sort());
        for (const key of Object.keys(english)) {
          expect(blanks(other[key]), `${key} in ${area}/${locale}.json`).toEqual(blanks(english[key]));
          expect(JSON.stringify(other[key]).length, `${key} in ${area}/${locale}.json is empty`).toBeGreaterThan(2);
        }
      }
    });
  }
});

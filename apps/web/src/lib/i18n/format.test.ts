import { describe, expect, it } from 'vitest';
import { formatList, formatNumber, ordinal } from './format.js';
import { pickLocale } from './locale.svelte.js';

describe('places, numbers and lists in each language', async () => {
  it('says places as each language does', async () => {
    await pickLocale('en', null);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
    await pickLocale('fr', null);
    expect([1, 2].map(ordinal)).toEqual(['1er', '2e']);
    await pickLocale('de', null);
    expect(ordinal(3)).toBe('3.');
    await pickLocale('es', null);
    expect(ordinal(2)).toBe('2.º');
    await pickLocale('it', null);
    expect(ordinal(2)).toBe('2º');
    await pickLocale('pt-BR', null);
    expect(ordinal(2)).toBe('2º');
  });

  it('groups digits and joins lists in the screen language', async () => {
    await pickLocale('de', null);
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatList(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo und Cy');
    await pickLocale('en', null);
    expect(formatList(['Ann', 'Bo', 'Cy'], true)).toBe('Ann, Bo or Cy');
  });
});

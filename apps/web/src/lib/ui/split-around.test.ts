import { afterEach, describe, expect, it } from 'vitest';
import { pickLocale } from '$lib/i18n/locale.svelte.js';
import { uiText } from '$lib/i18n/messages.js';
import { splitAround } from './split-around.js';

describe('a blank set apart from its sentence', () => {
  afterEach(() => pickLocale('en', null));

  it('gives the words on each side of the blank, wherever the language puts it', async () => {
    expect(splitAround((round) => uiText.round_line({ round, rounds: 3 }))).toEqual(['Round ', ' of 3']);
    await pickLocale('de', null);
    expect(splitAround((round) => uiText.round_line({ round, rounds: 3 }))).toEqual(['Runde ', ' von 3']);
    expect(splitAround((designer) => uiText.rules_credit({ designer }))).toEqual(['Spiel von ', '']);
  });

  it('keeps the whole sentence before when the blank is not used', () => {
    expect(splitAround(() => 'No blank here')).toEqual(['No blank here', '']);
  });
});

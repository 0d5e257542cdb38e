import { describe, expect, it } from 'vitest';
import { familyFriendlyName } from './family-names.js';

// A few clear swear words in each language the product ships in, as a player might type them.
const refused: Record<string, string[]> = {
  English: ['shit', 'Fuck', 'BITCH', 'Big Cunt', 'asshole'],
  Spanish: ['puta', 'Mierda', 'Cabrón', 'Polla'],
  French: ['merde', 'Connard', 'Putain', 'Salope'],
  German: ['Scheiße', 'Arschloch', 'Fotze', 'Hure'],
  Italian: ['cazzo', 'Vaffanculo', 'Stronzo', 'Cornuto'],
  'Brazilian Portuguese': ['porra', 'Caralho', 'buceta', 'Merda'],
};

describe('family-mode names', () => {
  for (const [language, words] of Object.entries(refused)) {
    it(`refuses swear words in ${language}`, () => {
      for (const word of words) expect(familyFriendlyName(word), word).toBe(false);
    });
  }

  it('refuses the usual disguises: digits and symbols for letters, spacing, accents left off, words run together in camel case', () => {
    for (const name of ['sh1t', '5h1t', 'sh!t', 's.h.i.t', 'f u c k', 'm-e-r-d-a', 'Cabron', 'ShitLord', 'KingOfMerde']) {
      expect(familyFriendlyName(name), name).toBe(false);
    }
  });

  it('accepts ordinary names, including those with a rude run of letters inside a word', () => {
    const names = [
      'Cassandra', 'Scunthorpe', 'Hancock', 'Shitake', 'Analyse', 'Sussex', 'Matsushita', 'Dominique', 'Pinto',
      'Concha', 'Gina', 'João', 'Zoë', 'Anna', 'Paco', 'Coco', 'Björn', 'Ann 2', 'Ramón', 'Françoise', 'Essex',
      // Words the lists hold that are, at a table, far more often someone's name.
      'Fanny', 'Mona', 'Alan Cumming',
      // Numbers and letters that tell players apart, and a plain "no", which some lists hold as entries of their own.
      'Player 5', 'Player T', 'Team B1', 'No', 'Yes No', 'J. R. R.', 'A B C',
    ];
    for (const name of names) expect(familyFriendlyName(name), name).toBe(true);
  });

  it('misses a swear word glued to another word in one case: whole-word matching is what lets Scunthorpe in', () => {
    expect(familyFriendlyName('fuckface')).toBe(true);
  });
});

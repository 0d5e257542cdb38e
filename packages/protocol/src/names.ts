/**
 * The rules for players' names, in one place for the server and the phone:
 * what a name is once cleaned up and how long it is as a person counts (the
 * skeleton two look-alike names share is in `name-skeleton.ts`).
 */
import { z } from 'zod/mini';

/** The longest name, in characters as a person sees them (grapheme clusters). */
export const NAME_MAX_LENGTH = 24;

/**
 * Characters that draw nothing or reorder text: controls (Cc), format
 * characters (Cf: zero-width spaces and joiners, the bidirectional overrides
 * and isolates, the byte-order mark), lone surrogates (Cs), private-use (Co)
 * and unassigned code points (Cn), and the default-ignorable ones outside
 * those (Hangul fillers, variation selectors, the combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]/gu;
/** Every kind of space, a run of which becomes one plain space. */
const SPACES = /[\s\p{Zs}\p{Zl}\p{Zp}]+/gu;
/** A character that draws something: a letter, mark, number, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A name as it is kept and shown: NFKC (full-width and styled letters become
 * plain ones), with invisible, control and bidirectional characters removed,
 * and spaces collapsed and trimmed. The zero-width joiner goes too, so an
 * emoji sequence shows as its parts: a name is not the place for them.
 */
export function normaliseName(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim().normalize('NFKC');
}

/** How many characters a person sees in a name (grapheme clusters, not code points). */
export function nameLength(name: string): number {
  let length = 0;
  for (const _ of graphemes.segment(name)) length++;
  return length;
}

/** A player's name: normalised, with something visible left and at most 24 characters as a person counts them. */
export const PlayerName = z
  .pipe(z.string().check(z.maxLength(NAME_MAX_LENGTH * 16)), z.transform(normaliseName))
  .check(z.refine((name) => VISIBLE.test(name) && nameLength(name) <= NAME_MAX_LENGTH));

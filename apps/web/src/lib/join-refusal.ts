import { CODE_ALPHABET, CODE_LENGTH, CODE_MAX_LENGTH } from '@rollcall/protocol';

/**
 * What a join form says when a code cannot be used: before sending (a typed
 * code that cannot be a room code) and after (the server's refusal, with how
 * long to wait when the refusal lifts by itself).
 */

/** A refusal as a form shows it: the server's (a `Problem`) or the form's own. */
export interface Refusal {
  code?: string;
  message: string;
  /** Seconds until trying again can work, counted from when the refusal came. */
  retryAfterSeconds?: number;
}

/** A refusal in two parts: what happened (read out once), and when to try again (ticks down; empty when nothing to wait for). */
export interface RefusalWords {
  what: string;
  when: string;
}

/** The code as the server will read it: case, spaces and dashes forgiven. */
export function typedCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

const listed = (letters: string[]) =>
  letters.length === 1 ? letters[0]! : `${letters.slice(0, -1).join(', ')} or ${letters.at(-1)!}`;

/**
 * Why `text` cannot be a room code, in words, or null when it can be one.
 * Codes leave out I, L, O and U so no two letters look alike; a person who
 * typed one misread the TV, and is told that letter is never in a code rather
 * than that the code is too short.
 */
export function roomCodeProblem(text: string): string | null {
  const code = typedCode(text);
  if (code === '') return 'Type the room code shown on the TV.';
  const unused = [...new Set(code)].filter((c) => /^[A-Z]$/.test(c) && !CODE_ALPHABET.includes(c));
  if (unused.length === 1) return `Room codes never use the letter ${unused[0]!}. Check the code on the TV.`;
  if (unused.length > 1) return `Room codes never use the letters ${listed(unused)}. Check the code on the TV.`;
  if (/[^A-Z]/.test(code)) return 'A room code is only letters, no numbers or signs. Check the code on the TV.';
  if (code.length < CODE_LENGTH) return `A room code has at least ${CODE_LENGTH} letters. Check the code on the TV.`;
  if (code.length > CODE_MAX_LENGTH) return `A room code has at most ${CODE_MAX_LENGTH} letters. Check the code on the TV.`;
  return null;
}

/** A wait as people say it: "12 seconds", "1 second", "about 40 minutes", "about an hour". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes === 1) return 'about a minute';
  return minutes < 60 ? `about ${minutes} minutes` : 'about an hour';
}

/** What a form shows for `refusal` with `secondsLeft` of its wait to go (0 once it is over). */
export function refusalWords(refusal: Refusal, secondsLeft: number): RefusalWords {
  const timed = refusal.retryAfterSeconds !== undefined;
  const wait = waitInWords(secondsLeft);
  switch (refusal.code) {
    case 'room/guessing-slowed':
      return {
        what: 'None of the last few codes from this phone matched a room. Check the code on the TV.',
        when: !timed ? '' : secondsLeft > 0 ? `You can try again in ${wait}.` : 'You can try again now.',
      };
    case 'room/too-many-guesses':
      return {
        what: 'So many wrong room codes came from your network that joining by code from it is paused for now. Phones already in a room stay in.',
        when: !timed ? '' : secondsLeft > 0 ? `You can try again in ${wait}.` : 'You can try again now.',
      };
    case 'room/not-found':
      // The wrong code that starts this phone's wait: say so before the next try is refused.
      return { what: refusal.message, when: timed && secondsLeft > 0 ? `You can try another code in ${wait}.` : '' };
    default:
      return { what: refusal.message, when: '' };
  }
}

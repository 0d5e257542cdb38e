import { CODE_ALPHABET, CODE_LENGTH, CODE_MAX_LENGTH } from '@rollcall/protocol';
import { formatList } from './i18n/format.js';
import { appText } from './i18n/messages.js';

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

/**
 * Why `text` cannot be a room code, in words, or null when it can be one.
 * Codes leave out I, L, O and U so no two letters look alike; a person who
 * typed one misread the TV, and is told that letter is never in a code rather
 * than that the code is too short.
 */
export function roomCodeProblem(text: string): string | null {
  const code = typedCode(text);
  if (code === '') return appText.join_code_empty();
  const unused = [...new Set(code)].filter((c) => /^[A-Z]$/.test(c) && !CODE_ALPHABET.includes(c));
  if (unused.length === 1) return appText.join_code_letter_unused({ letter: unused[0]! });
  if (unused.length > 1) return appText.join_code_letters_unused({ letters: formatList(unused, true) });
  if (/[^A-Z]/.test(code)) return appText.join_code_not_letters();
  if (code.length < CODE_LENGTH) return appText.join_code_too_short({ count: CODE_LENGTH });
  if (code.length > CODE_MAX_LENGTH) return appText.join_code_too_long({ count: CODE_MAX_LENGTH });
  return null;
}

/** A wait as people say it: "12 seconds", "1 second", "about 40 minutes", "about an hour". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return appText.wait_seconds({ count: s });
  const minutes = Math.ceil(s / 60);
  if (minutes === 1) return appText.wait_about_a_minute();
  return minutes < 60 ? appText.wait_about_minutes({ count: minutes }) : appText.wait_about_an_hour();
}

/** What a form shows for `refusal` with `secondsLeft` of its wait to go (0 once it is over). */
export function refusalWords(refusal: Refusal, secondsLeft: number): RefusalWords {
  const timed = refusal.retryAfterSeconds !== undefined;
  const wait = () => waitInWords(secondsLeft);
  const tryAgain = () => (!timed ? '' : secondsLeft > 0 ? appText.join_try_again_in({ wait: wait() }) : appText.join_try_again_now());
  switch (refusal.code) {
    case 'room/guessing-slowed':
      return { what: appText.join_guessing_slowed(), when: tryAgain() };
    case 'room/too-many-guesses':
      return { what: appText.join_guessing_paused(), when: tryAgain() };
    case 'room/not-found':
      // The wrong code that starts this phone's wait: say so before the next try is refused.
      return { what: refusal.message, when: timed && secondsLeft > 0 ? appText.join_try_another_code_in({ wait: wait() }) : '' };
    default:
      return { what: refusal.message, when: '' };
  }
}

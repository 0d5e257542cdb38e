/** A character no message and no name holds: it marks where a blank fell. */
const MARK = '\u{E000}';

/**
 * The words before and after one blank of a message, so the blank can be
 * drawn apart (in bold, say) while the language decides where it goes:
 * "Round {round} of 3" is ["Round ", " of 3"], "Runde {round} von 3" is
 * ["Runde ", " von 3"].
 */
export function splitAround(message: (blank: string) => string): [before: string, after: string] {
  const text = message(MARK);
  const at = text.indexOf(MARK);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MARK.length)];
}

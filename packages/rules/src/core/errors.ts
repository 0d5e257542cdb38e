/**
 * Every way a game can refuse an action, with the message a player sees.
 * Codes are stable: the web app may branch on them. Games add their own below
 * the shared ones, in their own section.
 */
export const ruleErrors = {
  // ── Shared by every game ──────────────────────────────────────────────
  /** The payload is not one of this game's actions, or its fields are wrong. */
  'rule/bad-action': "That move isn't one this game understands.",
  /** The seat number is not a seat of this game. */
  'rule/unknown-seat': "That seat isn't in this game.",
  /** The game has ended; nothing more can be played. */
  'rule/game-over': 'The game is over.',
  /** The game is not waiting for this seat right now. */
  'rule/not-awaited': "It isn't your move right now.",
  /** Another seat is the active player. */
  'rule/not-your-turn': "It's someone else's turn.",
  /** The action is valid in general but not at this step of the game. */
  'rule/wrong-step': "That can't be done at this point of the game.",
  /** A die index is not one of this game's dice. */
  'rule/die-out-of-range': "There's no such die.",
  /** The same die was named twice in one action. */
  'rule/die-repeated': 'Each die can be picked only once.',
  /** The options for a new game are not allowed for this game. */
  'rule/bad-options': "Those options don't fit this game.",
  /** The number of seats is outside what the game supports. */
  'rule/seat-count': "This game can't be played with that many players.",

  // ── wfgts ─────────────────────────────────────────────────────────────
  /** Junk scoring was already used in this game. */
  'rule/junk-used': 'You have already used your junk score this game.',

  // ── ten-phases ────────────────────────────────────────────────────────

  // ── meet-fate ─────────────────────────────────────────────────────────

  // ── pairs-and-wagers ──────────────────────────────────────────────────

  // ── war-pnp ───────────────────────────────────────────────────────────
} as const;

/** A stable code naming why an action was refused. */
export type RuleErrorCode = keyof typeof ruleErrors;

/** A refusal: the code for programs and the message for people. */
export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

/** The refusal for a code, with its user-facing message. */
export function ruleError(code: RuleErrorCode): RuleError {
  return { code, message: ruleErrors[code] };
}

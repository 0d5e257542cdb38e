/**
 * Every way a game can refuse an action, with an English sentence for
 * developers' errors. Only the code travels: players read the web app's own
 * sentence for it, in their language. Codes are stable: the web app may branch on them. Games add their own below
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
  /** The seat has already scored the current round; the next round starts when everyone has. */
  'rule/wfgts-already-scored': "You've scored this round. The next one starts when everyone has.",

  // ── ten-phases ────────────────────────────────────────────────────────
  /** The first roll of a turn rolls all ten dice, so nothing can be set aside yet. */
  'rule/ten-phases-keep-before-first-roll': 'Your first roll uses all ten dice; set dice aside after it.',
  /** A roll that keeps every die would roll nothing; stopping is the way to end the turn. */
  'rule/ten-phases-nothing-to-roll': 'Leave at least one die to roll, or stop here.',
  /** Stopping is only possible once the turn has rolled. */
  'rule/ten-phases-stop-before-roll': 'Roll the dice before you stop.',

  // ── meet-fate ─────────────────────────────────────────────────────────
  /** The box already holds a score on this seat's sheet. */
  'rule/meet-fate-box-filled': 'That box is already filled.',
  /** The turn's three rolls are spent; only filling a box is left. */
  'rule/meet-fate-rolls-used-up': "You've had your three rolls. Pick a box to fill.",
  /** A box was picked before the turn's first roll. */
  'rule/meet-fate-roll-first': 'Roll the dice before you fill a box.',
  /** Dice were kept on a turn's first roll, when there are none on the table yet. */
  'rule/meet-fate-hold-before-roll': 'There are no dice to keep before the first roll.',
  /** Every die was kept, so a roll would change nothing. */
  'rule/meet-fate-all-dice-held': 'Leave at least one die to roll.',

  // ── pairs-and-wagers ──────────────────────────────────────────────────
  /** A Bet to Mid choice in a game played without Bet to Mid. */
  'rule/mid-not-in-play': 'Bet to Mid is not part of this game.',
  /** A Bet to Mid choice after the first turn has begun. */
  'rule/mid-closed': 'Bet to Mid closed when the first turn began.',
  /** A turn action while players are still deciding whether to join Bet to Mid. */
  'rule/mid-choices-open': 'Waiting for everyone to decide on Bet to Mid.',
  /** A wager by a player who had no points banked when the turn began. */
  'rule/wager-needs-points': 'You need a banked point before you can wager.',
  /** A wager that would put more points at stake at once than were banked when the turn began. */
  'rule/stake-limit': "You can't have more points at stake than you had banked when the turn began.",
  /** Bet to Odd after the turn's first roll. */
  'rule/odd-too-late': 'Odd or even must be called before the first roll.',
  /** A second Bet to Odd in the same turn. */
  'rule/odd-already-called': 'You already called odd or even this turn.',
  /** A plain roll after the turn's first roll: further rolls come only from wagers. */
  'rule/already-rolled': 'You already rolled: take the wager on offer or end your turn.',
  /** Bet to Get when there is no roll that scored nothing to retry. */
  'rule/get-needs-miss': 'Bet to Get is only for a roll that scored nothing.',
  /** Bet to Better when there is no scoring roll to improve. */
  'rule/better-needs-score': 'Bet to Better needs a scoring roll to improve.',
  /** Ending the turn before its first roll. */
  'rule/end-before-roll': 'Roll the dice before ending your turn.',

  // ── war-pnp ───────────────────────────────────────────────────────────
  /** The number of developments is not what this step asks for. */
  'rule/war-pick-count': "That isn't the number of boxes you develop now.",
  /** A round's development must be one Powers box and one Points box (a full kind is skipped). */
  'rule/war-develop-pair': 'Develop one Powers box and one Points box.',
  /** The row or column picked for development has no empty box left. */
  'rule/war-full': 'That row or column is already full.',
  /** A Powers row developed for the first time needs a power name. */
  'rule/war-name-needed': 'Name the power of the row you start.',
  /** A power name was given for a row that already has a different one. */
  'rule/war-row-named': 'That row already has its power.',
  /** The activation index is not one of this seat's activations this round. */
  'rule/war-no-activation': "You don't have that activation this round.",
  /** The activation was already declared, or named twice in one declaration. */
  'rule/war-declared': 'That activation has already been declared.',
  /** In the 3+ player variant a turn declares exactly one activation. */
  'rule/war-one-declaration': 'Declare one activation on your turn.',
  /** The effect names a power other than the activated row's. */
  'rule/war-wrong-power': "That isn't the power of the activated row.",
  /** The target is not allowed: yourself where an opponent is needed, or a row the roll did not activate. */
  'rule/war-target': "That target isn't allowed for this power.",
  /** More boxes, values or marks than the power's level gives. */
  'rule/war-too-many': "That's more than this power's level allows.",
  /** The same box, value or mark was named twice in one effect. */
  'rule/war-repeated': 'Each target can be named only once.',
  /** The box or score value already carries a mark. */
  'rule/war-marked': 'That already has a mark.',
  /** Cancel named a mark that is not there. */
  'rule/war-no-mark': "There's no mark there to erase.",
  /** Cancel tried to lower Withering on a column that has none. */
  'rule/war-no-withering': 'That column has no Withering.',
  /** Cancel tried to stop a row with more filled boxes than its own. */
  'rule/war-too-big': 'Cancel only stops a row with no more boxes than its own.',
  /** Grow's gifts to opponents do not add up to what the level gives, or name a non-opponent. */
  'rule/war-gifts': 'Share out exactly the developments Grow gives your opponents.',
  /** A trap was aimed at the player's current score. */
  'rule/war-trap-value': "A trap can't go on the player's current score.",
  /** The Bend is more than the working Bend, or moves the sum outside 2–12. */
  'rule/war-bend': "Your Bend doesn't reach that sum.",
  /** The box to gain from or to remove is not filled. */
  'rule/war-box-empty': "That box isn't filled.",
  /** Gaining nothing is only allowed when the column has no filled box. */
  'rule/war-must-gain': 'Pick one of the filled boxes of your column.',
} as const;

/** A stable code naming why an action was refused. */
export type RuleErrorCode = keyof typeof ruleErrors;

/** A refusal: the code, and its English sentence for developers. */
export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

/** The refusal for a code, with its English sentence. */
export function ruleError(code: RuleErrorCode): RuleError {
  return { code, message: ruleErrors[code] };
}

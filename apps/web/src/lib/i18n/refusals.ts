import type { ErrorCode } from '@rollcall/protocol';
import { waitInWords } from '../join-refusal.js';
import { appText, meetFateText, pairsAndWagersText, tenPhasesText, warPnpText, wfgtsText } from './messages.js';

/** What a refusal comes with besides its code. */
export interface RefusalParams {
  /** For a refusal that lifts by itself: seconds until trying again can work. */
  retryAfterSeconds?: number;
}

/**
 * The sentence for every code the server can refuse with, the room's and the
 * games' rules' alike, in the screen's language. A code with no sentence here
 * fails the typecheck: the server sends codes only, so a screen has nothing
 * else to show. A game's own refusals are in its words, which a screen has
 * loaded whenever that game can refuse it.
 */
export const refusals: Record<ErrorCode, (params: RefusalParams) => string> = {
  'room/bad-request': () => appText.refusal_room_bad_request(),
  'room/too-large': () => appText.refusal_room_too_large(),
  'room/rate-limited': () => appText.refusal_room_rate_limited(),
  'room/not-found': () => appText.refusal_room_not_found(),
  'room/bad-token': () => appText.refusal_room_bad_token(),
  'room/not-lead': () => appText.refusal_room_not_lead(),
  'room/locked': () => appText.refusal_room_locked(),
  'room/no-spectators': () => appText.refusal_room_no_spectators(),
  'room/name-taken': () => appText.refusal_room_name_taken(),
  'room/bad-name': () => appText.refusal_room_bad_name(),
  'room/name-not-allowed': () => appText.refusal_room_name_not_allowed(),
  'room/full': () => appText.refusal_room_full(),
  'room/stale-version': () => appText.refusal_room_stale_version(),
  'room/not-in-lobby': () => appText.refusal_room_not_in_lobby(),
  'room/not-playing': () => appText.refusal_room_not_playing(),
  'room/unknown-game': () => appText.refusal_room_unknown_game(),
  'room/no-game': () => appText.refusal_room_no_game(),
  'room/unknown-seat': () => appText.refusal_room_unknown_seat(),
  'room/seat-occupied': () => appText.refusal_room_seat_occupied(),
  'room/not-awaited': () => appText.refusal_room_not_awaited(),
  'room/lead-here': () => appText.refusal_room_lead_here(),
  'room/seat-in-use': () => appText.refusal_room_seat_in_use(),
  'room/seat-removed': () => appText.refusal_room_seat_removed(),
  'room/seat-moved': () => appText.refusal_room_seat_moved(),
  'room/bot-seat': () => appText.refusal_room_bot_seat(),
  'room/seat-not-away': () => appText.refusal_room_seat_not_away(),
  'room/away-undecided': () => appText.refusal_room_away_undecided(),
  'room/bad-handover': () => appText.refusal_room_bad_handover(),
  'room/no-such-screen': () => appText.refusal_room_no_such_screen(),
  'room/no-seat': () => appText.refusal_room_no_seat(),
  'room/hints-off': () => appText.refusal_room_hints_off(),
  'room/test-only': () => appText.refusal_room_test_only(),
  'room/too-many-rooms': () => appText.refusal_room_too_many_rooms(),
  'room/guessing-slowed': ({ retryAfterSeconds }) =>
    retryAfterSeconds === undefined ? appText.refusal_room_guessing_slowed() : appText.refusal_room_guessing_slowed_wait({ wait: waitInWords(retryAfterSeconds) }),
  'room/too-many-guesses': ({ retryAfterSeconds }) =>
    retryAfterSeconds === undefined ? appText.refusal_room_too_many_guesses() : appText.refusal_room_too_many_guesses_wait({ wait: waitInWords(retryAfterSeconds) }),
  'room/too-many-connections': () => appText.refusal_room_too_many_connections(),
  'room/server-full': () => appText.refusal_room_server_full(),
  'room/audience-full': () => appText.refusal_room_audience_full(),
  'room/too-many-changes': () => appText.refusal_room_too_many_changes(),
  'room/not-in-room': () => appText.refusal_room_not_in_room(),
  'room/unknown-event': () => appText.refusal_room_unknown_event(),
  'room/internal': () => appText.refusal_room_internal(),
  'rule/bad-action': () => appText.refusal_rule_bad_action(),
  'rule/unknown-seat': () => appText.refusal_rule_unknown_seat(),
  'rule/game-over': () => appText.refusal_rule_game_over(),
  'rule/not-awaited': () => appText.refusal_rule_not_awaited(),
  'rule/not-your-turn': () => appText.refusal_rule_not_your_turn(),
  'rule/wrong-step': () => appText.refusal_rule_wrong_step(),
  'rule/die-out-of-range': () => appText.refusal_rule_die_out_of_range(),
  'rule/die-repeated': () => appText.refusal_rule_die_repeated(),
  'rule/bad-options': () => appText.refusal_rule_bad_options(),
  'rule/seat-count': () => appText.refusal_rule_seat_count(),
  'rule/junk-used': () => wfgtsText.refusal_rule_junk_used(),
  'rule/wfgts-already-scored': () => wfgtsText.refusal_rule_wfgts_already_scored(),
  'rule/ten-phases-keep-before-first-roll': () => tenPhasesText.refusal_rule_ten_phases_keep_before_first_roll(),
  'rule/ten-phases-nothing-to-roll': () => tenPhasesText.refusal_rule_ten_phases_nothing_to_roll(),
  'rule/ten-phases-stop-before-roll': () => tenPhasesText.refusal_rule_ten_phases_stop_before_roll(),
  'rule/meet-fate-box-filled': () => meetFateText.refusal_rule_meet_fate_box_filled(),
  'rule/meet-fate-rolls-used-up': () => meetFateText.refusal_rule_meet_fate_rolls_used_up(),
  'rule/meet-fate-roll-first': () => meetFateText.refusal_rule_meet_fate_roll_first(),
  'rule/meet-fate-hold-before-roll': () => meetFateText.refusal_rule_meet_fate_hold_before_roll(),
  'rule/meet-fate-all-dice-held': () => meetFateText.refusal_rule_meet_fate_all_dice_held(),
  'rule/mid-not-in-play': () => pairsAndWagersText.refusal_rule_mid_not_in_play(),
  'rule/mid-closed': () => pairsAndWagersText.refusal_rule_mid_closed(),
  'rule/mid-choices-open': () => pairsAndWagersText.refusal_rule_mid_choices_open(),
  'rule/wager-needs-points': () => pairsAndWagersText.refusal_rule_wager_needs_points(),
  'rule/stake-limit': () => pairsAndWagersText.refusal_rule_stake_limit(),
  'rule/odd-too-late': () => pairsAndWagersText.refusal_rule_odd_too_late(),
  'rule/odd-already-called': () => pairsAndWagersText.refusal_rule_odd_already_called(),
  'rule/already-rolled': () => pairsAndWagersText.refusal_rule_already_rolled(),
  'rule/get-needs-miss': () => pairsAndWagersText.refusal_rule_get_needs_miss(),
  'rule/better-needs-score': () => pairsAndWagersText.refusal_rule_better_needs_score(),
  'rule/end-before-roll': () => pairsAndWagersText.refusal_rule_end_before_roll(),
  'rule/war-pick-count': () => warPnpText.refusal_rule_war_pick_count(),
  'rule/war-develop-pair': () => warPnpText.refusal_rule_war_develop_pair(),
  'rule/war-full': () => warPnpText.refusal_rule_war_full(),
  'rule/war-name-needed': () => warPnpText.refusal_rule_war_name_needed(),
  'rule/war-row-named': () => warPnpText.refusal_rule_war_row_named(),
  'rule/war-no-activation': () => warPnpText.refusal_rule_war_no_activation(),
  'rule/war-declared': () => warPnpText.refusal_rule_war_declared(),
  'rule/war-one-declaration': () => warPnpText.refusal_rule_war_one_declaration(),
  'rule/war-wrong-power': () => warPnpText.refusal_rule_war_wrong_power(),
  'rule/war-target': () => warPnpText.refusal_rule_war_target(),
  'rule/war-too-many': () => warPnpText.refusal_rule_war_too_many(),
  'rule/war-repeated': () => warPnpText.refusal_rule_war_repeated(),
  'rule/war-marked': () => warPnpText.refusal_rule_war_marked(),
  'rule/war-no-mark': () => warPnpText.refusal_rule_war_no_mark(),
  'rule/war-no-withering': () => warPnpText.refusal_rule_war_no_withering(),
  'rule/war-too-big': () => warPnpText.refusal_rule_war_too_big(),
  'rule/war-gifts': () => warPnpText.refusal_rule_war_gifts(),
  'rule/war-trap-value': () => warPnpText.refusal_rule_war_trap_value(),
  'rule/war-bend': () => warPnpText.refusal_rule_war_bend(),
  'rule/war-box-empty': () => warPnpText.refusal_rule_war_box_empty(),
  'rule/war-must-gain': () => warPnpText.refusal_rule_war_must_gain(),
};

/** What a screen says for a refusal, read in the screen's language when called. */
export function refusalText(code: ErrorCode, params: RefusalParams = {}): string {
  return refusals[code](params);
}

/**
 * Whether this version of the app has words for a code (a newer server may
 * send one it does not). Asked of the map above rather than the protocol's
 * lists, which would bring the rules' English sentences into the download.
 */
export function isRefusalCode(code: string): code is ErrorCode {
  return Object.hasOwn(refusals, code);
}

import type { ErrorCode } from '@rollcall/protocol';
import { waitInWords } from '../join-refusal.js';
import { appText } from './messages.js';

/** What a refusal comes with besides its code. */
export interface RefusalParams {
  /** For a refusal that lifts by itself: seconds until trying again can work. */
  retryAfterSeconds?: number;
}

/**
 * The sentence for every code the server can refuse with, the room's and the
 * games' rules' alike, in the screen's language. A code with no sentence here
 * fails the typecheck: the server sends codes only, so a screen has nothing
 * else to show.
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
  'rule/junk-used': () => appText.refusal_rule_junk_used(),
  'rule/wfgts-already-scored': () => appText.refusal_rule_wfgts_already_scored(),
  'rule/ten-phases-keep-before-first-roll': () => appText.refusal_rule_ten_phases_keep_before_first_roll(),
  'rule/ten-phases-nothing-to-roll': () => appText.refusal_rule_ten_phases_nothing_to_roll(),
  'rule/ten-phases-stop-before-roll': () => appText.refusal_rule_ten_phases_stop_before_roll(),
  'rule/meet-fate-box-filled': () => appText.refusal_rule_meet_fate_box_filled(),
  'rule/meet-fate-rolls-used-up': () => appText.refusal_rule_meet_fate_rolls_used_up(),
  'rule/meet-fate-roll-first': () => appText.refusal_rule_meet_fate_roll_first(),
  'rule/meet-fate-hold-before-roll': () => appText.refusal_rule_meet_fate_hold_before_roll(),
  'rule/meet-fate-all-dice-held': () => appText.refusal_rule_meet_fate_all_dice_held(),
  'rule/mid-not-in-play': () => appText.refusal_rule_mid_not_in_play(),
  'rule/mid-closed': () => appText.refusal_rule_mid_closed(),
  'rule/mid-choices-open': () => appText.refusal_rule_mid_choices_open(),
  'rule/wager-needs-points': () => appText.refusal_rule_wager_needs_points(),
  'rule/stake-limit': () => appText.refusal_rule_stake_limit(),
  'rule/odd-too-late': () => appText.refusal_rule_odd_too_late(),
  'rule/odd-already-called': () => appText.refusal_rule_odd_already_called(),
  'rule/already-rolled': () => appText.refusal_rule_already_rolled(),
  'rule/get-needs-miss': () => appText.refusal_rule_get_needs_miss(),
  'rule/better-needs-score': () => appText.refusal_rule_better_needs_score(),
  'rule/end-before-roll': () => appText.refusal_rule_end_before_roll(),
  'rule/war-pick-count': () => appText.refusal_rule_war_pick_count(),
  'rule/war-develop-pair': () => appText.refusal_rule_war_develop_pair(),
  'rule/war-full': () => appText.refusal_rule_war_full(),
  'rule/war-name-needed': () => appText.refusal_rule_war_name_needed(),
  'rule/war-row-named': () => appText.refusal_rule_war_row_named(),
  'rule/war-no-activation': () => appText.refusal_rule_war_no_activation(),
  'rule/war-declared': () => appText.refusal_rule_war_declared(),
  'rule/war-one-declaration': () => appText.refusal_rule_war_one_declaration(),
  'rule/war-wrong-power': () => appText.refusal_rule_war_wrong_power(),
  'rule/war-target': () => appText.refusal_rule_war_target(),
  'rule/war-too-many': () => appText.refusal_rule_war_too_many(),
  'rule/war-repeated': () => appText.refusal_rule_war_repeated(),
  'rule/war-marked': () => appText.refusal_rule_war_marked(),
  'rule/war-no-mark': () => appText.refusal_rule_war_no_mark(),
  'rule/war-no-withering': () => appText.refusal_rule_war_no_withering(),
  'rule/war-too-big': () => appText.refusal_rule_war_too_big(),
  'rule/war-gifts': () => appText.refusal_rule_war_gifts(),
  'rule/war-trap-value': () => appText.refusal_rule_war_trap_value(),
  'rule/war-bend': () => appText.refusal_rule_war_bend(),
  'rule/war-box-empty': () => appText.refusal_rule_war_box_empty(),
  'rule/war-must-gain': () => appText.refusal_rule_war_must_gain(),
};

/** What a screen says for a refusal, read in the screen's language when called. */
export function refusalText(code: ErrorCode, params: RefusalParams = {}): string {
  return refusals[code](params);
}

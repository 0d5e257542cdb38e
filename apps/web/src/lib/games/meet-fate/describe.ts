import { meetFate } from '@rollcall/rules/catalogue';
import { formatList } from '$lib/i18n/format.js';
import { meetFateText } from '$lib/i18n/messages.js';

/**
 * Words and figures for the Meet Fate screens: how each box is explained on a
 * small screen, what the roll button says, which dice should tumble. The
 * scores themselves always come from the rules module's view.
 */

type BoxId = meetFate.BoxId;

/** A section of the sheet with the words that head it. */
export interface SheetSection {
  section: 1 | 2 | 3;
  readonly title: string;
  /** How every box of the section scores, in one line. */
  readonly rule: string;
  boxes: meetFate.BoxInfo[];
}

const sectionWords: Record<1 | 2 | 3, { title: () => string; rule: () => string }> = {
  1: { title: () => meetFateText.sheet_numbers_title(), rule: () => meetFateText.sheet_numbers_rule() },
  2: { title: () => meetFateText.sheet_sum_title(), rule: () => meetFateText.sheet_sum_rule() },
  3: { title: () => meetFateText.sheet_fixed_title(), rule: () => meetFateText.sheet_fixed_rule() },
};

/** The sheet's three sections in order, each with its boxes in sheet order; the words are read in the screen's language when shown. */
export const sheetSections: readonly SheetSection[] = ([1, 2, 3] as const).map((section) => ({
  section,
  get title() {
    return sectionWords[section].title();
  },
  get rule() {
    return sectionWords[section].rule();
  },
  boxes: meetFate.BOXES.filter((b) => b.section === section),
}));

/** Each box's name and the short line saying what it asks for, as the table calls them. */
const boxWords: Record<BoxId, { name: () => string; hint: (points: number) => string }> = {
  ones: { name: () => meetFateText.box_ones(), hint: () => meetFateText.box_hint_number({ face: 1 }) },
  twos: { name: () => meetFateText.box_twos(), hint: () => meetFateText.box_hint_number({ face: 2 }) },
  threes: { name: () => meetFateText.box_threes(), hint: () => meetFateText.box_hint_number({ face: 3 }) },
  fours: { name: () => meetFateText.box_fours(), hint: () => meetFateText.box_hint_number({ face: 4 }) },
  fives: { name: () => meetFateText.box_fives(), hint: () => meetFateText.box_hint_number({ face: 5 }) },
  sixes: { name: () => meetFateText.box_sixes(), hint: () => meetFateText.box_hint_number({ face: 6 }) },
  sevens: { name: () => meetFateText.box_sevens(), hint: () => meetFateText.box_hint_number({ face: 7 }) },
  eights: { name: () => meetFateText.box_eights(), hint: () => meetFateText.box_hint_number({ face: 8 }) },
  'two-pair': { name: () => meetFateText.box_two_pair(), hint: () => meetFateText.box_hint_two_pair() },
  'three-pair': { name: () => meetFateText.box_three_pair(), hint: () => meetFateText.box_hint_three_pair() },
  'three-of-a-kind': { name: () => meetFateText.box_three_of_a_kind(), hint: () => meetFateText.box_hint_three_of_a_kind() },
  'four-of-a-kind': { name: () => meetFateText.box_four_of_a_kind(), hint: () => meetFateText.box_hint_four_of_a_kind() },
  chance: { name: () => meetFateText.box_chance(), hint: () => meetFateText.box_hint_chance() },
  'small-straight': { name: () => meetFateText.box_small_straight(), hint: (points) => meetFateText.box_hint_small_straight({ points }) },
  'large-straight': { name: () => meetFateText.box_large_straight(), hint: (points) => meetFateText.box_hint_large_straight({ points }) },
  'full-house': { name: () => meetFateText.box_full_house(), hint: (points) => meetFateText.box_hint_full_house({ points }) },
  trips: { name: () => meetFateText.box_trips(), hint: (points) => meetFateText.box_hint_trips({ points }) },
  'five-of-a-kind': { name: () => meetFateText.box_five_of_a_kind(), hint: (points) => meetFateText.box_hint_five_of_a_kind({ points }) },
  'six-of-a-kind': { name: () => meetFateText.box_six_of_a_kind(), hint: (points) => meetFateText.box_hint_six_of_a_kind({ points }) },
};

/** The face a number box counts (Threes → 3), or null for a pattern box. */
export function faceOf(box: BoxId): number | null {
  const info = meetFate.BOXES.find((b) => b.id === box);
  return info?.section === 1 ? meetFate.BOX_IDS.indexOf(box) + 1 : null;
}

/** A short line under a box's name saying how it scores, e.g. "add the 3s", "5 in a row · 30". */
export function boxHint(box: BoxId): string {
  return boxWords[box].hint(meetFate.BOXES.find((b) => b.id === box)?.points ?? 0);
}

/** The name people read for a box. */
export function boxName(box: BoxId): string {
  return boxWords[box].name();
}

/** What the roll button says, given the rolls made this turn and how many dice are picked to keep. */
export function rollLabel(rolls: number, kept: number): string {
  if (rolls === 0) return meetFateText.roll_first();
  if (kept >= meetFate.DICE_COUNT) return meetFateText.roll_unkeep();
  if (kept === 0) return meetFateText.roll_all_again();
  return meetFateText.roll_some({ rolled: meetFate.DICE_COUNT - kept, kept });
}

/** What the fill button says for a box and the score it would take. */
export function fillLabel(box: BoxId, score: number): string {
  return meetFateText.roll_fill({ score, box: boxName(box) });
}

/** The open boxes worth highlighting: the view's best ones, unless even the best scores nothing. */
export function highlighted(preview: readonly { box: BoxId; score: number }[], best: readonly BoxId[]): Set<BoxId> {
  const top = Math.max(0, ...preview.map((p) => p.score));
  return new Set(top > 0 ? best : []);
}

/**
 * Which roll each die last tumbled on, so a kept die stays still while the
 * others roll. `previous` is the last answer; a new turn starts afresh.
 */
export function tumbleKeys(previous: readonly string[], turn: string, rolls: number, held: readonly number[]): string[] {
  return Array.from({ length: meetFate.DICE_COUNT }, (_, i) => {
    const before = previous[i];
    const keptSince = held.includes(i) && before !== undefined && before.startsWith(`${turn}:`);
    return keptSince ? before : `${turn}:${rolls}`;
  });
}

/** "roll 2 of 3", or "not rolled yet". */
export function rollCount(rolls: number): string {
  return rolls === 0 ? meetFateText.roll_none() : meetFateText.roll_count({ rolls, max: meetFate.MAX_ROLLS });
}

/**
 * The phone's hint in words, as advice beside the buttons: the optimal
 * strategy's keep ("Keep 8 8 8 and roll again (scoring now, Eights is
 * best)"), or the box it fills. `dice` are those on the table, `best` the box
 * they score best in now.
 */
export function hintLabel(action: meetFate.MeetFateAction, dice: readonly number[], best: BoxId | null): string {
  if (action.type === 'fill') return meetFateText.hint_fill({ box: boxName(action.box) });
  const kept = action.hold
    .map((i) => dice[i])
    .filter((d) => d !== undefined)
    .join(' ');
  if (best === null) return kept === '' ? meetFateText.roll_all_again() : meetFateText.hint_keep({ dice: kept });
  const box = boxName(best);
  return kept === '' ? meetFateText.hint_reroll_best({ box }) : meetFateText.hint_keep_best({ dice: kept, box });
}

/** What the player last did on this roll: tapped dice to keep, or picked a box. */
export type Touched = 'dice' | 'box' | null;

/**
 * Which button is the big one after a roll, roll again or score: what the
 * player last did on this roll says what they are about to do; until then the
 * hint's move, so the button never says the opposite of the hint; with no
 * hint, scoring the best box. No rolls left leaves only scoring.
 */
export function mainAction(rollsLeft: number, touched: Touched, hint: meetFate.MeetFateAction | null): 'roll' | 'fill' {
  if (rollsLeft === 0) return 'fill';
  if (touched !== null) return touched === 'dice' ? 'roll' : 'fill';
  return hint?.type === 'roll' ? 'roll' : 'fill';
}

/** Where a die stands on a phone: kept for the next roll, going back in, or only shown (someone else's turn). */
export type DieState = 'kept' | 'to-roll' | 'shown';

/** A die's spoken name: its place in the row, its face and its state, e.g. "Die 3: 5, kept". */
export function dieName(position: number, face: number | null, state: DieState): string {
  const n = position + 1;
  if (face === null) return meetFateText.die_unrolled({ n });
  if (state === 'kept') return meetFateText.die_kept({ n, face });
  return state === 'to-roll' ? meetFateText.die_to_roll({ n, face }) : meetFateText.die_face({ n, face });
}

/**
 * A roll read out once the dice settle: the roller hears the dice and the
 * best box now, everyone else whose dice they are. `who` is null for this
 * phone's own roll.
 */
export function rollNews(
  who: string | null,
  dice: readonly (number | null)[],
  rolls: number,
  preview: readonly { box: BoxId; score: number }[],
  best: readonly BoxId[],
): string {
  const faces = formatList(dice.map((d) => String(d ?? '')));
  const at = { rolls, max: meetFate.MAX_ROLLS, dice: faces };
  if (who !== null) return meetFateText.say_roll_theirs({ ...at, name: who });
  const top = best[0];
  const score = preview.find((p) => p.box === top)?.score ?? 0;
  return top === undefined || score === 0 ? meetFateText.say_roll_mine_nothing(at) : meetFateText.say_roll_mine({ ...at, score, box: boxName(top) });
}

/** A box filled, read out: who scored what where, and their total now. `who` is null for this phone's own seat. */
export function fillNews(who: string | null, fill: Pick<meetFate.LastFill, 'box' | 'score'>, total: number): string {
  const words = { score: fill.score, box: boxName(fill.box), total };
  return who === null ? meetFateText.say_fill_you(words) : meetFateText.say_fill({ ...words, name: who });
}

import { meetFate } from '@rollcall/rules/catalogue';

/**
 * Words and figures for the Meet Fate screens: how each box is explained on a
 * small screen, what the roll button says, which dice should tumble. The
 * scores themselves always come from the rules module's view.
 */

type BoxId = meetFate.BoxId;

/** A section of the sheet with the words that head it. */
export interface SheetSection {
  section: 1 | 2 | 3;
  title: string;
  /** How every box of the section scores, in one line. */
  rule: string;
  boxes: meetFate.BoxInfo[];
}

const sectionWords: Record<1 | 2 | 3, { title: string; rule: string }> = {
  1: { title: 'Numbers', rule: 'Add up the dice showing that number.' },
  2: { title: 'Sum of all dice', rule: 'All six dice added up, if the pattern is there.' },
  3: { title: 'Fixed points', rule: 'The points shown, if the pattern is there.' },
};

/** The sheet's three sections in order, each with its boxes in sheet order. */
export const sheetSections: readonly SheetSection[] = ([1, 2, 3] as const).map((section) => ({
  section,
  ...sectionWords[section],
  boxes: meetFate.BOXES.filter((b) => b.section === section),
}));

// What each pattern box asks for, in as few words as a phone row allows.
const patterns: Partial<Record<BoxId, string>> = {
  'two-pair': '2 pairs',
  'three-pair': '3 pairs',
  'three-of-a-kind': '3 alike',
  'four-of-a-kind': '4 alike',
  chance: 'any dice',
  'small-straight': '5 in a row',
  'large-straight': '6 in a row',
  'full-house': '3 alike + a pair',
  trips: '2 sets of 3',
  'five-of-a-kind': '5 alike',
  'six-of-a-kind': '6 alike',
};

/** The face a number box counts (Threes → 3), or null for a pattern box. */
export function faceOf(box: BoxId): number | null {
  const info = meetFate.BOXES.find((b) => b.id === box);
  return info?.section === 1 ? meetFate.BOX_IDS.indexOf(box) + 1 : null;
}

/** A short line under a box's name saying how it scores, e.g. "add the 3s", "5 in a row · 30". */
export function boxHint(box: BoxId): string {
  const info = meetFate.BOXES.find((b) => b.id === box);
  if (info === undefined) return '';
  if (info.section === 1) return `add the ${faceOf(box) ?? ''}s`;
  const pattern = patterns[box] ?? '';
  return info.section === 2 ? `${pattern} · sum` : `${pattern} · ${info.points ?? 0}`;
}

/** The name people read for a box. */
export function boxName(box: BoxId): string {
  return meetFate.BOXES.find((b) => b.id === box)?.name ?? box;
}

/** What the roll button says, given the rolls made this turn and how many dice are picked to keep. */
export function rollLabel(rolls: number, kept: number): string {
  if (rolls === 0) return 'Roll all six dice';
  if (kept >= meetFate.DICE_COUNT) return 'Unkeep a die to roll';
  if (kept === 0) return 'Roll all six again';
  const rolled = meetFate.DICE_COUNT - kept;
  return `Roll ${rolled} ${rolled === 1 ? 'die' : 'dice'}, keep ${kept}`;
}

/** What the fill button says for a box and the score it would take. */
export function fillLabel(box: BoxId, score: number): string {
  return `Score ${score} in ${boxName(box)}`;
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

/** "roll 2 of 3". */
export function rollCount(rolls: number): string {
  return `roll ${rolls} of ${meetFate.MAX_ROLLS}`;
}

/**
 * The phone's hint in words, as advice beside the buttons: the optimal
 * strategy's keep ("Keep 8 8 8 and roll again (scoring now, Eights is
 * best)"), or the box it fills. `dice` are those on the table, `best` the box
 * they score best in now.
 */
export function hintLabel(action: meetFate.MeetFateAction, dice: readonly number[], best: BoxId | null): string {
  if (action.type === 'fill') return `Score it in ${boxName(action.box)}`;
  const kept = action.hold.map((i) => dice[i]).filter((d) => d !== undefined);
  const roll = kept.length === 0 ? 'Roll all six again' : `Keep ${kept.join(' ')} and roll again`;
  return best === null ? roll : `${roll} (scoring now, ${boxName(best)} is best)`;
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

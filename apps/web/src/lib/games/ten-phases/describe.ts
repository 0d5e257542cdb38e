import { tenPhases } from '@rollcall/rules/catalogue';
import { currentLocale } from '$lib/i18n/locale.svelte.js';
import { formatList, formatNumber } from '$lib/i18n/format.js';
import { tenPhasesText } from '$lib/i18n/messages.js';
import type { NameOf } from '../../seat-names.js';

/**
 * Words and small figures for the Ten Phases screens, kept apart from the
 * components so they can be checked against the rules' own examples. Scores
 * always come from the rules module (the view's `best` and `lastTurn`); this
 * file only says them in words.
 */

type DieView = tenPhases.DieView;
type ScoredGroup = tenPhases.ScoredGroup;
type PhaseScore = tenPhases.PhaseScore;
type TenPhasesView = tenPhases.TenPhasesView;

/** The colours by index, as the messages name them. */
const colourKeys = ['red', 'orange', 'green', 'blue'] as const satisfies Record<tenPhases.Colour, string>;

/** The name of a colour, e.g. "orange". */
export function colourName(colour: tenPhases.Colour): string {
  return tenPhasesText[`colour_${colourKeys[colour]}`]();
}

/** The symbol drawn with a colour, so it is never told by colour alone. */
export function colourSymbol(colour: tenPhases.Colour): string {
  return tenPhases.COLOURS[colour].symbol;
}

/** What a die's face shows: its number, or the wild's letter (W in English). */
export function faceText(value: number | null): string {
  return value === null ? tenPhasesText.face_wild() : String(value);
}

/** Where a die is in the tray, by ear: set aside, free to roll, or only shown (not this phone's turn). */
export type DieState = 'aside' | 'free' | 'shown';

/** A die as a screen reader says it, e.g. "High die 3: 8, orange, set aside", and the group of the phase it is used in. */
export function spokenDie(die: DieView, state: DieState = 'shown', group?: number): string {
  const said = tenPhasesText.die_spoken({
    kind: die.kind,
    state,
    position: die.kind === 'high' ? die.die + 1 : die.die - tenPhases.FIRST_LOW + 1,
    face: die.value === null ? tenPhasesText.die_wild() : die.value,
    colour: colourName(die.colour),
  });
  return group === undefined ? said : tenPhasesText.die_used({ die: said, group: groupLetter(group) });
}

/** What a phase asks for, e.g. "2 sets of 3"; past Phase 10, that all are made. */
export function phaseNeeds(phase: number): string {
  const needs = [
    tenPhasesText.phase_needs_1,
    tenPhasesText.phase_needs_2,
    tenPhasesText.phase_needs_3,
    tenPhasesText.phase_needs_4,
    tenPhasesText.phase_needs_5,
    tenPhasesText.phase_needs_6,
    tenPhasesText.phase_needs_7,
    tenPhasesText.phase_needs_8,
    tenPhasesText.phase_needs_9,
    tenPhasesText.phase_needs_10,
  ];
  return (needs[phase - 1] ?? tenPhasesText.phase_needs_done)();
}

/** A letter per group of a made phase, so its dice can be tagged without colour. */
export function groupLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** For each die used by a made phase, the index of its group. */
export function groupByDie(score: PhaseScore | null): Map<number, number> {
  const byDie = new Map<number, number>();
  score?.groups.forEach((group, g) => {
    for (const die of group.dice) byDie.set(die, g);
  });
  return byDie;
}

/** One group of a made phase in words, e.g. "Set of three 8s (1 wild)" or "Run 4 to 10". */
export function groupTitle(group: ScoredGroup, dice: readonly DieView[]): string {
  const wilds = group.dice.filter((d) => dice[d]?.value === null).length;
  const title = titleOf(group);
  return wilds === 0 ? title : tenPhasesText.group_with_wilds({ group: title, count: wilds });
}

function titleOf(group: ScoredGroup): string {
  switch (group.kind) {
    case 'set':
      return tenPhasesText.group_set({ count: group.size, number: group.number });
    case 'run':
      return tenPhasesText.group_run({ from: group.from, to: group.from + group.size - 1 });
    case 'colour':
      return tenPhasesText.group_colour({ colour: colourKeys[group.colour], count: group.size, symbol: colourSymbol(group.colour) });
  }
}

/** The live line under the dice: what they make for the phase right now. */
export function previewText(phase: number, best: PhaseScore | null): string {
  if (best !== null) return tenPhasesText.preview_made({ phase, count: best.score });
  return tenPhasesText.preview_not_yet({ phase, needs: phaseNeeds(phase) });
}

/** The roll button, e.g. "Roll all 10 dice" or "Last roll: 7 dice (3 set aside)". */
export function rollLabel(rolls: number, setAside: number): string {
  const total = tenPhases.DICE.length;
  if (setAside >= total) return tenPhasesText.roll_all_aside();
  const last = rolls > 0 && rolls === tenPhases.MAX_ROLLS - 1;
  const some = { count: total - setAside, aside: setAside };
  if (setAside === 0) return last ? tenPhasesText.roll_last_all({ total }) : tenPhasesText.roll_all({ total });
  return last ? tenPhasesText.roll_last_some(some) : tenPhasesText.roll_some(some);
}

/** The stop button: what stopping now would score. */
export function stopLabel(best: PhaseScore | null): string {
  return best === null ? tenPhasesText.stop_nothing() : tenPhasesText.stop_score({ score: formatNumber(best.score) });
}

/**
 * How a finished turn went, in one sentence naming the player, or speaking to
 * them when `you` (the verb agrees with the person in most languages). A turn
 * earns at most one bonus: the five-phase one at Phase 5, the first-finish one at 10.
 */
export function turnResultText(result: tenPhases.TurnResultView, name: string, you = false): string {
  const who = you ? 'you' : 'other';
  const { phase } = result;
  if (result.made === null) {
    return result.penalty > 0
      ? tenPhasesText.result_missed_penalty({ who, name, phase, penalty: result.penalty })
      : tenPhasesText.result_missed({ who, name, phase });
  }
  const score = formatNumber(result.made.score);
  if (result.fivePhaseBonus > 0) return tenPhasesText.result_made_five({ who, name, phase, score, bonus: result.fivePhaseBonus });
  if (result.firstFinishBonus > 0) return tenPhasesText.result_made_first({ who, name, phase, score, bonus: result.firstFinishBonus });
  return tenPhasesText.result_made({ who, name, phase, score });
}

/** A roll by ear once the dice settle: "Ann rolled 8, 8, wild, …" (or "You rolled"), in the dice's order; a wild is said as a word, not its letter. */
export function rollSaid(dice: readonly DieView[], name: string, you: boolean): string {
  const faces = dice.map((d) => (d.value === null ? tenPhasesText.die_wild() : String(d.value)));
  return tenPhasesText.said_rolled({ who: you ? 'you' : 'other', name, faces: formatList(faces) });
}

/** A seat's place in the turn order with the roll-off dice that put it there. */
export interface OrderEntry {
  seat: number;
  /** 1 for the first player. */
  position: number;
  /** This seat's roll in each roll-off round it took part in. */
  rolls: number[];
}

/** The turn order with each seat's roll-off dice (first roll, then any tie-breaks). */
export function turnOrder(view: Pick<TenPhasesView, 'order' | 'rollOff'>): OrderEntry[] {
  return view.order.map((seat, i) => ({
    seat,
    position: i + 1,
    rolls: view.rollOff.flatMap((round) => round.filter((r) => r.seat === seat).map((r) => r.value)),
  }));
}

/** A seat's roll-off dice in words, e.g. "rolled 9, tie-break 6". */
export function rollOffText(rolls: readonly number[]): string {
  const [first, ...again] = rolls;
  if (first === undefined) return tenPhasesText.rolloff_none();
  if (again.length === 0) return tenPhasesText.rolloff_one({ first });
  return tenPhasesText.rolloff_again({ first, count: again.length, again: formatList(again.map(formatNumber)) });
}

/** Where a seat stands once someone has made Phase 10. */
export type EndStatus = 'finished first' | 'final run now' | 'final run next' | 'final run done';

/** Each seat's part in the end of the game, in turn order from the first finisher; empty before anyone finishes. */
export function endSequence(
  view: Pick<TenPhasesView, 'order' | 'firstFinisher' | 'finalQueue' | 'stage'>,
): { seat: number; status: EndStatus }[] {
  const first = view.firstFinisher;
  if (first === null) return [];
  const at = view.order.indexOf(first);
  const round = [...view.order.slice(at), ...view.order.slice(0, at)];
  return round.map((seat) => {
    if (seat === first) return { seat, status: 'finished first' };
    const place = view.finalQueue.indexOf(seat);
    if (view.stage === 'over' || place === -1) return { seat, status: 'final run done' };
    return { seat, status: place === 0 ? 'final run now' : 'final run next' };
  });
}

/**
 * What a scorepad cell says of one phase on a seat's sheet: its score once made; the phase the seat
 * is on while the game goes on (being rolled now, or its current one); once the game is over, the
 * phase where the seat stopped, since nobody is still trying it; a phase not reached yet.
 */
export type PhaseCell =
  | { state: 'made'; score: number }
  | { state: 'rolling' | 'current' | 'stopped' | 'later' };

/** The cell of `phase` on `sheet`; `active` is the seat rolling now (null between turns), `over` a finished game. */
export function phaseCell(
  sheet: Pick<tenPhases.SheetView, 'seat' | 'scores' | 'phase'>,
  phase: number,
  table: { active: number | null; over: boolean },
): PhaseCell {
  const score = sheet.scores[phase - 1] ?? null;
  if (score !== null) return { state: 'made', score };
  if (sheet.phase !== phase) return { state: 'later' };
  if (table.over) return { state: 'stopped' };
  return { state: sheet.seat === table.active ? 'rolling' : 'current' };
}

/** What a die was last moved by, so screens tumble exactly the dice a new roll threw. */
export interface TableShown {
  /** Whose turn and which of their turns, e.g. "1:4". */
  turn: string;
  /** 1–2 while the turn is on; 'end' for a finished turn's final dice. */
  roll: number | 'end';
  faces: number[];
  /** Which dice were set aside on the latest roll (unknown for a finished turn). */
  kept: boolean[] | null;
  /** One counter per die; it goes up each time the die is thrown. */
  tumbles: number[];
}

/**
 * The tumble counters for newly shown dice. A new turn throws every die; the
 * second roll throws the dice not set aside; the end of a turn shows the third
 * roll's dice, whose set-aside dice are not in the view, so a die tumbles when
 * its face changed (and nothing tumbles after a stop).
 */
export function nextTumbles(previous: TableShown | null, next: Omit<TableShown, 'tumbles'>): number[] {
  const count = (d: number) => previous?.tumbles[d] ?? 0;
  if (previous === null || previous.turn !== next.turn) return next.faces.map((_, d) => count(d) + 1);
  if (previous.roll === next.roll) return [...previous.tumbles];
  return next.faces.map((face, d) => {
    const thrown = next.kept !== null ? !next.kept[d] : previous.faces[d] !== face;
    return count(d) + (thrown ? 1 : 0);
  });
}

/** Each seat's total after each of its turns, for the end-of-game chart. */
export function chartSeries(
  view: Pick<TenPhasesView, 'sheets'>,
  nameOf: NameOf,
): { seat: number; name: string; totals: number[] }[] {
  return view.sheets.map((sheet) => ({ seat: sheet.seat, name: nameOf(sheet.seat), totals: [...sheet.running] }));
}

/** The dice on the table for the screens: the turn being played, or else the last finished turn. */
export interface TableDice {
  seat: number;
  phase: number;
  dice: DieView[];
  /** What these dice make for the phase (live), or made (finished turn). */
  best: PhaseScore | null;
  /** Rolls made in the live turn, or 'end' for a finished turn. */
  roll: number | 'end';
  /** Whose turn and which of their turns, e.g. "1:4". */
  turn: string;
  live: boolean;
}

/** The dice a screen should show now, or null before anyone has rolled. */
export function tableDice(view: Pick<TenPhasesView, 'turn' | 'lastTurn' | 'sheets'>): TableDice | null {
  const turnsPlayed = (seat: number) => view.sheets[seat]?.running.length ?? 0;
  const { turn, lastTurn } = view;
  if (turn !== null && turn.dice.length > 0) {
    return {
      seat: turn.seat,
      phase: turn.phase,
      dice: turn.dice,
      best: turn.best,
      roll: turn.rolls,
      turn: `${turn.seat}:${turnsPlayed(turn.seat)}`,
      live: true,
    };
  }
  if (lastTurn === null) return null;
  return {
    seat: lastTurn.seat,
    phase: lastTurn.phase,
    dice: lastTurn.dice,
    best: lastTurn.made,
    roll: 'end',
    turn: `${lastTurn.seat}:${turnsPlayed(lastTurn.seat) - 1}`,
    live: false,
  };
}

/**
 * The phone's hint in words: the keep the bot would make with its chance to
 * make the phase this turn, or why it stops.
 */
export function hintText(action: tenPhases.TenPhasesAction, chance: number | null): string {
  if (action.type === 'stop') return chance === 1 ? tenPhasesText.hint_stop_made() : tenPhasesText.hint_stop_nothing();
  const count = action.keep.length;
  if (chance === 1) return tenPhasesText.hint_keep_made();
  if (chance === null) return tenPhasesText.hint_keep({ count });
  const percent = new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(chance);
  return tenPhasesText.hint_keep_chance({ count, chance: percent });
}

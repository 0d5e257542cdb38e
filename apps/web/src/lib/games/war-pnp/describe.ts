import { warPnp, type Hint } from '@rollcall/rules/catalogue';
import { formatList } from '$lib/i18n/format.js';
import { currentLocale } from '$lib/i18n/locale.svelte.js';
import { warPnpText } from '$lib/i18n/messages.js';
import type { NameOf } from '../../seat-names.js';

/**
 * Words for the Powers 'n Points screens: ranks, marks, what a power does at
 * a level, and what a declared effect or a round did, in sentences people
 * read from a sofa, in the screen's language (`messages/war-pnp/`). Kept
 * apart from the components so they can be tested.
 */

type Effect = warPnp.Effect;
type MarkRef = warPnp.MarkRef;
type PointsMark = warPnp.PointsMark;
type PowerName = warPnp.PowerName;

const numerals = ['i', 'ii', 'iii', 'iv', 'v', 'vi'];

/** Where the game is: setting up, or its round (of the rounds a hard-decisions game has). */
export function roundTitle(play: { round: number; options: { hardDecisions?: boolean } }): string {
  if (play.round === 0) return warPnpText.phone_setting_up();
  if (play.options.hardDecisions) return warPnpText.phone_round_of({ round: play.round, total: warPnp.HARD_DECISIONS_ROUNDS });
  return warPnpText.phone_round({ round: play.round });
}

/** A rank or level as the sheet prints it: 1 → "i"; 0 (no box) → "–". */
export function roman(rank: number): string {
  return numerals[rank - 1] ?? '–';
}

/** How the screens name players: by their seat's name; `me` is the phone's own seat, or null on the TV. */
export interface Names {
  name(seat: number): string;
  me: number | null;
}

/** Names from the seats' display names, for the phone of seat `me` or (null) the TV. */
export function namesFor(nameOf: NameOf, me: number | null = null): Names {
  return { name: nameOf, me };
}

/** Whether a seat is the phone's own, as the messages that say "your" select it. */
const mine = (names: Names, seat: number) => (seat === names.me ? 'yes' : 'no');

/** A power's name as players see it, or "Unnamed" for a row not started. */
export function powerLabel(name: PowerName | null): string {
  return name === null ? warPnpText.power_unnamed() : warPnpText[`power_${name}`]();
}

/** A Points column as spoken: "2 or 12", "7". */
export function columnWords(column: warPnp.ColumnId): string {
  const [low = column, high] = column.split('/');
  return high === undefined ? column : warPnpText.column_words({ low, high });
}

/** A Points mark as the sheet prints it: "2x", "X", "PU5". */
export function markLabel(mark: PointsMark): string {
  if (mark.kind === 'double') return '2x';
  if (mark.kind === 'block') return 'X';
  return `PU${mark.factor}`;
}

/** A Points mark in words, for screen readers and legends. */
export function markWords(mark: PointsMark): string {
  if (mark.kind === 'double') return warPnpText.mark_double();
  if (mark.kind === 'block') return warPnpText.mark_block();
  return warPnpText.mark_powerup({ factor: mark.factor });
}

/**
 * What a power does at a level, in one short sentence that says what happens
 * to the dice, boxes or scores, with the level's number in it.
 */
export function powerEffect(name: PowerName, level: number): string {
  const n = warPnp.powerAmount(name, level);
  if (name === 'grow') {
    const gift = warPnp.growGift(level);
    return gift > 0 ? warPnpText.effect_grow_gift({ n, gift }) : warPnpText.effect_grow({ n });
  }
  return warPnpText[`effect_${name}`]({ n });
}

/** How many times the roll fired each Powers row (row → times), for highlighting a sheet. */
export function firedRows(activations: readonly warPnp.Activation[]): Map<number, number> {
  const fired = new Map<number, number>();
  for (const a of activations) fired.set(a.row, (fired.get(a.row) ?? 0) + 1);
  return fired;
}

/** A box of a Points column, e.g. "7 box 2". */
export function boxWords(box: warPnp.BoxRef): string {
  return warPnpText.box_words({ column: box.column, box: box.box });
}

/** A mark Cancel can erase, e.g. "X on Bo’s 7 box 2" or "T on your 25". */
export function markRefWords(mark: MarkRef, table: Pick<warPnp.Table, 'sheets'>, names: Names): string {
  const whose = { mine: mine(names, mark.seat), name: names.name(mark.seat) };
  if (mark.kind === 'trap') return warPnpText.mark_on_score({ ...whose, value: mark.value });
  const found = table.sheets[mark.seat]?.points[warPnp.columnIndex(mark.column)]?.marks[mark.box - 1];
  return warPnpText.mark_on_box({ ...whose, mark: found ? markLabel(found) : warPnpText.mark_any(), box: boxWords(mark) });
}

/** A box a trap's owner removes, e.g. "row 3 box iv" or "7 box 2". */
export function removeWords(target: warPnp.RemoveTarget): string {
  return target.kind === 'power' ? warPnpText.power_box_words({ row: target.row, rank: roman(target.rank) }) : boxWords(target);
}

const boxList = (boxes: readonly warPnp.BoxRef[]) => formatList(boxes.map(boxWords));
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What a declared effect does, after its player's name and power ("X on Bo’s 7 box 2"). */
export function effectWords(effect: Effect, activation: warPnp.Activation, names: Names): string {
  const n = warPnp.powerAmount(activation.power, activation.level);
  switch (effect.power) {
    case 'grow': {
      const gifts = (effect.gifts ?? []).map((g) => warPnpText.declared_gift({ count: g.count, name: names.name(g.seat) }));
      return gifts.length > 0 ? warPnpText.declared_grow_gifts({ n, gifts: formatList(gifts) }) : warPnpText.declared_grow({ n });
    }
    case 'bend':
      return warPnpText.declared_bend({ n });
    case 'cancel':
      if (effect.mode === 'stop') return warPnpText.declared_cancel_stop({ name: names.name(effect.target.seat), row: effect.target.row });
      if (effect.mode === 'erase') return warPnpText.declared_cancel_erase({ count: effect.marks.length });
      return warPnpText.declared_cancel_unwither({ name: names.name(effect.target), column: effect.column, n });
    default:
      return aimedWords('declared', effect, n, names);
  }
}

/** The effects whose declared line and hint fill the same blanks: whose sheet, and where on it. */
type Aimed = Exclude<Effect, { power: 'grow' | 'bend' | 'cancel' }>;

/** An aimed effect as its round report declares it ("X on Bo’s 7 box 2") or as a hint proposes it ("block Bo’s 7 box 2"). */
function aimedWords(said: 'declared' | 'hint', effect: Aimed, n: number, names: Names): string {
  switch (effect.power) {
    case 'double':
      return warPnpText[`${said}_double`]({ boxes: boxList(effect.boxes) });
    case 'block':
      return warPnpText[`${said}_block`]({ name: names.name(effect.target), boxes: boxList(effect.boxes) });
    case 'steal':
      return warPnpText[`${said}_steal`]({ name: names.name(effect.target) });
    case 'trap':
      return warPnpText[`${said}_trap`]({ name: names.name(effect.target), values: effect.values.join(', ') });
    case 'decay':
      return warPnpText[`${said}_decay`]({ name: names.name(effect.target), n });
    case 'powerup':
      return warPnpText[`${said}_powerup`]({ n, box: boxWords(effect.box) });
    case 'wither':
      return warPnpText[`${said}_wither`]({ name: names.name(effect.target), column: effect.column, n });
  }
}

/** The lines of a round's report, in the order things happened. */
export function reportLines(turn: warPnp.TurnState, names: Names): string[] {
  const r = turn.report;
  const name = (seat: number) => names.name(seat);
  const lines: string[] = [];
  for (const row of r.stopped) lines.push(warPnpText.report_stopped({ name: name(row.seat), row: row.row }));
  if (r.deadlocked.length > 0) {
    const rows = r.deadlocked.map((d) => warPnpText.report_row({ name: name(d.seat), row: d.row }));
    lines.push(warPnpText.report_deadlocked({ rows: formatList(rows) }));
  }
  for (const lost of r.lostMarks) {
    const who = { name: name(lost.seat), target: name(lost.on) };
    lines.push(
      'value' in lost.target
        ? warPnpText.report_mark_late_score({ ...who, value: lost.target.value })
        : warPnpText.report_mark_late_box({ ...who, box: boxWords(lost.target) }),
    );
  }
  for (const g of r.gains) {
    const said = { name: name(g.seat), points: g.points, bend: signed(g.bend) };
    if (g.box === null) {
      lines.push(g.bend === 0 ? warPnpText.report_gain_none({ ...said, column: g.column }) : warPnpText.report_gain_none_bent({ ...said, column: g.column }));
    } else {
      const box = boxWords({ column: g.column, box: g.box });
      lines.push(g.bend === 0 ? warPnpText.report_gain({ ...said, box }) : warPnpText.report_gain_bent({ ...said, box }));
    }
  }
  for (const s of r.steals) lines.push(warPnpText.report_steal({ name: name(s.seat), points: s.points, target: name(s.target) }));
  for (const s of r.sprung) lines.push(warPnpText.report_sprung({ owner: name(s.owner), value: s.value, victim: name(s.victim) }));
  for (const x of r.removed) {
    lines.push(warPnpText.report_removed({ owner: name(x.owner), victim: name(x.victim), box: removeWords(x.target) }));
  }
  return lines;
}

/** The text with its first letter in upper case, for a phrase that starts a sentence. */
function capital(text: string): string {
  return text.charAt(0).toLocaleUpperCase(currentLocale()) + text.slice(1);
}

/** Score values an opponent could land on next: their score plus what each of their filled boxes pays. */
export function likelyLandings(sheet: warPnp.Sheet, score: number, allowed: readonly number[]): number[] {
  const free = new Set(allowed);
  const landings = new Set<number>();
  for (const column of warPnp.COLUMN_IDS) {
    sheet.points[warPnp.columnIndex(column)]?.filled.forEach((filled, i) => {
      const value = score + warPnp.gainPoints(sheet, column, i + 1, 0);
      if (filled && value !== score && free.has(value)) landings.add(value);
    });
  }
  return [...landings].sort((a, b) => a - b);
}

/** What the table is doing now, in one line for the TV and the phones. */
export function stepWords(step: warPnp.StepView, names: Names): string {
  switch (step.kind) {
    case 'setup':
      return warPnpText.step_setup();
    case 'develop':
      return warPnpText.step_develop();
    case 'roll':
      return warPnpText.step_roll({ name: names.name(step.roller) });
    case 'declare':
      return step.together
        ? warPnpText.step_declare_together()
        : warPnpText.step_declare_turn({ name: names.name(step.seat), lap: step.lap });
    case 'grow':
      return warPnpText.step_grow();
    case 'gain':
      return warPnpText.step_gain();
    case 'traps': {
      const first = step.queue[0];
      return first
        ? warPnpText.step_traps({ owner: names.name(first.owner), victim: names.name(first.victim) })
        : warPnpText.step_traps_done();
    }
    case 'over':
      return warPnpText.step_over();
  }
}

/** One power on a seat's summary: "Grow ii". */
export interface PowerSummary {
  row: number;
  label: string;
}

/**
 * A sheet in a few words, for a table too big to show every sheet whole: its
 * named powers with their levels, and how much of its Points it has filled.
 */
export function sheetSummary(sheet: warPnp.Sheet): { powers: PowerSummary[]; points: string } {
  const powers = sheet.powers.flatMap((row, i) =>
    row.name === null ? [] : [{ row: i + 1, label: warPnpText.summary_power({ power: powerLabel(row.name), level: roman(warPnp.rowLevel(row))}) }],
  );
  const filled = sheet.points.reduce((n, column) => n + column.filled.filter(Boolean).length, 0);
  const marks = sheet.points.reduce((n, column) => n + column.marks.filter((m) => m !== null).length, 0);
  const parts = [
    warPnpText.summary_points({ count: filled }),
    ...(marks > 0 ? [warPnpText.summary_marks({ count: marks })] : []),
    ...(sheet.traps.length > 0 ? [warPnpText.summary_traps({ count: sheet.traps.length })] : []),
  ];
  return { powers, points: parts.join(' · ') };
}

/** A Powers 'n Points hint: the bot's move with the figures behind it. */
export type WarHint = Extract<Hint, { game: 'war-pnp' }>;

/**
 * Developments as said aloud, Powers rows first, each row and each column
 * once however many of its boxes are picked: "start row 2 as Block (2
 * boxes)", "take row 1 (Grow) to level iii", "fill 7 boxes 2–3 (8, 12 pts)".
 */
function developWords(sheet: warPnp.Sheet, picks: readonly warPnp.Development[]): string[] {
  const rows = new Map<number, { name: PowerName | null; isNew: boolean; ranks: number[] }>();
  const columns = new Map<warPnp.ColumnId, number[]>();
  picks.forEach((pick, i) => {
    const before = warPnp.developSheet(sheet, picks.slice(0, i));
    const legal = warPnp.legalDevelopments(before.ok ? before.value : sheet);
    if (pick.kind === 'points') {
      const box = legal.points.find((p) => p.column === pick.column)?.box ?? 0;
      columns.set(pick.column, [...(columns.get(pick.column) ?? []), box]);
      return;
    }
    const rank = legal.powers.find((p) => p.row === pick.row)?.rank ?? 0;
    const known = rows.get(pick.row) ?? { name: sheet.powers[pick.row - 1]?.name ?? null, isNew: false, ranks: [] };
    rows.set(pick.row, {
      name: pick.name ?? known.name,
      isNew: known.isNew || pick.name !== undefined,
      ranks: [...known.ranks, rank],
    });
  });
  const powerWords = [...rows].map(([row, r]) => {
    const power = powerLabel(r.name);
    if (!r.isNew) return warPnpText.hint_raise_row({ row, power, level: roman(Math.max(...r.ranks)) });
    return r.ranks.length > 1
      ? warPnpText.hint_start_row_boxes({ row, power, count: r.ranks.length })
      : warPnpText.hint_start_row({ row, power });
  });
  const pointWords = [...columns].map(([column, filled]) => {
    const points = filled.map((box) => warPnp.boxValue(column, box)).join(', ');
    const [first = 0] = filled;
    return filled.length === 1
      ? warPnpText.hint_fill_box({ column, box: first, points })
      : warPnpText.hint_fill_boxes({ column, first, last: filled.at(-1) ?? first, points });
  });
  return [...powerWords, ...pointWords];
}

/** What the hint would do with one activation, as said to the player: "block Bo’s 7 box 3". */
function declareWords(declaration: warPnp.Declaration, table: warPnp.Table, seat: number, names: Names): string {
  const act = table.turn?.activations[seat]?.[declaration.activation];
  const power = powerLabel(act?.power ?? null);
  if (!('effect' in declaration) || act === undefined) return warPnpText.hint_pass({ power });
  const e = declaration.effect;
  const n = warPnp.powerAmount(act.power, act.level);
  switch (e.power) {
    case 'grow':
      return warPnpText.hint_grow({ power, n });
    case 'bend':
      return warPnpText.hint_bend({ power });
    case 'cancel': {
      if (e.mode === 'stop') {
        const stopped = table.sheets[e.target.seat]?.powers[e.target.row - 1]?.name ?? null;
        const seat = e.target.seat;
        return warPnpText.hint_cancel_stop({ mine: mine(names, seat), name: names.name(seat), row: e.target.row, power: powerLabel(stopped) });
      }
      if (e.mode === 'erase') return warPnpText.hint_cancel_erase({ marks: formatList(e.marks.map((m) => markRefWords(m, table, names))) });
      return warPnpText.hint_cancel_unwither({ name: names.name(e.target), column: e.column, n });
    }
    default:
      return aimedWords('hint', e, n, names);
  }
}

/**
 * The phone's hint in words: the move the bot would make now, with its
 * reason where it has one (what the new Points boxes add a roll on average,
 * what a gain scores, what a removed box was worth).
 */
export function hintText(hint: WarHint, table: warPnp.WarView, seat: number, names: Names): string {
  const action = hint.action;
  switch (action.type) {
    case 'develop': {
      const sheet = table.sheets[seat];
      if (!sheet) return '';
      const picks = capital(formatList(developWords(sheet, action.picks)));
      const boxes = action.picks.filter((p) => p.kind === 'points').length;
      if (hint.perRoll === null || hint.perRoll < 0.05 || boxes === 0) return picks;
      const perRoll = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(hint.perRoll);
      return boxes === 1 ? warPnpText.hint_develop_one({ picks, perRoll }) : warPnpText.hint_develop_many({ picks, perRoll });
    }
    case 'roll':
      return warPnpText.hint_roll();
    case 'declare': {
      const said = action.declarations.map((d) => declareWords(d, table, seat, names));
      // A double fires one row twice, and the bot often does the same with both.
      return capital(said.length === 2 && said[0] === said[1] ? warPnpText.hint_both_times({ move: said[0] ?? '' }) : formatList(said));
    }
    case 'gain': {
      if (action.box === null) return warPnpText.hint_gain_nothing();
      const dice = table.turn?.dice ?? [0, 0];
      const box = boxWords({ column: warPnp.columnForSum(dice[0] + dice[1] + action.bend), box: action.box });
      const bend = signed(action.bend);
      if (hint.points === null) return action.bend === 0 ? warPnpText.hint_gain({ box }) : warPnpText.hint_gain_bend({ bend, box });
      const points = hint.points;
      return action.bend === 0 ? warPnpText.hint_gain_points({ box, points }) : warPnpText.hint_gain_bend_points({ bend, box, points });
    }
    case 'remove': {
      const target = action.target;
      const victim = table.step.kind === 'traps' ? table.step.queue[0]?.victim : undefined;
      if (victim === undefined) return '';
      const said = { name: names.name(victim), box: removeWords(target) };
      return target.kind === 'points'
        ? warPnpText.hint_remove_points({ ...said, points: warPnp.boxValue(target.column, target.box) })
        : warPnpText.hint_remove_power(said);
    }
  }
}

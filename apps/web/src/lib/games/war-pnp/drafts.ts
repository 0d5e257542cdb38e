import { warPnpText } from '$lib/i18n/messages.js';
import { warPnp } from '@rollcall/rules/catalogue';

/**
 * What a phone holds while its player fills in a form: the picks of a
 * development and one draft per activation. A draft becomes an action only
 * through the rules module's own legal targets, so the phone never offers
 * what the server would refuse.
 */

type BoxRef = warPnp.BoxRef;
type ColumnId = warPnp.ColumnId;
type Development = warPnp.Development;
type Effect = warPnp.Effect;
type LegalTargets = warPnp.LegalTargets;
type MarkRef = warPnp.MarkRef;
type RowRef = warPnp.RowRef;

/** The key of a Points box, e.g. "7#2", for sets of boxes to highlight or offer. */
export function boxKey(column: ColumnId, box: number): string {
  return `${column}#${box}`;
}

/** The key of a Powers box, e.g. "3:4" for row 3 rank iv. */
export function rankKey(row: number, rank: number): string {
  return `${row}:${rank}`;
}

// ── Developing ─────────────────────────────────────────────────────────

/** How many picks of each kind are still open for what the seat must develop. */
export function picksLeft(
  need: warPnp.DevelopNeed,
  picks: readonly Development[],
): { powers: number; points: number; any: number } {
  if (need.pair) {
    const powers = picks.filter((p) => p.kind === 'power').length;
    const points = picks.length - powers;
    return {
      powers: Number(need.pair.powers) - powers,
      points: Number(need.pair.points) - points,
      any: 0,
    };
  }
  return { powers: 0, points: 0, any: need.count - picks.length };
}

/** True when the picks are exactly what the seat must develop. */
export function picksComplete(need: warPnp.DevelopNeed, picks: readonly Development[]): boolean {
  const left = picksLeft(need, picks);
  return left.powers === 0 && left.points === 0 && left.any === 0;
}

/**
 * The picks after choosing one more box. For a round's pair a second pick of
 * a kind replaces the first; otherwise the pick is added while there is room.
 */
export function addPick(need: warPnp.DevelopNeed, picks: readonly Development[], pick: Development): Development[] {
  if (need.pair) {
    const allowed = pick.kind === 'power' ? need.pair.powers : need.pair.points;
    if (!allowed) return [...picks];
    return [...picks.filter((p) => p.kind !== pick.kind), pick];
  }
  return picks.length < need.count ? [...picks, pick] : [...picks];
}

/**
 * The picks without the one at `index`. A row is named by its first pick, so
 * the name moves to the next pick of the same row when the first one goes.
 */
export function removePick(picks: readonly Development[], index: number): Development[] {
  const gone = picks[index];
  const rest = picks.filter((_, i) => i !== index);
  if (gone?.kind !== 'power' || gone.name === undefined) return rest;
  const heir = rest.findIndex((p, i) => i >= index && p.kind === 'power' && p.row === gone.row);
  return rest.map((p, i) => (i === heir && p.kind === 'power' ? { ...p, name: gone.name } : p));
}

/** The boxes developing a list of picks fills, as `row:rank` and `column#box` keys, for highlighting the preview. */
export function newBoxes(sheet: warPnp.Sheet, picks: readonly Development[]): Set<string> {
  const keys = new Set<string>();
  let current = sheet;
  for (const pick of picks) {
    const legal = warPnp.legalDevelopments(current);
    if (pick.kind === 'power') {
      const rank = legal.powers.find((p) => p.row === pick.row)?.rank;
      if (rank !== undefined) keys.add(rankKey(pick.row, rank));
    } else {
      const box = legal.points.find((p) => p.column === pick.column)?.box;
      if (box !== undefined) keys.add(boxKey(pick.column, box));
    }
    const next = warPnp.developSheet(current, [pick]);
    if (!next.ok) break;
    current = next.value;
  }
  return keys;
}

// ── Declaring ──────────────────────────────────────────────────────────

/** One activation's form as the player fills it in. */
export interface Draft {
  /** False when the player passes this activation. */
  use: boolean;
  /** The opponent aimed at (Block, Steal, Trap, Decay, Wither). */
  opponent: number | null;
  /** Boxes picked (Double, Block; PowerUp uses the first). */
  boxes: BoxRef[];
  /** Grow: developments given to each seat, by seat. */
  gifts: number[];
  /** Cancel's way of working. */
  mode: 'stop' | 'erase' | 'unwither';
  /** Cancel: the row to stop. */
  row: RowRef | null;
  /** Cancel: the marks to erase. */
  marks: MarkRef[];
  /** Cancel: the Withering to lower. */
  withering: { seat: number; column: ColumnId } | null;
  /** Wither: the opponent's column. */
  column: ColumnId | null;
  /** Trap: the score values. */
  values: number[];
}

/** What a draft amounts to: a pass, a complete effect, or what is still missing. */
export type DraftResult = { kind: 'pass' } | { kind: 'use'; effect: Effect } | { kind: 'incomplete'; need: string };

/** Cancel's ways that have something to work on this round, in the form's order. */
export function cancelModes(t: Extract<LegalTargets, { power: 'cancel' }>): Draft['mode'][] {
  return [
    ...(t.rows.length > 0 ? (['stop'] as const) : []),
    ...(t.marks.length > 0 ? (['erase'] as const) : []),
    ...(t.withering.length > 0 ? (['unwither'] as const) : []),
  ];
}

/** The opponents an activation can aim at. */
export function opponentsOf(t: LegalTargets): number[] {
  switch (t.power) {
    case 'grow':
    case 'steal':
    case 'decay':
      return t.opponents;
    case 'block':
      return t.boxes.map((b) => b.seat);
    case 'trap':
      return t.values.map((v) => v.seat);
    case 'wither':
      return [...new Set(t.columns.map((c) => c.seat))];
    default:
      return [];
  }
}

/** How many developments a Grow gives one seat. */
function giftTo(gifts: readonly { seat: number; count: number }[], seat: number): number {
  return gifts.find((g) => g.seat === seat)?.count ?? 0;
}

/** Grow's gift shared round the opponents, one at a time, starting with the first. */
function evenGifts(t: Extract<LegalTargets, { power: 'grow' }>): number[] {
  const gifts: number[] = [];
  for (let i = 0; i < t.gift; i++) {
    const seat = t.opponents[i % t.opponents.length];
    if (seat !== undefined) gifts[seat] = (gifts[seat] ?? 0) + 1;
  }
  return gifts;
}

/** A fresh draft: used, aimed at the first opponent, Cancel in its first possible way, nothing picked yet. */
export function freshDraft(t: LegalTargets): Draft {
  const cancel = t.power === 'cancel' ? cancelModes(t) : [];
  return {
    use: t.power !== 'cancel' || cancel.length > 0,
    opponent: opponentsOf(t)[0] ?? null,
    boxes: [],
    gifts: t.power === 'grow' ? evenGifts(t) : [],
    mode: cancel[0] ?? 'stop',
    row: null,
    marks: [],
    withering: null,
    column: null,
    values: [],
  };
}

/** The draft that shows an effect already sent (a reloaded phone shows its pending choice). */
export function draftOf(t: LegalTargets, effect: Effect | null): Draft {
  const draft = freshDraft(t);
  if (effect === null) return { ...draft, use: false };
  switch (effect.power) {
    case 'grow':
    {
      const gifts = effect.gifts;
      if (!gifts) return draft;
      const seats = Math.max(0, ...gifts.map((g) => g.seat + 1));
      return { ...draft, gifts: Array.from({ length: seats }, (_, s) => giftTo(gifts, s)) };
    }
    case 'double':
      return { ...draft, boxes: effect.boxes };
    case 'block':
      return { ...draft, opponent: effect.target, boxes: effect.boxes };
    case 'powerup':
      return { ...draft, boxes: [effect.box] };
    case 'steal':
    case 'decay':
      return { ...draft, opponent: effect.target };
    case 'wither':
      return { ...draft, opponent: effect.target, column: effect.column };
    case 'trap':
      return { ...draft, opponent: effect.target, values: effect.values };
    case 'cancel':
      if (effect.mode === 'stop') return { ...draft, mode: 'stop', row: effect.target };
      if (effect.mode === 'erase') return { ...draft, mode: 'erase', marks: effect.marks };
      return { ...draft, mode: 'unwither', withering: { seat: effect.target, column: effect.column } };
    case 'bend':
      return draft;
  }
}

const sameBox = (a: BoxRef, b: BoxRef) => a.column === b.column && a.box === b.box;
const sameMark = (a: MarkRef, b: MarkRef) =>
  a.seat === b.seat && (a.kind === 'trap' ? b.kind === 'trap' && a.value === b.value : b.kind === 'box' && sameBox(a, b));

/** Adds or removes a box from a draft's picks, never holding more than `max`. */
export function toggleBox(boxes: readonly BoxRef[], box: BoxRef, max: number): BoxRef[] {
  if (boxes.some((b) => sameBox(b, box))) return boxes.filter((b) => !sameBox(b, box));
  if (max === 1) return [box];
  return boxes.length < max ? [...boxes, box] : [...boxes];
}

/** Adds or removes a mark from Cancel's list, never holding more than `max`. */
export function toggleMark(marks: readonly MarkRef[], mark: MarkRef, max: number): MarkRef[] {
  if (marks.some((m) => sameMark(m, mark))) return marks.filter((m) => !sameMark(m, mark));
  return marks.length < max ? [...marks, mark] : [...marks];
}

/** Adds or removes a trap value, never holding more than `max`. */
export function toggleValue(values: readonly number[], value: number, max: number): number[] {
  if (values.includes(value)) return values.filter((v) => v !== value);
  if (max === 1) return [value];
  return values.length < max ? [...values, value].sort((a, b) => a - b) : [...values];
}

/** Reads a draft against the activation's legal targets: only what is still legal counts. */
export function readDraft(draft: Draft, t: LegalTargets): DraftResult {
  if (!draft.use) return { kind: 'pass' };
  const need = (text: string): DraftResult => ({ kind: 'incomplete', need: text });
  const use = (effect: Effect): DraftResult => ({ kind: 'use', effect });
  switch (t.power) {
    case 'grow': {
      if (t.gift === 0 || t.opponents.length === 1) return use({ power: 'grow' });
      const gifts = t.opponents.flatMap((seat) => {
        const count = draft.gifts[seat] ?? 0;
        return count > 0 ? [{ seat, count }] : [];
      });
      const total = gifts.reduce((n, g) => n + g.count, 0);
      return total === t.gift ? use({ power: 'grow', gifts }) : need(warPnpText.need_share({ n: t.gift }));
    }
    case 'double':
    case 'powerup': {
      const max = t.power === 'double' ? t.count : 1;
      const boxes = draft.boxes.filter((b) => t.boxes.some((x) => sameBox(x, b))).slice(0, max);
      const box = boxes[0];
      if (!box) return need(warPnpText.need_own_boxes({ n: max }));
      return use(t.power === 'double' ? { power: 'double', boxes } : { power: 'powerup', box });
    }
    case 'bend':
      return use({ power: 'bend' });
    case 'block': {
      const target = t.boxes.find((b) => b.seat === draft.opponent);
      if (!target) return need(warPnpText.need_opponent());
      const boxes = draft.boxes.filter((b) => target.boxes.some((x) => sameBox(x, b))).slice(0, t.count);
      return boxes.length > 0
        ? use({ power: 'block', target: target.seat, boxes })
        : need(warPnpText.need_block_boxes({ n: t.count }));
    }
    case 'steal':
    case 'decay':
      return draft.opponent !== null && t.opponents.includes(draft.opponent)
        ? use({ power: t.power, target: draft.opponent })
        : need(warPnpText.need_opponent());
    case 'wither': {
      const ok = t.columns.some((c) => c.seat === draft.opponent && c.column === draft.column);
      return ok && draft.opponent !== null && draft.column !== null
        ? use({ power: 'wither', target: draft.opponent, column: draft.column })
        : need(warPnpText.need_wither_column());
    }
    case 'trap': {
      const target = t.values.find((v) => v.seat === draft.opponent);
      if (!target) return need(warPnpText.need_opponent());
      const values = draft.values.filter((v) => target.values.includes(v)).slice(0, t.count);
      return values.length > 0
        ? use({ power: 'trap', target: target.seat, values })
        : need(warPnpText.need_trap_values({ n: t.count }));
    }
    case 'cancel': {
      if (!cancelModes(t).includes(draft.mode)) return need(warPnpText.need_cancel_nothing());
      if (draft.mode === 'stop') {
        const row = t.rows.find((r) => r.seat === draft.row?.seat && r.row === draft.row.row);
        return row ? use({ power: 'cancel', mode: 'stop', target: row }) : need(warPnpText.need_stop_row());
      }
      if (draft.mode === 'erase') {
        const marks = draft.marks.filter((m) => t.marks.some((x) => sameMark(x, m))).slice(0, t.amount);
        return marks.length > 0
          ? use({ power: 'cancel', mode: 'erase', marks })
          : need(warPnpText.need_erase_marks({ n: t.amount }));
      }
      const w = t.withering.find((x) => x.seat === draft.withering?.seat && x.column === draft.withering.column);
      return w
        ? use({ power: 'cancel', mode: 'unwither', target: w.seat, column: w.column })
        : need(warPnpText.need_withering());
    }
  }
}

/**
 * The Powers 'n Points bot: a heuristic, since the game is too wide to search.
 *
 * - Points: develop the column whose next box adds the most expected points
 *   per roll (its chance times what the box adds over the column's top box).
 * - Powers: build a few strong rows high rather than many low ones: PowerUp
 *   and Double multiply the box gained, Steal takes from the leader, Grow
 *   develops faster. When the opponents' rows that hurt (Block, Decay, Wither,
 *   Trap, Steal) grow strong, start a Cancel row to answer them.
 * - Activations: the roll is known when they are declared, so multipliers go
 *   on the box this round's sum will gain from, and Block, Decay, Steal and
 *   Trap aim at the leading opponent's gain this round.
 * - Gains and trap removals take the best box, as the phone suggests.
 */
import type { Bot } from '../../core/bot.js';
import type { BoxRef, Declaration, Development, Effect, MarkRef, WarAction } from './actions.js';
import { legalTargets, opponentsOf, type LegalTargets } from './activate.js';
import { developNeed, developSheet, legalDevelopments } from './develop.js';
import { bestGain } from './gain.js';
import {
  boxValue,
  columnForSum,
  type ColumnId,
  pointsColumn,
  POINTS_TABLE,
  type PowerName,
  rowLevel,
  type Sheet,
} from './sheet.js';
import { sheetOf, type WarState } from './state.js';
import { highestValueBox, removableBoxes } from './traps.js';

/** Ways two dice make each sum 2–12, out of 36. */
const WAYS = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
/** The chance a roll activates a column. */
const columnChance = (column: ColumnId): number =>
  (POINTS_TABLE.find((c) => c.id === column)?.sums ?? []).reduce((n, s) => n + (WAYS[s] ?? 0), 0) / 36;

/** The highest filled box of a column, 0 when it has none. */
function topBox(sheet: Sheet, column: ColumnId): number {
  return pointsColumn(sheet, column).filled.lastIndexOf(true) + 1;
}

/** How much a power row is worth to the bot per level: the order it builds them in. */
const POWER_WORTH: Readonly<Record<PowerName, number>> = {
  powerup: 10,
  double: 8,
  steal: 7,
  grow: 6,
  decay: 5,
  block: 5,
  wither: 3,
  trap: 3,
  cancel: 2,
  bend: 2,
};
/** The powers that hurt a rival; Cancel is the answer to them. */
const HARMFUL: readonly PowerName[] = ['block', 'decay', 'wither', 'trap', 'steal'];
/** Distinct powers the bot names before it only levels the ones it has. */
const ROWS_WANTED = 3;

/** What a Points development adds on average per roll: its chance times what its box adds over the column's top box. */
function perRollGain(sheet: Sheet, column: ColumnId, box: number): number {
  return columnChance(column) * (boxValue(column, box) - boxValue(column, topBox(sheet, column)));
}

/**
 * The column whose next box adds the most expected points per roll, with
 * what it adds. The columns are built to be close, so any within a tenth of
 * the best may be picked at random: two bots on the same rolls would
 * otherwise build the same sheet, score alike, and tie for ever.
 */
function bestPointsPick(sheet: Sheet, random: () => number): { pick: Development; perRoll: number } | null {
  const gains = legalDevelopments(sheet).points.map(({ column, box }) => ({ column, gain: perRollGain(sheet, column, box) }));
  const top = Math.max(...gains.map((g) => g.gain));
  const close = gains.filter((g) => g.gain >= top * 0.9);
  const chosen = close[Math.floor(random() * close.length)];
  return chosen ? { pick: { kind: 'points', column: chosen.column }, perRoll: chosen.gain } : null;
}

function bestPowerPick(state: WarState, seat: number, sheet: Sheet): Development | null {
  const legal = legalDevelopments(sheet).powers;
  const named = new Set(sheet.powers.flatMap((r) => (r.name !== null && rowLevel(r) > 0 ? [r.name] : [])));
  const threat = opponentsOf(state, seat).reduce(
    (n, s) =>
      n + sheetOf(state, s).powers.reduce((m, r) => m + (r.name && HARMFUL.includes(r.name) ? rowLevel(r) : 0), 0),
    0,
  );
  const wanted = (Object.keys(POWER_WORTH) as PowerName[]).sort((a, b) => POWER_WORTH[b] - POWER_WORTH[a]);
  const nextName: PowerName | undefined =
    threat >= 4 && !named.has('cancel') ? 'cancel' : wanted.find((p) => !named.has(p));
  let best: { pick: Development; worth: number } | null = null;
  for (const { row, rank, needsName } of legal) {
    const r = sheet.powers[row - 1];
    let pick: Development;
    let worth: number;
    if (needsName || (r !== undefined && rowLevel(r) === 0 && r.name === null)) {
      if (nextName === undefined) continue;
      pick = { kind: 'power', row, name: nextName };
      // A new row is worth less once the bot has the rows it wants.
      worth = POWER_WORTH[nextName] * (named.size < ROWS_WANTED || nextName === 'cancel' ? 1.5 : 0.3);
    } else {
      const name = r?.name ?? 'bend';
      pick = { kind: 'power', row };
      worth = POWER_WORTH[name] * (1 + 1 / rank);
    }
    if (best === null || worth > best.worth) best = { pick, worth };
  }
  return best?.pick ?? null;
}

/**
 * Developments one after another, each chosen on the sheet the earlier ones
 * made, with how many points a roll the Points boxes among them add on average.
 */
function developments(state: WarState, seat: number, random: () => number): { picks: Development[]; perRoll: number } {
  const need = developNeed(state, seat);
  if (need === null) throw new Error(`seat ${seat} has nothing to develop`);
  const picks: Development[] = [];
  let perRoll = 0;
  let sheet = sheetOf(state, seat);
  const kinds: ('power' | 'points')[] = need.pair
    ? [...(need.pair.powers ? (['power'] as const) : []), ...(need.pair.points ? (['points'] as const) : [])]
    : Array.from({ length: need.count }, (_, i) => (i % 2 === 0 ? 'points' : 'power'));
  const asPoints = (s: Sheet) => {
    const best = bestPointsPick(s, random);
    if (best) perRoll += best.perRoll;
    return best?.pick ?? null;
  };
  for (const kind of kinds) {
    // A full part of the sheet sends a free pick to the other part.
    const pick =
      kind === 'power'
        ? (bestPowerPick(state, seat, sheet) ?? (need.pair ? null : asPoints(sheet)))
        : (asPoints(sheet) ?? (need.pair ? null : bestPowerPick(state, seat, sheet)));
    if (pick === null) throw new Error(`seat ${seat} has no box to develop`);
    const next = developSheet(sheet, [pick]);
    if (!next.ok) throw new Error(`a chosen development was refused: ${next.code}`);
    sheet = next.value;
    picks.push(pick);
  }
  return { picks, perRoll };
}

/** The opponent with the most points (the first in seat order among equals). */
function leader(state: WarState, opponents: readonly number[]): number {
  return opponents.reduce((a, b) => ((state.scores[b] ?? 0) > (state.scores[a] ?? 0) ? b : a));
}

/** Boxes ranked by what a mark on them is worth this round: the box the roll's column gains from first. */
function rankBoxes(state: WarState, seat: number, boxes: readonly BoxRef[]): BoxRef[] {
  const sheet = sheetOf(state, seat);
  const dice = state.turn?.dice;
  const now = dice ? columnForSum(dice[0] + dice[1]) : null;
  const worth = (b: BoxRef): number => {
    const top = topBox(sheet, b.column);
    if (b.box !== top) return -b.box;
    return boxValue(b.column, b.box) * (b.column === now ? 100 : columnChance(b.column));
  };
  return [...boxes].sort((a, b) => worth(b) - worth(a));
}

function effectFor(state: WarState, seat: number, t: LegalTargets): Effect | null {
  const opponents = opponentsOf(state, seat);
  const rival = leader(state, opponents);
  switch (t.power) {
    case 'grow': {
      if (t.gift === 0 || opponents.length === 1) return { power: 'grow' };
      // The gift goes to whoever is furthest behind: it helps a rival least.
      const last = opponents.reduce((a, b) => ((state.scores[b] ?? 0) < (state.scores[a] ?? 0) ? b : a));
      return { power: 'grow', gifts: [{ seat: last, count: t.gift }] };
    }
    case 'double':
    case 'powerup': {
      const ranked = rankBoxes(state, seat, t.boxes);
      if (ranked.length === 0) return null;
      return t.power === 'double'
        ? { power: 'double', boxes: ranked.slice(0, t.count) }
        : { power: 'powerup', box: ranked[0] as BoxRef };
    }
    case 'bend':
      return { power: 'bend' };
    case 'block': {
      const target = t.boxes.find((b) => b.seat === rival) ?? t.boxes[0];
      if (!target || target.boxes.length === 0) return null;
      return { power: 'block', target: target.seat, boxes: rankBoxes(state, target.seat, target.boxes).slice(0, t.count) };
    }
    case 'steal':
      return t.opponents.length > 0 ? { power: 'steal', target: leader(state, t.opponents) } : null;
    case 'decay':
      return t.opponents.length > 0 ? { power: 'decay', target: leader(state, t.opponents) } : null;
    case 'cancel': {
      // First clear what hurts the bot: Xs on its boxes and traps on its track.
      const mine = t.marks.filter((m: MarkRef) => {
        if (m.seat !== seat) return false;
        if (m.kind === 'trap') return true;
        return pointsColumn(sheetOf(state, seat), m.column).marks[m.box - 1]?.kind === 'block';
      });
      if (mine.length > 0) return { power: 'cancel', mode: 'erase', marks: mine.slice(0, t.amount) };
      const ownWither = t.withering.find((w) => w.seat === seat);
      if (ownWither) return { power: 'cancel', mode: 'unwither', target: ownWither.seat, column: ownWither.column };
      const theirs = t.rows.find((r) => r.seat !== seat);
      return theirs ? { power: 'cancel', mode: 'stop', target: theirs } : null;
    }
    case 'trap': {
      const target = t.values.find((v) => v.seat === rival) ?? t.values[0];
      if (!target) return null;
      // Values a few points above the rival's score are where a typical gain lands.
      const score = state.scores[target.seat] ?? 0;
      const near = target.values
        .filter((v) => v > score)
        .sort((a, b) => Math.abs(a - score - 6) - Math.abs(b - score - 6))
        .slice(0, t.count);
      return near.length > 0 ? { power: 'trap', target: target.seat, values: near } : null;
    }
    case 'wither': {
      const theirs = t.columns.filter((c) => c.seat === rival);
      const pick = [...(theirs.length > 0 ? theirs : t.columns)].sort(
        (a, b) =>
          columnChance(b.column) * boxValue(b.column, topBox(sheetOf(state, b.seat), b.column)) -
          columnChance(a.column) * boxValue(a.column, topBox(sheetOf(state, a.seat), a.column)),
      )[0];
      return pick ? { power: 'wither', target: pick.seat, column: pick.column } : null;
    }
  }
}

function declaration(state: WarState, seat: number, activation: number): Declaration {
  const t = legalTargets(state, seat, activation);
  const effect = t ? effectFor(state, seat, t) : null;
  return effect ? { activation, effect } : { activation, pass: true };
}

/**
 * The bot's move for a seat the game is waiting on, with the figures behind
 * it: for a development, how many points a roll its Points boxes add on
 * average; for a gain, the points it scores.
 */
export interface WarPlan {
  action: WarAction;
  perRoll: number | null;
  points: number | null;
}

/** The bot's move for a seat the game is waiting on, with its reason (see `WarPlan`). */
export function warPnpPlan(state: WarState, seat: number, random: () => number): WarPlan {
  const step = state.step;
  const plain = (action: WarAction): WarPlan => ({ action, perRoll: null, points: null });
  switch (step.kind) {
    case 'setup':
    case 'develop':
    case 'grow': {
      const { picks, perRoll } = developments(state, seat, random);
      return { action: { type: 'develop', picks }, perRoll, points: null };
    }
    case 'roll':
      return plain({ type: 'roll' });
    case 'declare': {
      const acts = state.turn?.activations[seat] ?? [];
      if (step.together) return plain({ type: 'declare', declarations: acts.map((_, i) => declaration(state, seat, i)) });
      const declared = state.turn?.declared[seat] ?? [];
      const open = acts.findIndex((_, i) => !declared.some((d) => d.activation === i));
      return plain({ type: 'declare', declarations: [declaration(state, seat, open)] });
    }
    case 'gain': {
      const best = bestGain(state, seat);
      return { action: { type: 'gain', bend: best?.bend ?? 0, box: best?.box ?? null }, perRoll: null, points: best?.points ?? null };
    }
    case 'traps': {
      const victim = step.queue[0]?.victim ?? 0;
      const target = highestValueBox(sheetOf(state, victim)) ?? removableBoxes(sheetOf(state, victim))[0];
      if (!target) throw new Error('a sprung trap always has a box to remove');
      return plain({ type: 'remove', target });
    }
    case 'over':
      throw new Error('the game is over');
  }
}

/** The Powers 'n Points bot's move for a seat the game is waiting on. */
export const warPnpBot: Bot<WarState, WarAction> = (state, seat, random) => warPnpPlan(state, seat, random).action;

/**
 * A player that picks random legal moves with the helpers the phone uses,
 * for the property tests: if a helper offers something `apply` refuses, the
 * tests catch it.
 */
import type { BoxRef, Declaration, Development, Effect, WarAction } from './actions.js';
import { legalTargets } from './activate.js';
import { developNeed, developSheet, legalDevelopments } from './develop.js';
import { gainOptionsFor, legalBends } from './gain.js';
import { seatOfSlot } from './round.js';
import { POWER_NAMES, type Sheet } from './sheet.js';
import { sheetOf, type WarState } from './state.js';
import { removableBoxes } from './traps.js';

/** A source of choices: `below(n)` is a whole number in 0..n-1. */
export interface Chooser {
  below(n: number): number;
}

/** One item of a non-empty list, chosen. */
function one<T>(rand: Chooser, items: readonly T[]): T {
  const item = items[rand.below(items.length)];
  if (item === undefined) throw new Error('chose from an empty list');
  return item;
}

/** Up to `max` distinct items (at least one), chosen. */
function some<T>(rand: Chooser, items: readonly T[], max: number): T[] {
  const pool = [...items];
  const count = 1 + rand.below(Math.min(max, pool.length));
  return Array.from({ length: count }, () => pool.splice(rand.below(pool.length), 1)[0] as T);
}

/** Random legal developments, one after another on a preview of the sheet. */
function randomPicks(
  rand: Chooser,
  sheet: Sheet,
  count: number,
  pair: { powers: boolean; points: boolean } | null,
): Development[] {
  const picks: Development[] = [];
  let current = sheet;
  const kinds: ('power' | 'points')[] = pair
    ? [...(pair.powers ? (['power'] as const) : []), ...(pair.points ? (['points'] as const) : [])]
    : Array.from({ length: count }, () => (rand.below(2) === 0 ? 'power' : 'points'));
  for (const wanted of kinds) {
    const legal = legalDevelopments(current);
    // A full part of the sheet sends the pick to the other part.
    const power = wanted === 'power' ? legal.powers.length > 0 : legal.points.length === 0;
    let pick: Development;
    if (power) {
      const p = one(rand, legal.powers);
      pick = p.needsName ? { kind: 'power', row: p.row, name: one(rand, POWER_NAMES) } : { kind: 'power', row: p.row };
    } else pick = { kind: 'points', column: one(rand, legal.points).column };
    const next = developSheet(current, [pick]);
    if (!next.ok) throw new Error(`a legal development was refused: ${next.code}`);
    current = next.value;
    picks.push(pick);
  }
  return picks;
}

/** A random legal effect for one activation, or null to pass it. */
function randomEffect(rand: Chooser, state: WarState, seat: number, activation: number): Effect | null {
  const t = legalTargets(state, seat, activation);
  if (!t || rand.below(6) === 0) return null;
  switch (t.power) {
    case 'grow': {
      if (t.gift === 0 || t.opponents.length === 1) return { power: 'grow' };
      const counts = new Map<number, number>();
      for (let i = 0; i < t.gift; i++) {
        const s = one(rand, t.opponents);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
      return { power: 'grow', gifts: [...counts].map(([s, count]) => ({ seat: s, count })) };
    }
    case 'double':
      return { power: 'double', boxes: some(rand, t.boxes, t.count) };
    case 'bend':
      return { power: 'bend' };
    case 'block': {
      const target = one(rand, t.boxes);
      return { power: 'block', target: target.seat, boxes: some(rand, target.boxes, t.count) };
    }
    case 'steal':
      return { power: 'steal', target: one(rand, t.opponents) };
    case 'decay':
      return { power: 'decay', target: one(rand, t.opponents) };
    case 'cancel': {
      const modes = [
        ...(t.rows.length > 0 ? (['stop'] as const) : []),
        ...(t.marks.length > 0 ? (['erase'] as const) : []),
        ...(t.withering.length > 0 ? (['unwither'] as const) : []),
      ];
      if (modes.length === 0) return null;
      const mode = one(rand, modes);
      if (mode === 'stop') return { power: 'cancel', mode, target: one(rand, t.rows) };
      if (mode === 'erase') return { power: 'cancel', mode, marks: some(rand, t.marks, t.amount) };
      const w = one(rand, t.withering);
      return { power: 'cancel', mode, target: w.seat, column: w.column };
    }
    case 'trap': {
      const target = one(rand, t.values);
      return { power: 'trap', target: target.seat, values: some(rand, target.values, t.count) };
    }
    case 'powerup':
      return { power: 'powerup', box: one(rand, t.boxes) as BoxRef };
    case 'wither': {
      const c = one(rand, t.columns);
      return { power: 'wither', target: c.seat, column: c.column };
    }
  }
}

/** A random declaration for one activation. */
function randomDeclaration(rand: Chooser, state: WarState, seat: number, activation: number): Declaration {
  const effect = randomEffect(rand, state, seat, activation);
  return effect ? { activation, effect } : { activation, pass: true };
}

/** A random legal action for a seat the game is waiting on. */
export function randomAction(rand: Chooser, state: WarState, seat: number): WarAction {
  const step = state.step;
  switch (step.kind) {
    case 'setup':
    case 'develop':
    case 'grow': {
      const need = developNeed(state, seat);
      if (!need) throw new Error(`seat ${seat} has nothing to develop`);
      return { type: 'develop', picks: randomPicks(rand, sheetOf(state, seat), need.count, need.pair) };
    }
    case 'roll':
      return { type: 'roll' };
    case 'declare': {
      const acts = state.turn?.activations[seat] ?? [];
      if (step.together) {
        return { type: 'declare', declarations: acts.map((_, i) => randomDeclaration(rand, state, seat, i)) };
      }
      const declared = state.turn?.declared[seatOfSlot(state, step.turn)] ?? [];
      const open = acts.map((_, i) => i).filter((i) => !declared.some((d) => d.activation === i));
      return { type: 'declare', declarations: [randomDeclaration(rand, state, seat, one(rand, open))] };
    }
    case 'gain': {
      const bend = one(rand, legalBends(state, seat));
      const option = one(rand, gainOptionsFor(state, seat, bend));
      return { type: 'gain', bend, box: option.box };
    }
    case 'traps': {
      const victim = step.queue[0]?.victim ?? 0;
      return { type: 'remove', target: one(rand, removableBoxes(sheetOf(state, victim))) };
    }
    case 'over':
      throw new Error('the game is over');
  }
}

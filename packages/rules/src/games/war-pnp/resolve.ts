import type { BoxRef, Effect, MarkRef, RowRef } from './actions.js';
import { growGift, pointsColumn, type PointsMark, powerAmount } from './sheet.js';
import { type Activation, type GainEffects, sheetOf, tableOrder, type WarState } from './state.js';

/** A used activation in table order: whose, which, and what it does. */
export interface UsedActivation {
  seat: number;
  activation: Activation;
  effect: Effect;
}

/** A stopping Cancel: the row it comes from and the row it aims at. */
export interface StopClaim {
  from: RowRef;
  to: RowRef;
}

/** Whether each stopping Cancel works, fails because its row was stopped, or fails in a cycle. */
export type StopVerdict = 'works' | 'stopped' | 'deadlocked';

const rowKey = (r: RowRef): string => `${r.seat}:${r.row}`;

/**
 * Settles stopping Cancels. A Cancel row works when every Cancel aimed at it
 * fails, and is stopped when one aimed at it works; this is repeated until
 * nothing changes. What is left stops each other in loops: the loops that no
 * undecided Cancel from outside reaches are deadlocked (all their Cancels
 * fail, though their rows are not stopped), and settling goes on from there,
 * so a Cancel that only a deadlocked loop opposed still works.
 */
export function settleStops(claims: readonly StopClaim[]): { verdicts: StopVerdict[]; stopped: RowRef[] } {
  const rows = [...new Set(claims.map((c) => rowKey(c.from)))];
  const attackers = new Map(
    rows.map((r) => [r, [...new Set(claims.filter((c) => rowKey(c.to) === r).map((c) => rowKey(c.from)))]]),
  );
  const status = new Map<string, StopVerdict>();
  const undecided = (): string[] => rows.filter((r) => !status.has(r));
  const fails = (r: string): boolean => status.get(r) === 'stopped' || status.get(r) === 'deadlocked';
  while (undecided().length > 0) {
    let changed = false;
    for (const r of undecided()) {
      const against = attackers.get(r) ?? [];
      if (against.some((a) => status.get(a) === 'works')) status.set(r, 'stopped');
      else if (against.every(fails)) status.set(r, 'works');
      else continue;
      changed = true;
    }
    if (!changed) for (const r of sourceLoops(undecided(), attackers)) status.set(r, 'deadlocked');
  }
  const verdicts = claims.map((c) => status.get(rowKey(c.from)) ?? 'deadlocked');
  const stopped: RowRef[] = [];
  claims.forEach((c, i) => {
    if (verdicts[i] === 'works' && !stopped.some((r) => rowKey(r) === rowKey(c.to))) stopped.push(c.to);
  });
  return { verdicts, stopped };
}

/**
 * Among undecided Cancel rows (each aimed at by another undecided one), the
 * rows of the loops that no undecided row outside the loop aims at. There is
 * always at least one such loop, so settling always makes progress.
 */
function sourceLoops(open: readonly string[], attackers: ReadonlyMap<string, readonly string[]>): string[] {
  const openSet = new Set(open);
  const reaches = (from: string): Set<string> => {
    // Follow "aims at" edges: `to` is reached from `from` when from stops to, directly or through others.
    const seen = new Set<string>([from]);
    const stack = [from];
    while (stack.length > 0) {
      const r = stack.pop() as string;
      for (const to of open) {
        if (!seen.has(to) && (attackers.get(to) ?? []).includes(r)) {
          seen.add(to);
          stack.push(to);
        }
      }
    }
    return seen;
  };
  const reach = new Map(open.map((r) => [r, reaches(r)]));
  const loopOf = (r: string): string[] => open.filter((o) => reach.get(r)?.has(o) && reach.get(o)?.has(r));
  const out: string[] = [];
  for (const r of open) {
    const loop = loopOf(r);
    const reachedFromOutside = loop.some((m) =>
      (attackers.get(m) ?? []).some((a) => openSet.has(a) && !loop.includes(a)),
    );
    if (!reachedFromOutside) out.push(r);
  }
  return out;
}

/** The used (not passed) activations of the round, in table order, then die order. */
export function usedActivations(state: WarState): UsedActivation[] {
  const turn = state.turn;
  if (!turn) return [];
  return tableOrder(state).flatMap((seat) =>
    (turn.declared[seat] ?? []).flatMap((d) => {
      const activation = turn.activations[seat]?.[d.activation];
      return activation && d.effect ? [{ seat, activation, effect: d.effect }] : [];
    }),
  );
}

/** Erases one mark if it is still there (two Cancels may name the same mark). */
function eraseMark(state: WarState, mark: MarkRef): void {
  const sheet = sheetOf(state, mark.seat);
  if (mark.kind === 'trap') sheet.traps = sheet.traps.filter((t) => t.value !== mark.value);
  else pointsColumn(sheet, mark.column).marks[mark.box - 1] = null;
}

/**
 * Resolves the declared activations of the round on `state` (a copy the
 * caller owns): stopping Cancels, then erasing and Withering-lowering
 * Cancels, then new marks in table order, then Grow. Bend, Decay and Steal
 * are kept in `turn.effects` for the gain step. Returns the developments
 * each seat is owed by Grow.
 */
export function resolveDeclarations(state: WarState): number[] {
  const turn = state.turn;
  const owed = Array<number>(state.seats).fill(0);
  if (!turn) return owed;
  const used = usedActivations(state);
  const stops = used.flatMap((u) =>
    u.effect.power === 'cancel' && u.effect.mode === 'stop'
      ? [{ use: u, claim: { from: { seat: u.seat, row: u.activation.row }, to: u.effect.target } }]
      : [],
  );
  const { verdicts, stopped } = settleStops(stops.map((s) => s.claim));
  turn.report.stopped = stopped;
  turn.report.deadlocked = stops.flatMap((s, i) => (verdicts[i] === 'deadlocked' ? [s.claim.from] : []));
  const isStopped = (seat: number, row: number): boolean => stopped.some((r) => r.seat === seat && r.row === row);
  const working = used.filter((u) => !isStopped(u.seat, u.activation.row));

  // Erasing and lowering act on marks made before this round's new ones.
  for (const { activation, effect } of working) {
    if (effect.power !== 'cancel') continue;
    if (effect.mode === 'erase') effect.marks.forEach((m) => eraseMark(state, m));
    if (effect.mode === 'unwither') {
      const col = pointsColumn(sheetOf(state, effect.target), effect.column);
      col.withering = Math.max(0, col.withering - powerAmount('cancel', activation.level));
    }
  }

  const placeBox = (seat: number, on: number, box: BoxRef, mark: PointsMark): void => {
    const marks = pointsColumn(sheetOf(state, on), box.column).marks;
    if (marks[box.box - 1] === null) marks[box.box - 1] = mark;
    else turn.report.lostMarks.push({ seat, on, target: box });
  };
  const effects: GainEffects = {
    bend: Array<number>(state.seats).fill(0),
    decay: Array<number>(state.seats).fill(0),
    steals: [],
  };
  for (const { seat, activation, effect } of working) {
    const amount = powerAmount(activation.power, activation.level);
    switch (effect.power) {
      case 'double':
        effect.boxes.forEach((b) => placeBox(seat, seat, b, { kind: 'double' }));
        break;
      case 'block':
        effect.boxes.forEach((b) => placeBox(seat, effect.target, b, { kind: 'block' }));
        break;
      case 'powerup':
        placeBox(seat, seat, effect.box, { kind: 'powerup', factor: amount });
        break;
      case 'trap': {
        const sheet = sheetOf(state, effect.target);
        for (const value of effect.values) {
          if (sheet.traps.some((t) => t.value === value)) {
            turn.report.lostMarks.push({ seat, on: effect.target, target: { value } });
          } else sheet.traps.push({ value, owner: seat });
        }
        break;
      }
      case 'wither':
        pointsColumn(sheetOf(state, effect.target), effect.column).withering += amount;
        break;
      case 'grow': {
        owed[seat] = (owed[seat] ?? 0) + amount;
        const gifts = effect.gifts ?? shareWithSoleOpponent(state.seats, seat, growGift(activation.level));
        for (const g of gifts) owed[g.seat] = (owed[g.seat] ?? 0) + g.count;
        break;
      }
      case 'bend':
        effects.bend[seat] = (effects.bend[seat] ?? 0) + amount;
        break;
      case 'decay':
        effects.decay[effect.target] = Math.max(effects.decay[effect.target] ?? 0, amount);
        break;
      case 'steal':
        effects.steals.push({ seat, target: effect.target, rank: amount });
        break;
      case 'cancel':
        break;
    }
  }
  for (const sheet of state.sheets) sheet.traps.sort((a, b) => a.value - b.value);
  turn.effects = effects;
  return owed;
}

/** Grow's gift when the declaration left the split out: all of it to the only opponent. */
function shareWithSoleOpponent(seats: number, seat: number, gift: number): { seat: number; count: number }[] {
  return gift > 0 && seats === 2 ? [{ seat: 1 - seat, count: gift }] : [];
}

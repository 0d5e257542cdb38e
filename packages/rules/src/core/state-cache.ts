import type { AwaitedSeat, GameDefinition, GameRules, Outcome } from './define-game.js';
import type { Viewer } from './viewer.js';

/** What has been worked out about one state; states are never changed once made, so it stays right while the state lives. */
interface StateFacts<A, V> {
  awaiting?: AwaitedSeat<A>[];
  outcome?: Outcome | null;
  publicView?: V;
  own?: Map<number, Partial<V> | null>;
  seatViews?: Map<number, V>;
}

/** An own view and the inputs it was built from. */
interface OwnEntry<V> {
  inputs: readonly unknown[];
  view: Partial<V> | null;
}

/** How many own views of one seat are kept under the same first input. */
const KEPT_OWN_VIEWS = 4;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/** Whether two own views hold the very same field values (an own view is a handful of fields). */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.is((a as Record<string, unknown>)[key], other[key]))
  );
}

/**
 * The game with everything derived from a state worked out once per state:
 * `awaiting`, `outcome`, the public view, each seat's own view and each seat's
 * whole view. Every game gets this in one place, so no game keeps a cache of
 * its own. The caches are per game, so one game's views never reach another.
 *
 * A seat's own view is also kept across states: while the inputs the game
 * names for it (`ownInputs`) are the very same values, it is the very same
 * object, so the server can tell by identity that the seat's part did not
 * change. With copy-on-write states, an untouched part keeps its identity
 * without the game doing anything for it.
 */
export function cachedGame<O, S, A, V>(rules: GameRules<O, S, A, V>): GameDefinition<O, S, A, V> {
  const facts = new WeakMap<object, StateFacts<A, V>>();
  // The newest own views of each seat, under the first of their inputs; forgotten with that object.
  const ownByInput = new WeakMap<object, Map<number, OwnEntry<V>[]>>();

  const factsOf = (state: S): StateFacts<A, V> => {
    const key = state as object;
    let found = facts.get(key);
    if (found === undefined) {
      found = {};
      facts.set(key, found);
    }
    return found;
  };

  const awaiting = (state: S): AwaitedSeat<A>[] => {
    const f = factsOf(state);
    return (f.awaiting ??= rules.awaiting(state));
  };

  const outcome = (state: S): Outcome | null => {
    const f = factsOf(state);
    if (f.outcome === undefined) f.outcome = rules.outcome(state);
    return f.outcome;
  };

  const publicView = (state: S): V => {
    const f = factsOf(state);
    if (f.publicView === undefined) f.publicView = rules.publicView(state);
    return f.publicView;
  };

  const keptOwnView = (state: S, seat: number): Partial<V> | null => {
    const inputs = rules.ownInputs?.(state, seat);
    const anchor = inputs?.[0];
    if (inputs === undefined || !isObject(anchor)) return rules.ownView(state, seat);
    let bySeat = ownByInput.get(anchor);
    if (bySeat === undefined) {
      bySeat = new Map();
      ownByInput.set(anchor, bySeat);
    }
    const kept = bySeat.get(seat) ?? [];
    const same = kept.find((entry) => sameValues(entry.inputs, inputs));
    if (same !== undefined) return same.view;
    const view = rules.ownView(state, seat);
    // A few, not one: a caller may look at an older state after a newer one (the state a move was made on, say).
    bySeat.set(seat, [{ inputs, view }, ...kept.slice(0, KEPT_OWN_VIEWS - 1)]);
    return view;
  };

  const ownView = (state: S, seat: number): Partial<V> | null => {
    const f = factsOf(state);
    f.own ??= new Map();
    let own = f.own.get(seat);
    if (own === undefined) {
      own = keptOwnView(state, seat);
      f.own.set(seat, own);
    }
    return own;
  };

  const view = (state: S, viewer: Viewer): V => {
    const shared = publicView(state);
    if (viewer.role !== 'seat') return shared;
    const f = factsOf(state);
    f.seatViews ??= new Map();
    let seatView = f.seatViews.get(viewer.seat);
    if (seatView === undefined) {
      const own = ownView(state, viewer.seat);
      seatView = own === null ? shared : { ...shared, ...own };
      f.seatViews.set(viewer.seat, seatView);
    }
    return seatView;
  };

  const ownViewChanged = (before: S, after: S, seat: number): boolean => {
    const [a, b] = [ownView(before, seat), ownView(after, seat)];
    if (a === b) return false;
    return a === null || b === null || !sameFields(a, b);
  };

  return { ...rules, awaiting, outcome, publicView, ownView, view, ownViewChanged };
}

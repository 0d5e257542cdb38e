import { scriptedDice, warPnp } from '@rollcall/rules';

/**
 * Two-player games of Powers 'n Points played through the rules module, so
 * the screens' helpers are tested on real views rather than hand-made ones.
 */

type State = Parameters<typeof warPnp.warPnp.view>[0];

/** Plays one action that must be accepted. */
export function step(state: State, seat: number, action: warPnp.WarAction, dice: number[] = []): State {
  const result = warPnp.warPnp.apply(state, seat, action, { dice: scriptedDice(dice) });
  if (!result.ok) throw new Error(`seat ${seat}'s ${action.type} was refused: ${result.error.code}`);
  return result.state;
}

/** Seat 0's and seat 1's setup, then round 1's developments, ready for seat 0 to roll. */
export function readyToRoll(setup: [warPnp.Development[], warPnp.Development[]]): State {
  // The first die (a d2) makes seat 0 the main player.
  let state = warPnp.warPnp.setup({ seats: 2, options: { hardDecisions: false }, dice: scriptedDice([1]) });
  state = step(state, 0, { type: 'develop', picks: setup[0] });
  state = step(state, 1, { type: 'develop', picks: setup[1] });
  for (const seat of [0, 1]) {
    state = step(state, seat, {
      type: 'develop',
      picks: [{ kind: 'power', row: 6, name: 'bend' }, { kind: 'points', column: '2/12' }],
    });
  }
  return state;
}

/** What a seat's phone sees. */
export function phoneView(state: State, seat: number): warPnp.WarView {
  return warPnp.warPnp.view(state, { role: 'seat', seat });
}

/** A named row of `size` boxes: the picks that develop it. */
export function row(face: number, name: warPnp.PowerName, size = 1): warPnp.Development[] {
  return Array.from({ length: size }, (_, i) => (i === 0 ? { kind: 'power', row: face, name } : { kind: 'power', row: face }));
}

/** `count` boxes of a Points column. */
export function boxes(column: warPnp.ColumnId, count: number): warPnp.Development[] {
  return Array.from({ length: count }, () => ({ kind: 'points', column }));
}

import type { AwaitedSeat } from '../../core/define-game.js';
import type { WarAction } from './actions.js';
import { developNeed, fallbackDevelopments } from './develop.js';
import { bestGain } from './gain.js';
import { seatOfSlot } from './round.js';
import { sheetOf, type WarState } from './state.js';
import { highestValueBox } from './traps.js';

/**
 * Who must act now, each with what a turn timer does for them: develop the
 * first legal boxes; the main player rolls; pass every activation (two
 * players) or the first one left (declaring in turn); gain from the best box;
 * a trap's owner removes the trapped player's highest-value box.
 */
export function warAwaiting(state: WarState): AwaitedSeat<WarAction>[] {
  const step = state.step;
  switch (step.kind) {
    case 'setup':
    case 'develop':
    case 'grow':
      return step.picks.flatMap((p, seat) => {
        const need = developNeed(state, seat);
        if (p !== null || !need) return [];
        return [{ seat, fallback: { type: 'develop', picks: fallbackDevelopments(sheetOf(state, seat), need) } }];
      });
    case 'roll':
      return [{ seat: state.main, fallback: { type: 'roll' } }];
    case 'declare': {
      if (step.together) {
        return step.pending.flatMap((p, seat) =>
          p === null ? [{ seat, fallback: { type: 'declare', declarations: [] } }] : [],
        );
      }
      const seat = seatOfSlot(state, step.turn);
      const declared = state.turn?.declared[seat] ?? [];
      const acts = state.turn?.activations[seat] ?? [];
      const first = acts.findIndex((_, i) => !declared.some((d) => d.activation === i));
      return [{ seat, fallback: { type: 'declare', declarations: [{ activation: first, pass: true }] } }];
    }
    case 'gain':
      return step.choices.flatMap((c, seat) => {
        const best = bestGain(state, seat);
        return c === null && best ? [{ seat, fallback: { type: 'gain', bend: best.bend, box: best.box } }] : [];
      });
    case 'traps': {
      const springing = step.queue[0];
      const box = springing ? highestValueBox(sheetOf(state, springing.victim)) : null;
      return springing && box ? [{ seat: springing.owner, fallback: { type: 'remove', target: box } }] : [];
    }
    case 'over':
      return [];
  }
}

import type { RoomView } from '@rollcall/protocol';
import type { wfgts } from '@rollcall/rules';

/** The move a phone makes from its view (the public view with its seat's part laid over it), or null when the game is not waiting on it. */
export type ChooseMove = (view: RoomView, seat: number) => unknown;

/**
 * A plausible wfgts player: keep the dice showing 1 to 3 (they make runs),
 * score the best grouping, and spend junk in the last round when it pays more.
 */
export const wfgtsMove: ChooseMove = (view, seat) => {
  if (view.status !== 'playing' || !view.awaiting.includes(seat)) return null;
  const play = view.play as wfgts.WfgtsView | null;
  if (play?.kind !== 'seat') return null;
  if (play.step === 'carry') {
    const line = play.me.rounds.at(-1)?.lines.at(-1) ?? [];
    return { type: 'carry', dice: line.flatMap((n, column) => (n <= 3 ? [column] : [])) };
  }
  if (play.step !== 'score') return null;
  const junk = play.me.scoring?.junk ?? null;
  const best = play.me.scoring?.best.score ?? 0;
  return { type: 'score', choice: play.round === 6 && junk !== null && junk > best ? 'junk' : 'best' };
};

/** The floor has no game: any seat may send its stand-in move whenever the room is on. */
export const floorMove: ChooseMove = (view, seat) =>
  view.status === 'playing' && view.awaiting.includes(seat) ? { type: 'carry', dice: [] } : null;

import { withPart, type PublicRoomView, type RoomView } from '@rollcall/protocol';
import { generatorDice, seedGenerator, wfgts, type GameEvent } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { floorMove, wfgtsMove } from './wfgts-moves.js';

/**
 * A phone's view of `state` as the phone puts it together: the public room
 * view everyone gets, with the seat's part (its own fields of the game view)
 * laid over it.
 */
function phoneView(state: wfgts.WfgtsState, seat: number): RoomView {
  const shared = wfgts.game.view(state, { role: 'spectator' });
  const room: PublicRoomView = {
    code: 'ABCD',
    version: 1,
    step: 1,
    status: state.step === 'over' ? 'finished' : 'playing',
    seats: [],
    lead: 0,
    locked: false,
    spectatorsAllowed: true,
    whenAway: { play: 'default', seconds: 30 },
    hints: true,
    nextPlayers: [],
    spectators: 0,
    game: { id: 'wfgts', options: {} },
    timer: { seconds: 0, deadline: null },
    awaiting: wfgts.game.awaiting(state).map((a) => a.seat),
    play: shared,
    outcome: null,
  };
  const own = Object.entries(wfgts.game.view(state, { role: 'seat', seat })).filter(
    ([key, value]) => (shared as unknown as Record<string, unknown>)[key] !== value,
  );
  return withPart(room, { code: 'ABCD', version: 1, seat, play: Object.fromEntries(own) });
}

describe('the scripted wfgts player', () => {
  it('plays from a put-together view that is the seat’s own game view', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(4)));
    const state = wfgts.game.setup({ seats: 3, options: {}, dice });
    const view = phoneView(state, 1);
    expect(view.viewer).toEqual({ role: 'seat', seat: 1 });
    expect(view.play).toEqual(wfgts.game.view(state, { role: 'seat', seat: 1 }));
  });

  it('plays whole games to the end with moves the rules accept', () => {
    for (const seed of [1, 2, 3]) {
      const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(seed)));
      let state = wfgts.game.setup({ seats: 3, options: {}, dice });
      const events: GameEvent[] = [];
      for (let moves = 0; state.step !== 'over'; moves++) {
        expect(moves).toBeLessThan(200);
        const seat = wfgts.game.awaiting(state)[0]?.seat ?? -1;
        const result = wfgts.game.apply(state, seat, wfgts.wfgtsAction.parse(wfgtsMove(phoneView(state, seat), seat)), {
          dice,
        });
        if (!result.ok) throw new Error(result.error.code);
        state = result.state;
        events.push(...result.events);
      }
      expect(events.filter((e) => e.type === 'scored')).toHaveLength(3 * 6);
    }
  });

  it('keeps the low dice and waits when the game is not waiting on its seat', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(9)));
    const state = wfgts.game.setup({ seats: 2, options: {}, dice });
    const line = state.sheets[0]?.rounds[0]?.lines[0] ?? [];
    const move = wfgtsMove(phoneView(state, 0), 0) as { type: string; dice: number[] };
    expect(move.type).toBe('carry');
    expect(move.dice.map((column) => line[column])).toEqual(line.filter((n) => n <= 3));
    expect(wfgtsMove({ ...phoneView(state, 0), awaiting: [1] }, 0)).toBeNull();
    expect(wfgtsMove({ ...phoneView(state, 0), status: 'lobby' }, 0)).toBeNull();
  });

  it('makes no move from the public view alone', () => {
    const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(9)));
    const state = wfgts.game.setup({ seats: 2, options: {}, dice });
    const view = phoneView(state, 0);
    expect(wfgtsMove({ ...view, play: wfgts.game.view(state, { role: 'spectator' }) }, 0)).toBeNull();
  });

  it('moves on the floor whenever the room is on and its seat is listed', () => {
    const view = { status: 'playing', awaiting: [0, 1] } as unknown as RoomView;
    expect(floorMove(view, 1)).toEqual({ type: 'carry', dice: [] });
    expect(floorMove({ ...view, status: 'lobby' }, 1)).toBeNull();
  });
});

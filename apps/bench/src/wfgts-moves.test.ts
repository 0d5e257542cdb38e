import type { RoomView } from '@rollcall/protocol';
import { generatorDice, seedGenerator, wfgts, type GameEvent } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { floorMove, wfgtsMove } from './wfgts-moves.js';

/** A room view around the game's own view of `state` for `seat`. */
function roomView(state: wfgts.WfgtsState, seat: number): RoomView {
  return {
    code: 'ABCD',
    version: 1,
    status: state.step === 'over' ? 'finished' : 'playing',
    viewer: { role: 'seat', seat },
    seats: [],
    lead: 0,
    locked: false,
    spectatorsAllowed: true,
    spectators: 0,
    game: { id: 'wfgts', options: {} },
    timer: { seconds: 0, deadline: null },
    awaiting: wfgts.game.awaiting(state).map((a) => a.seat),
    play: wfgts.game.view(state, { role: 'seat', seat }),
    outcome: null,
  };
}

describe('the scripted wfgts player', () => {
  it('plays whole games to the end with moves the rules accept', () => {
    for (const seed of [1, 2, 3]) {
      const dice = generatorDice(seedGenerator(new Uint8Array(16).fill(seed)));
      let state = wfgts.game.setup({ seats: 3, options: {}, dice });
      const events: GameEvent[] = [];
      for (let moves = 0; state.step !== 'over'; moves++) {
        expect(moves).toBeLessThan(200);
        const seat = wfgts.game.awaiting(state)[0]?.seat ?? -1;
        const result = wfgts.game.apply(state, seat, wfgts.wfgtsAction.parse(wfgtsMove(roomView(state, seat), seat)), {
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
    const move = wfgtsMove(roomView(state, 0), 0) as { type: string; dice: number[] };
    expect(move.type).toBe('carry');
    expect(move.dice.map((column) => line[column])).toEqual(line.filter((n) => n <= 3));
    expect(wfgtsMove({ ...roomView(state, 0), awaiting: [1] }, 0)).toBeNull();
    expect(wfgtsMove({ ...roomView(state, 0), status: 'lobby' }, 0)).toBeNull();
  });

  it('moves on the floor whenever the room is on and its seat is listed', () => {
    const view = { status: 'playing', awaiting: [0, 1] } as unknown as RoomView;
    expect(floorMove(view, 1)).toEqual({ type: 'carry', dice: [] });
    expect(floorMove({ ...view, status: 'lobby' }, 1)).toBeNull();
  });
});

import { DEFAULT_WHEN_AWAY, type RoomView } from '@rollcall/protocol';
import type { GameRecord } from '@rollcall/protocol/game-record';
import type { AnyGame } from '@rollcall/rules';

/**
 * The room as a spectator saw it at one step of a recorded game, so the
 * game's own TV board can show a replay without knowing it is one.
 */
export function replayView(record: GameRecord, game: AnyGame, state: unknown, step: number): RoomView {
  const outcome = game.outcome(state);
  return {
    code: record.room,
    version: step,
    status: outcome === null ? 'playing' : 'finished',
    viewer: { role: 'spectator' },
    seats: record.seats.map((s, seat) => ({
      seat,
      name: s.name,
      connected: true,
      vacant: false,
      awaySince: null,
      playedFrom: null,
      newPhoneAt: null,
      bot: false,
    })),
    lead: 0,
    locked: false,
    spectatorsAllowed: true,
    spectators: 0,
    game: record.game,
    timer: { seconds: 0, deadline: null },
    whenAway: DEFAULT_WHEN_AWAY,
    hints: false,
    nextPlayers: [],
    awaiting: outcome === null ? game.awaiting(state).map((a: { seat: number }) => a.seat) : [],
    step,
    play: game.view(state, { role: 'spectator' }),
    outcome,
    dice: null,
  };
}

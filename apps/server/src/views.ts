import type { RoomView, SeatInfo, ViewerInfo } from '@rollcall/protocol';
import { findGame, type AnyGame, type Viewer } from '@rollcall/rules';
import type { RoomRecord } from './room-record.js';

/** Who is connected to a room right now; not part of the stored room. */
export interface Presence {
  connectedSeats: ReadonlySet<string>;
  spectators: number;
}

/** The views of one version of a room: each public one built once, seat views on demand. */
export interface RoomViews {
  host(controls: boolean): RoomView;
  spectator(): RoomView;
  seat(seat: number): RoomView;
}

/** Build the views of a room. Game views are computed lazily and at most once per viewer. */
export function roomViews(room: RoomRecord, presence: Presence): RoomViews {
  const game: AnyGame | undefined = room.game === null ? undefined : findGame(room.game.id);
  const live = room.play !== null && game !== undefined;
  const seats: SeatInfo[] = room.seats.map((s, seat) => ({
    seat,
    name: s.name,
    connected: presence.connectedSeats.has(s.id),
    vacant: s.tokenHash === null,
  }));
  const base: Omit<RoomView, 'viewer' | 'play'> = {
    code: room.code,
    version: room.version,
    status: room.status,
    seats,
    lead: room.lead,
    locked: room.locked,
    spectatorsAllowed: room.spectatorsAllowed,
    spectators: presence.spectators,
    game: room.game === null ? null : { id: room.game.id, options: room.game.options },
    timer: { seconds: room.timerSeconds, deadline: room.deadline },
    awaiting: live && room.status === 'playing' ? game.awaiting(room.play).map((a) => a.seat) : [],
    outcome: live ? game.outcome(room.play) : null,
  };
  const gameViews = new Map<string, unknown>();
  const play = (viewer: Viewer): unknown => {
    if (!live) return null;
    const key = viewer.role === 'seat' ? `seat:${viewer.seat}` : viewer.role;
    if (!gameViews.has(key)) gameViews.set(key, game.view(room.play, viewer));
    return gameViews.get(key);
  };
  const view = (viewer: ViewerInfo, gameViewer: Viewer): RoomView => ({ ...base, viewer, play: play(gameViewer) });
  return {
    host: (controls) => view({ role: 'host', controls }, { role: 'host' }),
    spectator: () => view({ role: 'spectator' }, { role: 'spectator' }),
    seat: (seat) => view({ role: 'seat', seat }, { role: 'seat', seat }),
  };
}

import { describe, expect, it } from 'vitest';
import type { PublicRoomView, SeatPart } from './messages.js';
import { assembledView, hearPart, hearRoom, lookerOf, nothingHeard, withPart, type Heard } from './view-assembly.js';

const room = (version: number, play: Record<string, unknown> | null = { round: version }, code = 'ABCD'): PublicRoomView => ({
  code,
  version,
  status: 'playing',
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
  awaiting: [],
  step: 0,
  play,
  outcome: null,
});
const part = (version: number, seat = 0, code = 'ABCD'): SeatPart => ({ code, version, seat, play: { me: `sheet ${version}` } });

const hear = (...messages: (PublicRoomView | SeatPart)[]): Heard =>
  messages.reduce<Heard>((h, m) => ('seat' in m ? hearPart(h, m) : hearRoom(h, m)), nothingHeard);

describe('putting a view together', () => {
  it('lays the seat part over the public game view and takes the seat number from it', () => {
    const view = assembledView(hear(part(3, 2), room(3)), { role: 'seat' });
    expect(view).toMatchObject({ version: 3, viewer: { role: 'seat', seat: 2 }, play: { round: 3, me: 'sheet 3' } });
  });

  it('keeps a part for later versions until a newer one comes', () => {
    expect(assembledView(hear(part(3), room(3), room(4), room(5)), { role: 'seat' })?.play).toEqual({ round: 5, me: 'sheet 3' });
  });

  it('holds a part that came before its view back until the view comes', () => {
    const early = hear(part(3), room(3), part(4));
    expect(assembledView(early, { role: 'seat' })?.play).toEqual({ round: 3, me: 'sheet 3' });
    expect(assembledView(hearRoom(early, room(4)), { role: 'seat' })?.play).toEqual({ round: 4, me: 'sheet 4' });
    expect(hearRoom(early, room(4)).parts.map((p) => p.version)).toEqual([4]);
  });

  it('shows a seat nothing until its part has come', () => {
    expect(assembledView(hear(room(3)), { role: 'seat' })).toBeNull();
    expect(assembledView(hear(room(3), part(4)), { role: 'seat' })).toBeNull();
  });

  it('ignores a view older than the one held, and takes an equal version as fresher news', () => {
    expect(hear(room(5), room(4)).room?.version).toBe(5);
    const again = { ...room(5), spectators: 3 };
    expect(hear(room(5), again).room?.spectators).toBe(3);
  });

  it('lets a late part that is older than the one in use change nothing', () => {
    const heard = hear(part(4), room(4), part(2));
    expect(assembledView(heard, { role: 'seat' })?.play).toEqual({ round: 4, me: 'sheet 4' });
  });

  it('starts afresh for another room', () => {
    const heard = hear(part(4), room(4), part(1, 0, 'WXYZ'));
    expect(heard.room).toBeNull();
    expect(assembledView(hearRoom(heard, room(1, {}, 'WXYZ')), { role: 'seat' })?.code).toBe('WXYZ');
    expect(hear(part(4), room(4), room(1, {}, 'WXYZ')).parts).toEqual([]);
  });

  it('gives host screens and spectators the public view with their own viewer', () => {
    expect(assembledView(hear(room(2)), { role: 'host', controls: true })?.viewer).toEqual({ role: 'host', controls: true });
    expect(assembledView(hear(room(2)), { role: 'spectator' })).toMatchObject({ viewer: { role: 'spectator' }, play: { round: 2 } });
  });

  it('leaves the play empty while no game is on, whatever the part says', () => {
    expect(withPart(room(1, null), part(1)).play).toBeNull();
    expect(withPart(room(1), { ...part(1), play: null }).play).toEqual({ round: 1 });
  });

  it('knows who a create or join asks to be before the answer comes', () => {
    expect(lookerOf({ as: 'host' })).toEqual({ role: 'host', controls: true });
    expect(lookerOf({ as: 'player', name: 'Ann' })).toEqual({ role: 'seat' });
    expect(lookerOf({ code: 'ABCD', as: 'host' })).toEqual({ role: 'host', controls: false });
    expect(lookerOf({ code: 'ABCD', as: 'host', hostToken: 't'.repeat(24) })).toEqual({ role: 'host', controls: true });
    expect(lookerOf({ code: 'ABCD', as: 'seat', seatToken: 't'.repeat(24) })).toEqual({ role: 'seat' });
    expect(lookerOf({ code: 'ABCD', as: 'spectator' })).toEqual({ role: 'spectator' });
  });
});

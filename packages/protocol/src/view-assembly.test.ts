import { describe, expect, it } from 'vitest';
import type { PublicRoomView, RoomChange, SeatPart } from './messages.js';
import { assembledView, hearChange, lookerOf, nothingHeard, withPart } from './view-assembly.js';
import { viewEdits } from './view-changes.js';

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

/** A change to `view` made from the view tagged `from`, or whole without one. */
const change = (view: PublicRoomView, from?: string, before?: PublicRoomView): RoomChange => ({
  code: view.code,
  version: view.version,
  status: view.status,
  tag: `t${view.version}`,
  ...(from === undefined || before === undefined ? { view } : { from, edits: viewEdits(before, view) }),
});

describe('putting a view together', () => {
  it('lays the seat part over the public game view and takes the seat number from it', () => {
    const heard = hearChange(nothingHeard, change(room(3)), part(3, 2));
    expect(assembledView(heard!, { role: 'seat' })).toMatchObject({ version: 3, viewer: { role: 'seat', seat: 2 }, play: { round: 3, me: 'sheet 3' } });
  });

  it('keeps a part for later changes until a newer one comes', () => {
    let heard = hearChange(nothingHeard, change(room(3)), part(3))!;
    heard = hearChange(heard, change(room(4), 't3', room(3)))!;
    expect(assembledView(heard, { role: 'seat' })?.play).toEqual({ round: 4, me: 'sheet 3' });
    heard = hearChange(heard, change(room(5), 't4', room(4)), part(5))!;
    expect(assembledView(heard, { role: 'seat' })?.play).toEqual({ round: 5, me: 'sheet 5' });
  });

  it('applies a change only to the view it was made from', () => {
    const heard = hearChange(nothingHeard, change(room(3)), part(3))!;
    expect(hearChange(heard, change(room(5), 't4', room(4)))).toBeNull();
    expect(hearChange(nothingHeard, change(room(4), 't3', room(3)))).toBeNull();
    expect(hearChange(heard, change(room(5)))?.room).toEqual(room(5));
  });

  it('shows a seat nothing until its part has come', () => {
    expect(assembledView(hearChange(nothingHeard, change(room(3)))!, { role: 'seat' })).toBeNull();
  });

  it('ignores a whole view older than the one held, and takes an equal version as fresher news', () => {
    const heard = hearChange(nothingHeard, change(room(5)))!;
    expect(hearChange(heard, change(room(4)))?.room?.version).toBe(5);
    const again = { ...room(5), spectators: 3 };
    expect(hearChange(heard, change(again))?.room?.spectators).toBe(3);
  });

  it('starts afresh for another room', () => {
    const heard = hearChange(nothingHeard, change(room(4)), part(4))!;
    const other = hearChange(heard, change(room(1, {}, 'WXYZ')))!;
    expect(other.part).toBeNull();
    expect(assembledView(hearChange(other, change(room(1, {}, 'WXYZ')), part(1, 0, 'WXYZ'))!, { role: 'seat' })?.code).toBe('WXYZ');
  });

  it('gives host screens and spectators the public view with their own viewer', () => {
    const heard = hearChange(nothingHeard, change(room(2)))!;
    expect(assembledView(heard, { role: 'host', controls: true })?.viewer).toEqual({ role: 'host', controls: true });
    expect(assembledView(heard, { role: 'spectator' })).toMatchObject({ viewer: { role: 'spectator' }, play: { round: 2 } });
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

import { describe, expect, it } from 'vitest';
import { addBot, addPlayer, configure, markPresence, movesDue, playAction, rematch, removeSeat, startGame, type Change } from './room-changes.js';
import { newRoom, type RoomRecord } from './room-record.js';

const now = 1_000;
const seed = new Uint8Array(16).fill(3);
const PAUSE = 800;

function accepted(change: Change | null): RoomRecord {
  if (change === null || !change.ok) throw new Error(`refused: ${change === null ? 'no change' : change.error.code}`);
  return change.room;
}

function refusal(change: Change): string {
  if (change.ok) throw new Error('accepted');
  return change.error.code;
}

/** A lobby of Ann (the lead) and `bots` bots, with `game` chosen. */
function lobby(bots: number, game = 'meet-fate'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, seed, hostTokenHash: null, botPauseMs: PAUSE });
  room = accepted(addPlayer(room, { name: 'Ann', seatId: 'id-Ann', tokenHash: 'h-Ann', now }));
  room = accepted(configure(room, { game, options: {}, timer: 0, now }));
  for (let b = 0; b < bots; b++) room = accepted(addBot(room, { seatId: `bot-${b}`, now }));
  return room;
}

describe('a bot seat in the lobby', () => {
  it('takes the next seat under a name nobody has, with no token', () => {
    const room = lobby(2);
    expect(room.seats.map((s) => [s.name, s.bot ?? false, s.tokenHash])).toEqual([
      ['Ann', false, 'h-Ann'],
      ['Bot Ada', true, null],
      ['Bot Bix', true, null],
    ]);
    expect(room.lead).toBe(0);
  });

  it('counts toward the game’s limit, and only comes in the lobby', () => {
    const full = lobby(1, 'war-pnp');
    let room = full;
    while (room.seats.length < 6) room = accepted(addBot(room, { seatId: `more-${room.seats.length}`, now }));
    expect(refusal(addBot(room, { seatId: 'one-too-many', now }))).toBe('room/full');
    const started = accepted(startGame(lobby(2), now));
    expect(refusal(addBot(started, { seatId: 'late', now }))).toBe('room/not-in-lobby');
  });

  it('never becomes the lead, and leaves like any seat', () => {
    const room = lobby(2);
    const annGone = accepted(removeSeat(room, { seat: 0, now }));
    expect(annGone.lead).toBeNull();
    const botGone = accepted(removeSeat(room, { seat: 1, now }));
    expect(botGone.seats.map((s) => s.name)).toEqual(['Ann', 'Bot Bix']);
  });

  it('stays for the rematch', () => {
    const room = accepted(startGame(lobby(2), now));
    const again = accepted(rematch(room, now));
    expect(again.seats.map((s) => [s.name, s.bot ?? false])).toEqual([
      ['Ann', false],
      ['Bot Ada', true],
      ['Bot Bix', true],
    ]);
    expect(again.lead).toBe(0);
  });
});

describe('a bot’s moves', () => {
  it('fall due a pause after the game began waiting on the bot, and set the room’s deadline', () => {
    // Ann rolls and fills a box, then the first bot is awaited.
    let room = accepted(startGame(lobby(2), now));
    expect(movesDue(room, [0]).size).toBe(0);
    expect(room.deadline).toBeNull();
    room = accepted(playAction(room, { seat: 0, action: { type: 'roll', hold: [] }, by: 'seat', now: 2_000, key: 'a1' }));
    room = accepted(playAction(room, { seat: 0, action: { type: 'fill', box: 'chance' }, by: 'seat', now: 3_000, key: 'a2' }));
    expect(movesDue(room, [1])).toEqual(new Map([[1, { at: 3_000 + PAUSE, by: 'bot' }]]));
    expect(room.deadline).toBe(3_000 + PAUSE);
  });

  it('are never marked away: a bot has no phone to lose', () => {
    const room = accepted(startGame(lobby(2), now));
    const marked = accepted(markPresence(room, { connected: new Set(), now: 5_000 }));
    expect(marked.seats.map((s) => s.awaySince ?? null)).toEqual([5_000, null, null]);
  });
});

describe('an away seat handed to a bot', () => {
  it('waits out the grace once, then moves at the bot’s pace until its phone is back', () => {
    let room = lobby(0, 'wfgts');
    room = accepted(addPlayer(room, { name: 'Bob', seatId: 'id-Bob', tokenHash: 'h-Bob', now }));
    room = accepted(configure(room, { game: 'wfgts', options: {}, timer: 0, whenAway: { play: 'bot', seconds: 15 }, now }));
    room = accepted(startGame(room, now));
    const away = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 2_000 }));
    expect(movesDue(away, [0, 1])).toEqual(new Map([[1, { at: 17_000, by: 'bot' }]]));
    // Long after the grace, a new step gives the bot only its pause.
    const later = { ...away, stepAt: 40_000 };
    expect(movesDue(later, [1]).get(1)).toEqual({ at: 40_000 + PAUSE, by: 'bot' });
    const back = accepted(markPresence(away, { connected: new Set(['id-Ann', 'id-Bob']), now: 9_000 }));
    expect(movesDue(back, [0, 1]).size).toBe(0);
  });
});

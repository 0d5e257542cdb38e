import { seedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import {
  addBot,
  addPlayer,
  awaySeats,
  configure,
  joinNext,
  markPresence,
  movesDue,
  offerHandOver,
  playAction,
  playedFrom,
  reclaimSeat,
  rematch,
  removeSeat,
  rename,
  setLock,
  startGame,
} from './room-changes.js';
import { newRoom, tokenRefusal, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';
import { accepted, refusal } from '../test/change-outcome.js';

const now = 1_000;
const generator = seedGenerator(new Uint8Array(16).fill(7));
const nextServerSeed = '5e'.repeat(32);


function playing(names: string[], game = 'wfgts'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
  for (const name of names) {
    room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
  }
  room = accepted(configure(room, { game, options: {}, timer: 0, now }));
  return accepted(startGame(room, now));
}

const everyone = (room: RoomRecord) => new Set(room.seats.map((s) => s.id));

describe('phones away during a game', () => {
  it('are noted once when they go and once when they come back, and never while nothing changed', () => {
    const room = playing(['Ann', 'Bob']);
    expect(markPresence(room, { connected: everyone(room), now })).toBeNull();
    const away = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 5_000 }));
    expect(away.seats.map((s) => s.awaySince ?? null)).toEqual([null, 5_000]);
    // Still away later: the time it went stays.
    expect(markPresence(away, { connected: new Set(['id-Ann']), now: 9_000 })).toBeNull();
    const back = accepted(markPresence(away, { connected: everyone(away), now: 9_000 }));
    expect(back.seats[1]?.awaySince).toBeNull();
    expect(back.deadline).toBeNull();
  });

  it('cost the table the grace once per absence, counted from when the phone went, then play the default at once', () => {
    const room = playing(['Ann', 'Bob']);
    const away = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 5_000 }));
    expect(playedFrom(away, away.seats[1])).toBe(35_000);
    expect(away.deadline).toBe(35_000);
    expect(movesDue(away, [0, 1])).toEqual(new Map([[1, { at: 35_000, by: 'away' }]]));
    // Ann's move leaves Bob awaited in the same step: his grace does not start again.
    const annMoved = accepted(playAction(away, { seat: 0, action: { type: 'carry', dice: [] }, by: 'seat', now: 6_000, key: 'a' }));
    expect(annMoved.deadline).toBe(35_000);
    // His default rolls line b: the next step waits on him no more.
    const bobPlayed = accepted(playAction(annMoved, { seat: 1, action: { type: 'carry', dice: [] }, by: 'away', now: 35_000, key: null }));
    expect(bobPlayed.stepAt).toBe(35_000);
    expect(movesDue(bobPlayed, [0, 1])).toEqual(new Map([[1, { at: 35_000, by: 'away' }]]));
    expect(bobPlayed.deadline).toBe(35_000);
    // A step that began long after the grace: due when it began, not a grace later.
    expect(movesDue({ ...bobPlayed, stepAt: 90_000 }, [1]).get(1)).toEqual({ at: 90_000, by: 'away' });
    // Back, then away again: the new absence gets the whole grace, from when the phone went again.
    const back = accepted(markPresence(bobPlayed, { connected: everyone(bobPlayed), now: 40_000 }));
    expect(playedFrom(back, back.seats[1])).toBeNull();
    expect(movesDue(back, [0, 1]).size).toBe(0);
    const again = accepted(markPresence(back, { connected: new Set(['id-Ann']), now: 50_000 }));
    expect(playedFrom(again, again.seats[1])).toBe(80_000);
    expect(again.deadline).toBe(80_000);
    // "Wait" never plays for an away seat and never sets a deadline.
    const waiting = { ...away, whenAway: { play: 'wait' as const, seconds: 30 as const } };
    expect(playedFrom(waiting, waiting.seats[1])).toBeNull();
    expect(movesDue(waiting, [0, 1]).size).toBe(0);
  });

  it('never wait for a removed seat: it is played for from its removal, whatever the room says about away phones', () => {
    const removed = accepted(removeSeat(playing(['Ann', 'Bob']), { seat: 1, now: 2_000 }));
    expect(removed.seats[1]).toMatchObject({ tokenHash: null, awaySince: 2_000 });
    expect(playedFrom(removed, removed.seats[1])).toBe(2_000);
    expect(removed.deadline).toBe(2_000);
    expect(movesDue(removed, [0, 1])).toEqual(new Map([[1, { at: 2_000, by: 'away' }]]));
    const waiting = { ...removed, whenAway: { play: 'wait' as const, seconds: 30 as const } };
    expect(movesDue(waiting, [1])).toEqual(new Map([[1, { at: 2_000, by: 'away' }]]));
    // A later step is due the moment it begins.
    expect(movesDue({ ...removed, stepAt: 9_000 }, [1]).get(1)).toEqual({ at: 9_000, by: 'away' });
  });

  it('play for nobody while no player has a phone at the table, and take up again when one is back', () => {
    const room = playing(['Ann', 'Bob']);
    const bobAway = accepted(markPresence(room, { connected: new Set(['id-Ann']), now: 5_000 }));
    const nobody = accepted(markPresence(bobAway, { connected: new Set(), now: 6_000 }));
    expect(nobody.seats.map((s) => playedFrom(nobody, s))).toEqual([null, null]);
    expect(movesDue(nobody, [0, 1]).size).toBe(0);
    expect(nobody.deadline).toBeNull();
    // Ann is back a minute on: Bob's grace, long over, was counted from when his phone went.
    const annBack = accepted(markPresence(nobody, { connected: new Set(['id-Ann']), now: 66_000 }));
    expect(movesDue(annBack, [0, 1])).toEqual(new Map([[1, { at: 35_000, by: 'away' }]]));
    expect(annBack.deadline).toBe(35_000);
  });

  it('show no time for a seat whose phone is here, or for a bot', () => {
    const room = playing(['Ann', 'Bob']);
    expect(room.seats.map((s) => playedFrom(room, s))).toEqual([null, null]);
    expect(playedFrom(room, { id: 'b', name: 'Bot Ada', tokenHash: null, bot: true })).toBeNull();
  });
});

describe('a seat taken back on a new phone', () => {
  it('gets the new token, is back, and tells the old token that it moved', () => {
    const away = accepted(markPresence(playing(['Ann', 'Bob']), { connected: new Set(['id-Ann']), now: 5_000 }));
    const back = accepted(reclaimSeat(away, { seat: 1, tokenHash: hashToken('new-token-of-bob-0000'), now: 8_000 }));
    expect(back.seats[1]).toMatchObject({ awaySince: null, newPhoneAt: 8_000, tokenHash: hashToken('new-token-of-bob-0000') });
    expect(back.deadline).toBeNull();
    expect(tokenRefusal(back, hashToken('token-of-Bob-000000'))).toBe('room/seat-moved');
    expect(tokenRefusal(back, hashToken('never-issued-0000000'))).toBe('room/bad-token');
  });

  it('is never a removed seat', () => {
    const removed = accepted(removeSeat(playing(['Ann', 'Bob']), { seat: 1, now }));
    expect(refusal(reclaimSeat(removed, { seat: 1, tokenHash: 'h', now }))).toBe('room/seat-removed');
  });
});

describe('a seat taken back in the lobby', () => {
  function lobbyOf(names: string[]): RoomRecord {
    let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
    for (const name of names) room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
    return room;
  }

  it('gets the new token, stays in its place, and tells the old token that it moved', () => {
    const back = accepted(reclaimSeat(lobbyOf(['Ann', 'Bob']), { seat: 1, tokenHash: hashToken('new-token-of-bob-0000'), now: 8_000 }));
    expect(back.status).toBe('lobby');
    expect(back.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect(back.seats[1]).toMatchObject({ id: 'id-Bob', newPhoneAt: 8_000, tokenHash: hashToken('new-token-of-bob-0000') });
    expect(back.lead).toBe(0);
    expect(tokenRefusal(back, hashToken('token-of-Bob-000000'))).toBe('room/seat-moved');
  });

  it('can be handed to a new phone by the lead with a one-time code, and the code goes once the seat is taken', () => {
    const offered = accepted(offerHandOver(lobbyOf(['Ann', 'Bob']), { seat: 1, codeHash: hashToken('ABCDEF'), now }));
    expect(offered.seats[1]?.handOverHash).toBe(hashToken('ABCDEF'));
    const back = accepted(reclaimSeat(offered, { seat: 1, tokenHash: hashToken('new-token-of-bob-0000'), now }));
    expect(back.seats[1]?.handOverHash).toBeNull();
    expect(refusal(offerHandOver(offered, { seat: 5, codeHash: 'h', now }))).toBe('room/unknown-seat');
  });
});

describe('a rematch with seats whose phones are gone', () => {
  /** Ann, Bob and Cy play war-pnp; Cy's phone was marked away, and Bob's may be gone too. */
  function withCyAway(): RoomRecord {
    return accepted(markPresence(playing(['Ann', 'Bob', 'Cy'], 'war-pnp'), { connected: new Set(['id-Ann', 'id-Bob']), now: 5_000 }));
  }

  it('finds them by the away mark or by no phone connected, never a bot or a removed seat', () => {
    const room = accepted(removeSeat(withCyAway(), { seat: 0, now }));
    expect(awaySeats(room, new Set(['id-Cy']))).toEqual([1, 2]);
    // Without every node's word, only the stored marks count.
    expect(awaySeats(room, null)).toEqual([2]);
    expect(awaySeats(accepted(startGame(lobby(2), now)), new Set(['id-Ann']))).toEqual([]);
  });

  it('is refused while one of them is undecided, and changes nothing', () => {
    const room = withCyAway();
    expect(refusal(rematch(room, now, nextServerSeed, { away: [1, 2], choices: [{ seat: 1, choice: 'keep' }] }))).toBe(
      'room/away-undecided',
    );
    expect(refusal(rematch(room, now, nextServerSeed, { away: [1, 2], choices: [] }))).toBe('room/away-undecided');
    expect(refusal(rematch(room, now, nextServerSeed, { away: [], choices: [{ seat: 9, choice: 'keep' }] }))).toBe('room/unknown-seat');
  });

  it('keeps, removes or gives to a bot each seat as chosen', () => {
    const room = withCyAway();
    const kept = accepted(rematch(room, now, nextServerSeed, { away: [1, 2], choices: [{ seat: 1, choice: 'keep' }, { seat: 2, choice: 'remove' }] }));
    expect(kept.seats.map((s) => [s.name, s.tokenHash !== null, s.awaySince ?? null])).toEqual([
      ['Ann', true, null],
      ['Bob', true, null],
    ]);
    const bot = accepted(rematch(room, now, nextServerSeed, { away: [1, 2], choices: [{ seat: 1, choice: 'bot' }, { seat: 2, choice: 'bot' }] }));
    expect(bot.seats.map((s) => [s.name, s.bot ?? false, s.tokenHash === null])).toEqual([
      ['Ann', false, false],
      ['Bot Ada', true, true],
      ['Bot Bix', true, true],
    ]);
    // The player's own name is free again: they can join the next game as a new player.
    expect(tokenRefusal(bot, hashToken('token-of-Bob-000000'))).toBe('room/bad-token');
  });

  it('ignores a choice for a seat whose phone came back, and passes the lead on when its seat goes', () => {
    const room = withCyAway();
    const back = accepted(rematch(room, now, nextServerSeed, { away: [2], choices: [{ seat: 1, choice: 'remove' }, { seat: 2, choice: 'keep' }] }));
    expect(back.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy']);
    const leadGone = accepted(rematch(room, now, nextServerSeed, { away: [0], choices: [{ seat: 0, choice: 'bot' }] }));
    expect(leadGone.seats.map((s) => s.name)).toEqual(['Bot Ada', 'Bob', 'Cy']);
    expect(leadGone.lead).toBe(1);
  });
});

describe('those who come during a game', () => {
  it('queue under a name nobody has, unless the room is locked', () => {
    const room = playing(['Ann']);
    const dee = accepted(joinNext(room, { name: 'Dee', id: 'id-Dee', tokenHash: 'h-dee', now }));
    expect(refusal(joinNext(dee, { name: 'DEE', id: 'x', tokenHash: 'x', now }))).toBe('room/name-taken');
    expect(refusal(joinNext(dee, { name: 'ann', id: 'x', tokenHash: 'x', now }))).toBe('room/name-taken');
    const locked = accepted(setLock(dee, { locked: true, spectatorsAllowed: false, now }));
    expect(refusal(joinNext(locked, { name: 'Eve', id: 'x', tokenHash: 'x', now }))).toBe('room/locked');
  });

  it('take seats at the rematch in the order they came, up to the game’s maximum', () => {
    let room = playing(['Ann', 'Bob', 'Cy', 'Dan', 'Eli'], 'war-pnp');
    for (const name of ['Flo', 'Gus']) room = accepted(joinNext(room, { name, id: `id-${name}`, tokenHash: `h-${name}`, now }));
    const lobby = accepted(rematch(room, now, nextServerSeed));
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy', 'Dan', 'Eli', 'Flo']);
    expect(lobby.seats[5]?.id).toBe('id-Flo');
    expect(lobby.next?.map((n) => n.name)).toEqual(['Gus']);
    // A free seat in the lobby goes to the next in line.
    const freed = accepted(removeSeat(lobby, { seat: 0, now }));
    expect(freed.seats.map((s) => s.name)).toEqual(['Bob', 'Cy', 'Dan', 'Eli', 'Flo', 'Gus']);
    expect(freed.next).toEqual([]);
  });
});

describe('a new name in the lobby', () => {
  it('is checked as a joining name is, and only before the game', () => {
    let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
    for (const name of ['Ann', 'Bob']) room = accepted(addPlayer(room, { name, seatId: name, tokenHash: name, now }));
    expect(refusal(rename(room, { seat: 1, name: 'ANN', now }))).toBe('room/name-taken');
    expect(accepted(rename(room, { seat: 1, name: 'BOB', now })).seats[1]?.name).toBe('BOB');
    expect(refusal(rename(playing(['Ann']), { seat: 0, name: 'Zed', now }))).toBe('room/not-in-lobby');
  });

  it('is refused with swearing in it while family mode is on, which it is until the lock turns it off', () => {
    let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null });
    room = accepted(addPlayer(room, { name: 'Ann', seatId: 'Ann', tokenHash: 'Ann', now }));
    expect(refusal(addPlayer(room, { name: 'Puta', seatId: 'x', tokenHash: 'x', now }))).toBe('room/name-not-allowed');
    expect(refusal(rename(room, { seat: 0, name: 'Connard', now }))).toBe('room/name-not-allowed');
    expect(refusal(joinNext(playing(['Ann']), { name: 'Stronzo', id: 'x', tokenHash: 'x', now }))).toBe('room/name-not-allowed');

    const relaxed = accepted(setLock(room, { locked: false, spectatorsAllowed: true, familyMode: false, now }));
    expect(accepted(rename(relaxed, { seat: 0, name: 'Connard', now })).seats[0]?.name).toBe('Connard');
    // A lock that names no mode leaves the modes as they are.
    const streaming = accepted(setLock(relaxed, { locked: true, spectatorsAllowed: true, streamerMode: true, now }));
    expect([streaming.familyMode, streaming.streamerMode, streaming.locked]).toEqual([false, true, true]);
    expect(accepted(setLock(streaming, { locked: false, spectatorsAllowed: true, now })).streamerMode).toBe(true);
  });
});

describe('the lock', () => {
  it('lets the first player into a locked room, and nobody after', () => {
    const locked = accepted(setLock(newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: 'h' }), { locked: true, spectatorsAllowed: true, now }));
    const ann = accepted(addPlayer(locked, { name: 'Ann', seatId: 'a', tokenHash: 'a', now }));
    expect(refusal(addPlayer(ann, { name: 'Bob', seatId: 'b', tokenHash: 'b', now }))).toBe('room/locked');
  });
});

const PAUSE = 800;

/** A lobby of Ann (the lead) and `bots` bots, with `game` chosen. */
function lobby(bots: number, game = 'meet-fate'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator, seal: null, hostTokenHash: null, botPauseMs: PAUSE });
  room = accepted(addPlayer(room, { name: 'Ann', seatId: 'id-Ann', tokenHash: 'h-Ann', now }));
  room = accepted(configure(room, { game, options: {}, timer: 0, now }));
  for (let b = 0; b < bots; b++) room = accepted(addBot(room, { seatId: `bot-${b}`, strength: 'strong', now }));
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
    while (room.seats.length < 6) room = accepted(addBot(room, { seatId: `more-${room.seats.length}`, strength: 'strong', now }));
    expect(refusal(addBot(room, { seatId: 'one-too-many', strength: 'strong', now }))).toBe('room/full');
    const started = accepted(startGame(lobby(2), now));
    expect(refusal(addBot(started, { seatId: 'late', strength: 'strong', now }))).toBe('room/not-in-lobby');
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
    const again = accepted(rematch(room, now, nextServerSeed));
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
    expect(playedFrom(away, away.seats[1])).toBe(17_000);
    // Long after the grace, a new step gives the bot only its pause.
    const later = { ...away, stepAt: 40_000 };
    expect(movesDue(later, [1]).get(1)).toEqual({ at: 40_000 + PAUSE, by: 'bot' });
    const back = accepted(markPresence(away, { connected: new Set(['id-Ann', 'id-Bob']), now: 9_000 }));
    expect(movesDue(back, [0, 1]).size).toBe(0);
  });
});

import { findGame, seedGenerator, type Outcome } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { countGame, GAME_TENTHS, newNight, NIGHT_CHART_GAMES, nightView, placingTenths, type NightSeat } from './night.js';
import { addBot, addPlayer, configure, endGame, playAction, rematch, rename, replayMove, resetNight, startGame } from './room-changes.js';
import { newRoom, nightOf, nightSeats, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';
import { accepted, refusal } from '../test/change-outcome.js';

/** An outcome from places by seat; the winners are the seats in first place. */
function placed(places: number[]): Outcome {
  return {
    standings: places.map((place, seat) => ({ seat, score: 0, place })),
    winners: places.flatMap((place, seat) => (place === 1 ? [seat] : [])),
  };
}

const seats = (...names: string[]): NightSeat[] => names.map((name) => ({ key: `id-${name}`, name, bot: false }));

describe('the points rule', () => {
  it('gives the winner the whole game, the last nothing, and the rest evenly between', () => {
    expect(placingTenths([1, 2])).toEqual([100, 0]);
    expect(placingTenths([2, 1, 3])).toEqual([50, 100, 0]);
    expect(placingTenths([1, 2, 3, 4])).toEqual([100, 67, 33, 0]);
  });

  it('lets tied players share what their places are worth', () => {
    expect(placingTenths([1, 1])).toEqual([50, 50]);
    expect(placingTenths([1, 2, 2, 4])).toEqual([100, 50, 50, 0]);
    expect(placingTenths([1, 1, 1])).toEqual([50, 50, 50]);
  });

  it('is worth the same to a player at any table from 2 to 12: a win is the whole game, the middle half of it', () => {
    for (let n = 2; n <= 12; n++) {
      const tenths = placingTenths(Array.from({ length: n }, (_, i) => i + 1));
      expect(tenths[0]).toBe(GAME_TENTHS);
      expect(tenths.at(-1)).toBe(0);
      // What the table hands out averages half a game a player, whatever its size (rounding aside).
      expect(Math.abs(tenths.reduce((a, b) => a + b, 0) - (n * GAME_TENTHS) / 2)).toBeLessThanOrEqual(1);
    }
  });

  it('gives nothing to a lone player', () => {
    expect(placingTenths([1])).toEqual([0]);
  });
});

describe('counting games into the night', () => {
  it('adds points, wins and games to each line by seat, and numbers the chart by the game in the night', () => {
    let night = newNight('ABCD', 5, 0);
    night = countGame(night, { number: 1, game: 'wfgts', seats: seats('Ann', 'Bob', 'Cy'), outcome: placed([1, 2, 3]) });
    night = countGame(night, { number: 3, game: 'meet-fate', seats: seats('Ann', 'Bob', 'Cy'), outcome: placed([3, 1, 1]) });
    expect(night.counted).toBe(2);
    expect(night.lines.map((l) => [l.name, l.tenths, l.wins, l.games])).toEqual([
      ['Ann', 100, 1, 2],
      ['Bob', 125, 1, 2],
      ['Cy', 75, 1, 2],
    ]);
    const view = nightView(night, seats('Ann', 'Bob', 'Cy'));
    expect(view?.chart).toEqual([
      { number: 1, game: 'wfgts' },
      { number: 3, game: 'meet-fate' },
    ]);
    expect(view?.lines.map((l) => [l.name, l.points, l.place, l.seat, l.trail])).toEqual([
      ['Bob', 12.5, 1, 1, [5, 12.5]],
      ['Ann', 10, 2, 0, [10, 10]],
      ['Cy', 7.5, 3, 2, [0, 7.5]],
    ]);
  });

  it('does not count a game of one', () => {
    const night = countGame(newNight('ABCD', 5, 0), { number: 1, game: 'wfgts', seats: seats('Ann'), outcome: placed([1]) });
    expect(night.counted).toBe(0);
    expect(nightView(night, seats('Ann'))).toBeNull();
  });

  it('breaks equal points by wins, and lets equal points and wins share a place', () => {
    let night = newNight('ABCD', 5, 0);
    // Ann wins once and comes last once; Bob is second twice at a table of three: 10 points each.
    night = countGame(night, { number: 1, game: 'wfgts', seats: seats('Ann', 'Bob', 'Cy'), outcome: placed([1, 2, 3]) });
    night = countGame(night, { number: 2, game: 'wfgts', seats: seats('Ann', 'Bob', 'Cy'), outcome: placed([3, 2, 1]) });
    expect(nightView(night, seats('Ann', 'Bob', 'Cy'))?.lines.map((l) => [l.name, l.points, l.place])).toEqual([
      ['Ann', 10, 1],
      ['Cy', 10, 1],
      ['Bob', 10, 3],
    ]);
  });

  it('gives a player back on a new seat under their name their line, earlier games in the chart included', () => {
    let night = countGame(newNight('ABCD', 5, 0), { number: 1, game: 'wfgts', seats: seats('Ann', 'Bob'), outcome: placed([2, 1]) });
    const back: NightSeat[] = [
      { key: 'id-Ann', name: 'Ann', bot: false },
      { key: 'new-seat', name: 'BOB', bot: false },
    ];
    // Seen before the next game ends: already Bob's line, on his new seat.
    expect(nightView(night, back)?.lines.map((l) => [l.name, l.seat, l.points])).toEqual([
      ['BOB', 1, 10],
      ['Ann', 0, 0],
    ]);
    night = countGame(night, { number: 2, game: 'wfgts', seats: back, outcome: placed([2, 1]) });
    expect(night.lines.map((l) => [l.key, l.name, l.games])).toEqual([
      ['id-Ann', 'Ann', 2],
      ['new-seat', 'BOB', 2],
    ]);
    expect(nightView(night, back)?.lines[0]?.trail).toEqual([10, 20]);
  });

  it('keeps a bot off the line of the player whose seat it took, and off a seated player’s line', () => {
    let night = countGame(newNight('ABCD', 5, 0), { number: 1, game: 'wfgts', seats: seats('Ann', 'Bob'), outcome: placed([1, 2]) });
    const botted: NightSeat[] = [
      { key: 'id-Ann', name: 'Ann', bot: false },
      { key: 'bot:id-Bob', name: 'Bob', bot: true },
    ];
    night = countGame(night, { number: 2, game: 'wfgts', seats: botted, outcome: placed([1, 2]) });
    expect(night.lines.map((l) => [l.key, l.games])).toEqual([
      ['id-Ann', 2],
      ['id-Bob', 1],
      ['bot:id-Bob', 1],
    ]);
    // A new player who takes a seated player's name elsewhere is somebody else.
    expect(nightView(night, [...botted, { key: 'other', name: 'Ann', bot: false }])?.lines.find((l) => l.seat === 2)).toBeUndefined();
  });

  it('keeps only the newest games for the chart, with each trail starting from the total before them', () => {
    let night = newNight('ABCD', 5, 0);
    for (let n = 1; n <= NIGHT_CHART_GAMES + 3; n++) {
      night = countGame(night, { number: n, game: 'wfgts', seats: seats('Ann', 'Bob'), outcome: placed([1, 2]) });
    }
    const view = nightView(night, seats('Ann', 'Bob'));
    expect(view?.games).toBe(NIGHT_CHART_GAMES + 3);
    expect(view?.chart).toHaveLength(NIGHT_CHART_GAMES);
    expect(view?.chart[0]?.number).toBe(4);
    expect(view?.lines[0]?.trail[0]).toBe(40);
    expect(view?.lines[0]?.trail.at(-1)).toBe(10 * (NIGHT_CHART_GAMES + 3));
  });

  it('shows names and points, never the keys the server knows seats by', () => {
    const night = countGame(newNight('ABCD', 5, 0), { number: 1, game: 'wfgts', seats: seats('Ann', 'Bob'), outcome: placed([1, 2]) });
    expect(JSON.stringify(nightView(night, seats('Ann', 'Bob')))).not.toContain('id-');
  });
});

const now = 1_000;

function lobby(names: string[]): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator: seedGenerator(new Uint8Array(16).fill(7)), seal: null, hostTokenHash: null });
  for (const name of names) {
    room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
  }
  return room;
}

/** Every awaited seat plays the game's default until the game ends; returns the finished room and its moves' log entries. */
function playOut(room: RoomRecord): { room: RoomRecord; moves: Parameters<typeof replayMove>[1][] } {
  const game = findGame(room.game?.id ?? '');
  if (game === undefined) throw new Error('no game chosen');
  const moves: Parameters<typeof replayMove>[1][] = [];
  let at = now;
  while (room.status === 'playing') {
    const next = game.awaiting(room.play)[0];
    if (next === undefined) throw new Error('a game waits on nobody');
    const change = playAction(room, { seat: next.seat, action: next.fallback, by: 'timer', now: ++at, key: null });
    if (!change.ok) throw new Error(`a default was refused: ${change.error.code}`);
    moves.push({ ...change.note, at });
    room = change.room;
  }
  return { room, moves };
}

const started = (room: RoomRecord, game: string) => accepted(startGame(accepted(configure(room, { game, options: {}, timer: 0, now })), now));

describe('the night of a room', () => {
  it('counts every game played to its end across rematches and game switches, and numbers each game in the night', () => {
    let room = started(lobby(['Ann', 'Bob']), 'wfgts');
    expect(nightOf(room).started).toBe(1);
    room = playOut(room).room;
    expect(nightOf(room).counted).toBe(1);
    room = accepted(rematch(room, now, 'ab'.repeat(32)));
    room = accepted(rename(room, { seat: 1, name: 'Bobby', now }));
    room = playOut(started(room, 'meet-fate')).room;
    const night = nightOf(room);
    expect([night.started, night.counted]).toEqual([2, 2]);
    expect(night.games.map((g) => [g.number, g.game])).toEqual([
      [1, 'wfgts'],
      [2, 'meet-fate'],
    ]);
    expect(night.lines.map((l) => [l.name, l.games])).toEqual([
      ['Ann', 2],
      ['Bobby', 2],
    ]);
    const total = night.lines.reduce((sum, l) => sum + l.tenths, 0);
    expect(total).toBe(2 * GAME_TENTHS);
  });

  it('does not count a game ended early, though it keeps its number in the night', () => {
    const room = started(lobby(['Ann', 'Bob']), 'wfgts');
    const ended = accepted(endGame(room, { by: 'lead', seat: 0, then: { to: 'lobby' }, key: 'k', now, serverSeed: 'cd'.repeat(32) }));
    expect(nightOf(ended)).toMatchObject({ started: 1, counted: 0 });
    const next = startGame(ended, now);
    expect(next.ok && next.note.detail.night).toEqual({ id: nightOf(room).id, game: 2 });
  });

  it('counts a bot seat on a line of its own', () => {
    let room = accepted(addBot(lobby(['Ann']), { seatId: 'bot-1', strength: 'strong', now }));
    room = playOut(started(room, 'wfgts')).room;
    expect(nightSeats(room).map((s) => s.key)).toEqual(['id-Ann', 'bot:bot-1']);
    expect(nightOf(room).lines.map((l) => [l.name, l.bot])).toEqual([
      ['Ann', false],
      ['Bot Ada', true],
    ]);
  });

  it('comes out the same when the finishing move is played again from the log', () => {
    const before = started(lobby(['Ann', 'Bob']), 'wfgts');
    const { room, moves } = playOut(before);
    const replayed = moves.reduce(replayMove, before);
    expect(replayed.night).toEqual(room.night);
  });

  it('is reset in the lobby into a new night, and not during a game or on its end screen', () => {
    const playing = started(lobby(['Ann', 'Bob']), 'wfgts');
    expect(refusal(resetNight(playing, now + 1))).toBe('room/not-in-lobby');
    const finished = playOut(playing).room;
    expect(refusal(resetNight(finished, now + 1))).toBe('room/not-in-lobby');
    const change = resetNight(accepted(rematch(finished, now + 2, 'ab'.repeat(32))), now + 2);
    const reset = accepted(change);
    expect(nightOf(reset)).toMatchObject({ started: 0, counted: 0, lines: [], games: [] });
    expect(nightOf(reset).id).not.toBe(nightOf(finished).id);
    expect(change.ok && change.note).toMatchObject({ kind: 'reset-night', detail: { night: nightOf(reset).id } });
  });
});

import { findGame, seedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import {
  addBot,
  addPlayer,
  configure,
  contributeSeed,
  endGame,
  playAction,
  rematch,
  removeSeat,
  startGame,
  startWhenSeeded,
} from './room-changes.js';
import { newRoom, newSeal, type RoomRecord } from './room-record.js';
import { hashToken } from './secrets.js';
import { publicView } from './views.js';
import { accepted, refusal } from '../test/change-outcome.js';

const now = 1_000;
const generator = seedGenerator(new Uint8Array(16).fill(7));
const firstServerSeed = '9f'.repeat(32);
const nextServerSeed = '5e'.repeat(32);


/** A sealed room whose phones all gave their client seeds, in its lobby with `game` chosen. */
function sealedLobby(names: string[], game = 'ten-phases'): RoomRecord {
  let room = newRoom({ code: 'ABCD', now, generator, seal: newSeal(firstServerSeed), hostTokenHash: null });
  for (const name of names) {
    room = accepted(addPlayer(room, { name, seatId: `id-${name}`, tokenHash: hashToken(`token-of-${name}-000000`), now }));
  }
  for (const seat of names.keys()) room = accepted(contributeSeed(room, { seat, clientSeed: `${seat}a`.repeat(16), now }));
  return accepted(configure(room, { game, options: {}, timer: 0, now }));
}

/** Ten Phases under way: three moves in, each the awaited seat's default (roll, then stop). */
function midGame(names = ['Ann', 'Bob', 'Cy']): RoomRecord {
  const game = findGame('ten-phases')!;
  let room = accepted(startGame(sealedLobby(names), now));
  for (let i = 0; i < 3; i++) {
    const [awaited] = game.awaiting(room.play);
    room = accepted(playAction(room, { seat: awaited!.seat, action: awaited!.fallback, by: 'seat', now, key: `k${i}` }));
  }
  expect(room.status).toBe('playing');
  return room;
}

const toLobby = { to: 'lobby' } as const;
const byLead = { by: 'lead', seat: 0 } as const;

describe('ending a game early', () => {
  it('goes back to the lobby with the same seats, reveals the seal and notes who ended which game', () => {
    const room = midGame();
    const change = endGame(room, { ...byLead, then: toLobby, key: 'id-Ann:end:1', now: now + 5, serverSeed: nextServerSeed });
    const lobby = accepted(change);
    expect(lobby).toMatchObject({ status: 'lobby', play: null, version: room.version + 1, lead: 0, deadline: null });
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(lobby.game).toEqual(room.game);
    // The ended game's seal is the one revealed; the next game gets a fresh one, its client seeds to come.
    expect(lobby.previousSeal).toEqual(room.seal);
    expect(lobby.seal?.serverSeed).toBe(nextServerSeed);
    expect(lobby.seal?.clientSeeds).toEqual({});
    expect(lobby.endedEarly).toEqual({ by: 'lead', name: 'Ann', game: 'ten-phases', next: null, at: now + 5 });
    expect(lobby.recentActions.at(-1)).toEqual({ key: 'id-Ann:end:1', version: lobby.version });
    expect(change.ok && change.note).toEqual({
      kind: 'end-game',
      seat: 0,
      detail: { by: 'lead', key: 'id-Ann:end:1', game: 'ten-phases', then: 'lobby' },
    });
  });

  it('names no one when a host screen ended it, and drops vacant seats as a rematch does', () => {
    const room = accepted(removeSeat(midGame(), { seat: 1, now }));
    const lobby = accepted(endGame(room, { by: 'host', seat: null, then: toLobby, key: 'host:end:1', now, serverSeed: nextServerSeed }));
    expect(lobby.seats.map((s) => s.name)).toEqual(['Ann', 'Cy']);
    expect(lobby.endedEarly).toMatchObject({ by: 'host', name: null });
  });

  it('refuses a room not in a game, in its lobby or with its game over, and changes nothing', () => {
    const args = { ...byLead, then: toLobby, key: 'k', now, serverSeed: nextServerSeed };
    expect(refusal(endGame(sealedLobby(['Ann']), args))).toBe('room/not-playing');
    // A game over is not in progress: Play again is its way on.
    const over: RoomRecord = { ...midGame(), status: 'finished', finishedAt: now };
    expect(refusal(endGame(over, args))).toBe('room/not-playing');
  });

  it('straight into another game: chooses it with its default options, and starts it once every phone has sealed its dice', () => {
    const room = midGame(['Ann', 'Bob']);
    const then = { to: 'game', game: 'war-pnp', options: {} } as const;
    const lobby = accepted(endGame(room, { ...byLead, then, key: 'k', now, serverSeed: nextServerSeed }));
    expect(lobby.status).toBe('lobby');
    expect(lobby.game?.id).toBe('war-pnp');
    expect(lobby.endedEarly).toMatchObject({ game: 'ten-phases', next: 'war-pnp' });
    // Not before the phones gave their client seeds for the fresh seal: the server committed first.
    expect(startWhenSeeded(lobby, now)).toBeNull();
    const one = accepted(contributeSeed(lobby, { seat: 0, clientSeed: 'c1'.repeat(16), now }));
    expect(startWhenSeeded(one, now)).toBeNull();
    const both = accepted(contributeSeed(one, { seat: 1, clientSeed: 'c2'.repeat(16), now }));
    const started = accepted(startWhenSeeded(both, now));
    expect(started).toMatchObject({ status: 'playing', version: both.version + 1, game: { id: 'war-pnp' } });
    // The note stays through that game, and goes with the next rematch.
    expect(started.endedEarly).toEqual(lobby.endedEarly);
    expect(accepted(rematch(started, now, firstServerSeed)).endedEarly).toBeNull();
  });

  it('starts the next game at once when no seat is held by a phone, and not when the lead picked another game meanwhile', () => {
    let bots = newRoom({ code: 'ABCD', now, generator, seal: newSeal(firstServerSeed), hostTokenHash: hashToken('host-token-0123456789') });
    bots = accepted(addBot(bots, { seatId: 'b1', strength: 'strong', now }));
    bots = accepted(addBot(bots, { seatId: 'b2', strength: 'strong', now }));
    bots = accepted(startGame(accepted(configure(bots, { game: 'ten-phases', options: {}, timer: 0, now })), now));
    const then = { to: 'game', game: 'pairs-and-wagers', options: {} } as const;
    const lobby = accepted(endGame(bots, { by: 'host', seat: null, then, key: 'k', now, serverSeed: nextServerSeed }));
    expect(accepted(startWhenSeeded(lobby, now)).status).toBe('playing');

    const ended = accepted(endGame(midGame(['Ann', 'Bob']), { ...byLead, then, key: 'k', now, serverSeed: nextServerSeed }));
    const changed = accepted(configure(ended, { game: 'wfgts', options: {}, timer: 0, now }));
    const seeded = [0, 1].reduce((r, seat) => accepted(contributeSeed(r, { seat, clientSeed: `d${seat}`.repeat(16), now })), changed);
    expect(startWhenSeeded(seeded, now)).toBeNull();
    // Started by hand, the other game clears the note.
    expect(accepted(startGame(seeded, now)).endedEarly).toBeNull();
  });

  it('refuses a next game we do not host, options it does not take, or one that does not fit the seats, and changes nothing', () => {
    const room = midGame(['Ann']);
    const args = { ...byLead, key: 'k', now, serverSeed: nextServerSeed };
    expect(refusal(endGame(room, { ...args, then: { to: 'game', game: 'chess', options: {} } }))).toBe('room/unknown-game');
    expect(refusal(endGame(room, { ...args, then: { to: 'game', game: 'war-pnp', options: {} } }))).toBe('rule/seat-count');
    expect(refusal(endGame(room, { ...args, then: { to: 'game', game: 'meet-fate', options: { firstSeat: -1 } } }))).toBe(
      'rule/bad-options',
    );
  });

  it('is told in every view while the room is in its lobby or in the game it went into, and not once that game is over', () => {
    const nobody = { connectedSeats: new Set<string>(), spectators: 0 };
    const room = midGame(['Ann', 'Bob']);
    expect(publicView(room, nobody).ended).toBeNull();
    const then = { to: 'game', game: 'war-pnp', options: {} } as const;
    const lobby = accepted(endGame(room, { ...byLead, then, key: 'k', now, serverSeed: nextServerSeed }));
    const note = { by: 'lead', name: 'Ann', game: 'ten-phases', next: 'war-pnp', at: now };
    expect(publicView(lobby, nobody).ended).toEqual(note);
    // The ended game's seed is out now; the next one's is not.
    expect(publicView(lobby, nobody).dice).toMatchObject({ serverSeed: null, previous: { serverSeed: firstServerSeed } });
    const seeded = [0, 1].reduce((r, seat) => accepted(contributeSeed(r, { seat, clientSeed: `e${seat}`.repeat(16), now })), lobby);
    const started = accepted(startWhenSeeded(seeded, now));
    expect(publicView(started, nobody).ended).toEqual(note);
    expect(publicView({ ...started, status: 'finished' }, nobody).ended).toBeNull();
  });
});

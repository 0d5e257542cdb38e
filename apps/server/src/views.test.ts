import { withPart } from '@rollcall/protocol';
import { applyAction, diceSeed, games, generatorDice, hints, seedGenerator, type warPnp } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { addPlayer, configure, startGame } from './room-changes.js';
import { newRoom, newSeal, type RoomRecord } from './room-record.js';
import { seatHint } from './seat-hints.js';
import { publicView, samePart, seatPart } from './views.js';

const serverSeed = '7a'.repeat(32);

/** A room of `seats` players that has just started `gameId`, its dice sealed when asked. */
function startedRoom(gameId: string, seats: number, seed: number, sealed = false): RoomRecord {
  let room = newRoom({
    code: 'ABCD',
    now: 0,
    generator: seedGenerator(new Uint8Array(16).fill(seed)),
    seal: sealed ? newSeal(serverSeed) : null,
    hostTokenHash: 'host',
  });
  for (let seat = 0; seat < seats; seat++) {
    const joined = addPlayer(room, { name: `P${seat}`, seatId: `seat-${seat}`, tokenHash: `hash-${seat}`, now: 0 });
    if (!joined.ok) throw new Error(joined.error.code);
    room = joined.room;
  }
  const configured = configure(room, { game: gameId, options: {}, timer: 0, now: 0 });
  if (!configured.ok) throw new Error(configured.error.code);
  const started = startGame(configured.room, 0);
  if (!started.ok) throw new Error(started.error.code);
  return started.room;
}

/** The next version: the first awaited seat plays its timer default. */
function next(room: RoomRecord): RoomRecord | null {
  const game = games[room.game?.id ?? '']!;
  const awaited = room.status === 'playing' ? game.awaiting(room.play)[0] : undefined;
  if (awaited === undefined) return null;
  const dice = generatorDice(room.generator);
  const result = applyAction(game, room.play, awaited.seat, awaited.fallback, { dice });
  if (!result.ok) throw new Error(result.error.code);
  const finished = game.outcome(result.state) !== null;
  return { ...room, version: room.version + 1, play: result.state, generator: dice.state(), status: finished ? 'finished' : 'playing' };
}

const everyone = (room: RoomRecord) => ({ connectedSeats: new Set(room.seats.map((s) => s.id)), spectators: 1 });

describe('the views of a room', () => {
  it.each(Object.keys(games))('show no %s viewer the server seed, the dice seed or the generator before the game ends', (gameId) => {
    const game = games[gameId]!;
    const seats = Math.max(2, game.players.min);
    const dice = Buffer.from(diceSeed(serverSeed, Array.from({ length: seats }, () => null)));
    const hidden = (room: RoomRecord) => [
      serverSeed,
      dice.toString('hex'),
      dice.toString('base64'),
      room.generator.words.map((w) => w.toString(16).padStart(8, '0')).join(''),
      ...room.generator.words.filter((w) => w >= 1e8).map(String),
    ];
    let room: RoomRecord | null = startedRoom(gameId, seats, 1, true);
    // Timer defaults, up to 400 moves: enough to end most games, and to look at every kind of view on the way.
    for (let moves = 0; room !== null && room.status === 'playing' && moves < 400; moves++) {
      const seen = JSON.stringify([publicView(room, everyone(room)), ...room.seats.map((s) => seatPart(room!, s.id))]);
      for (const secret of hidden(room)) expect(seen).not.toContain(secret);
      room = next(room);
    }
    // Revealed at the end, when the view names the record.
    if (room?.status === 'finished') expect(publicView(room, everyone(room)).dice).toMatchObject({ serverSeed, record: expect.stringMatching(/^ABCD-/) });
  });

  it.each(Object.keys(games))('give each %s seat its own view as the public one with its part laid over it', (gameId) => {
    const game = games[gameId]!;
    const seats = Math.max(2, game.players.min);
    let room: RoomRecord | null = startedRoom(gameId, seats, 7);
    let changedParts = 0;
    let moves = 0;
    let hinted = 0;
    for (let step = 0; room !== null && step < 120; step++) {
      const shared = publicView(room, everyone(room));
      expect(shared.play).toEqual(game.view(room.play, { role: 'host' }));
      for (const [seat, s] of room.seats.entries()) {
        const part = seatPart(room, s.id)!;
        expect(part).toMatchObject({ code: 'ABCD', version: room.version, seat });
        expect(JSON.stringify(withPart(shared, part).play)).toBe(JSON.stringify(game.view(room.play, { role: 'seat', seat })));
        // Only a seat the game awaits has a hint to ask for (hints are on unless the room turns them off), and
        // it has one unless the step is no choice: Powers 'n Points' roll.
        const awaited = room.status === 'playing' && game.awaiting(room.play).some((a) => a.seat === seat);
        const noChoice = gameId === 'war-pnp' && (room.play as warPnp.WarState).step.kind === 'roll';
        const hint = seatHint({ ...room, stepVersion: room.version }, seat);
        if (!awaited || !(gameId in hints) || noChoice) expect(hint).toBeNull();
        else {
          expect(hint).not.toBeNull();
          hinted += 1;
        }
      }
      const after = next(room);
      if (after !== null) {
        changedParts += after.seats.filter((s) => !samePart(room!, after, s.id)).length;
        moves += 1;
      }
      room = after;
    }
    // Parts are sent only when they changed; the check above must be able to tell, and a game must keep unchanged parts the same.
    if (gameId === 'wfgts' || gameId === 'war-pnp') expect(changedParts).toBeGreaterThan(0);
    if (gameId in hints) expect(hinted).toBeGreaterThan(0);
    expect(changedParts).toBeLessThan(Math.max(1, seats * moves));
  });

  it('tell a part that changed from one that did not, seat number included', () => {
    const room = startedRoom('wfgts', 3, 1);
    expect(room.seats.every((s) => samePart(room, room, s.id))).toBe(true);
    const carried = next(room)!;
    expect(room.seats.map((s) => samePart(room, carried, s.id))).toEqual([false, true, true]);
    const renumbered = { ...carried, seats: [carried.seats[1]!, carried.seats[0]!, carried.seats[2]!] };
    expect(samePart(carried, renumbered, 'seat-2')).toBe(true);
    expect(samePart(carried, renumbered, 'seat-1')).toBe(false);
    expect(seatPart(room, 'nobody')).toBeNull();
  });

  it('show no game before one starts', () => {
    const lobby = newRoom({ code: 'ABCD', now: 0, generator: seedGenerator(new Uint8Array(16)), seal: null, hostTokenHash: null });
    expect(publicView(lobby, { connectedSeats: new Set(), spectators: 0 })).toMatchObject({ play: null, awaiting: [], outcome: null });
  });
});

/**
 * Plays any game quickly through real sockets for the browser tests: the
 * server runs in the test's process, so the driver reads the room's state from
 * the store, picks each awaited seat's move with the rules module, and sends it
 * with that seat's token. Ten Phases and Powers 'n Points get a real player
 * (their timer defaults alone never end a game); the others play the default
 * the turn timer would.
 */
import { randomUUID } from 'node:crypto';
import { ClientEvent } from '@rollcall/protocol';
import { applyAction, findGame, generatorDice, fixedGenerator, tenPhases, type AnyGame } from '@rollcall/rules';
import { randomAction } from '../../../packages/rules/src/games/war-pnp/random-player.js';
import type { WarState } from '../../../packages/rules/src/games/war-pnp/state.js';
import { TestClient, type TestServer } from '../../server/test/harness.js';
import { chooseMove } from './ten-phases-play.js';

/** A seeded source of choices, so every run plays the same game. */
function seededChooser(seed = 1): { below(n: number): number } {
  let s = seed;
  return {
    below(n) {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    },
  };
}

type Chooser = ReturnType<typeof seededChooser>;

/** The move a seat makes: a real player's for the games whose defaults never finish, else the timer's default. */
function chooseAction(game: AnyGame, state: unknown, seat: number, fallback: unknown, rand: Chooser): unknown {
  if (game.id === 'war-pnp') return randomAction(rand, state as WarState, seat);
  // Each seat keeps different dice, so the sheets (and the screens) differ.
  if (game.id === 'wfgts' && (fallback as { type: string }).type === 'carry') {
    return { type: 'carry', dice: [0, 1, 2, 3, 4, 5, 6].filter(() => rand.below(2) === 0) };
  }
  if (game.id === 'ten-phases') {
    const s = state as tenPhases.TenPhasesState;
    const turn = s.turn;
    if (turn === null) return fallback;
    const shown = turn.faces === null ? [] : tenPhases.facesOf(turn.faces);
    return chooseMove(s.sheets[seat]?.phase ?? 1, shown, turn.rolls, turn.kept);
  }
  return fallback;
}

/** How many moves a whole game of `seats` takes with these players, played by the rules alone. */
export function movesInAGame(gameId: string, seats: number, seedHex: string): number {
  const game = findGame(gameId);
  if (game === undefined) throw new Error(`no game ${gameId}`);
  const dice = generatorDice(fixedGenerator(Buffer.from(seedHex, 'hex')));
  const rand = seededChooser();
  let state: unknown = game.setup({ seats, options: game.options.parse({}), dice });
  let moves = 0;
  while (game.outcome(state) === null) {
    for (const { seat, fallback } of game.awaiting(state)) {
      const result = applyAction(game, state, seat, chooseAction(game, state, seat, fallback, rand), { dice });
      if (!result.ok) throw new Error(`${gameId}: the rules refused a driver move (${result.error.code})`);
      state = result.state;
      moves += 1;
    }
    if (moves > 10_000) throw new Error(`${gameId} did not end`);
  }
  return moves;
}

/** The seated players of one room, on sockets, and a way to play their moves. */
export interface SeatedTable {
  /** Seat tokens by seat. */
  readonly tokens: string[];
  /** The room as stored. */
  status(): Promise<{ status: string; awaiting: number[]; version: number }>;
  /** Play one move for the first awaited seat; false once nothing is awaited. */
  step(): Promise<boolean>;
  /** The first seat (the lead's) asks for a rematch: back to the lobby with the same seats, each kept for its player. */
  rematch(): Promise<void>;
  /** Close one seat's socket, as a phone that died (never the first socket's, which sends every move). */
  drop(seat: number): void;
  close(): void;
}

/**
 * Seat the named players in `code` over sockets, in order, after the seats
 * already taken (`seated`: their tokens, e.g. read from a phone that joined on
 * its page), whose moves the table then plays too.
 */
export async function seatPlayers(server: TestServer, code: string, names: readonly string[], seated: readonly string[] = []): Promise<SeatedTable> {
  const clients: TestClient[] = [];
  const tokens: string[] = [...seated];
  for (const name of names) {
    const client = await TestClient.connect(server.url);
    const joined = await client.must(ClientEvent.joinRoom, { code, as: 'player', name });
    if (joined.seatToken === undefined) throw new Error('a player join gave no seat token');
    clients.push(client);
    tokens.push(joined.seatToken);
  }
  // One socket sends every seat's move: moves are authorised by the seat's token.
  const driver = clients[0];
  if (driver === undefined) throw new Error('a table needs a player');
  const rand = seededChooser();

  async function load() {
    const room = await server.store.load(code);
    if (room === null) throw new Error(`room ${code} is not stored`);
    return room;
  }

  return {
    tokens,
    async status() {
      const room = await load();
      const game = room.game === null ? undefined : findGame(room.game.id);
      const awaiting = room.status === 'playing' && game ? game.awaiting(room.play).map((a) => a.seat) : [];
      return { status: room.status, awaiting, version: room.version };
    },
    async step() {
      const room = await load();
      if (room.status !== 'playing' || room.game === null) return false;
      const game = findGame(room.game.id);
      const next = game?.awaiting(room.play)[0];
      if (game === undefined || next === undefined) return false;
      const action = chooseAction(game, room.play, next.seat, next.fallback, rand);
      await driver.must(ClientEvent.action, {
        code,
        token: tokens[next.seat],
        id: randomUUID(),
        version: room.version,
        action,
      });
      return true;
    },
    async rematch() {
      // A phone parked while the game ended is still marked away: its seat is kept, as the lead would.
      const away = tokens.map((_, seat) => ({ seat, choice: 'keep' }));
      await driver.must(ClientEvent.rematch, { code, token: tokens[0], away });
    },
    drop(seat) {
      const client = seat - seated.length;
      if (client < 0) throw new Error('a seat taken on a page has no socket here');
      if (client === 0) throw new Error('the first socket sends every move');
      clients[client]?.close();
    },
    close() {
      for (const client of clients) client.close();
    },
  };
}

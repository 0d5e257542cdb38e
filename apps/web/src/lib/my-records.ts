/**
 * A phone's own records: per game, how often it played and won, its best and
 * average score, and the names it played under. They live in this browser's
 * storage only (one versioned key); the server never sees them.
 */
import type { RoomView } from '@rollcall/protocol';
import { z } from 'zod/mini';
import type { KeyValueStore } from './seat-storage.js';

export const RECORDS_KEY = 'rollcall:records';
/** Names offered back and listed on the records page. */
export const NAMES_KEPT = 5;
/** Finished games remembered to count each once, newest last; a game is long over before this many more end. */
const GAMES_REMEMBERED = 30;

/** What the end screen says of this game's score against the phone's earlier best in the same game. */
export type BestNote =
  | { kind: 'first' }
  | { kind: 'new-best'; score: number; previous: number }
  | { kind: 'best-stands'; score: number; best: number };

const tallySchema = z.object({
  played: z.int().check(z.positive()),
  won: z.int().check(z.nonnegative()),
  best: z.number(),
  total: z.number(),
});

const noteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('first') }),
  z.object({ kind: z.literal('new-best'), score: z.number(), previous: z.number() }),
  z.object({ kind: z.literal('best-stands'), score: z.number(), best: z.number() }),
]);

const historySchema = z.object({
  version: z.literal(1),
  games: z.record(z.string(), tallySchema),
  names: z.array(z.string()),
  finished: z.array(z.object({ key: z.string(), note: noteSchema })),
});

export type GameTally = z.infer<typeof tallySchema>;
export type History = z.infer<typeof historySchema>;

export const emptyHistory = (): History => ({ version: 1, games: {}, names: [], finished: [] });

/** One finished game as this phone's seat saw it. */
export interface FinishedGame {
  /** Names this game among every game this phone has seen end. */
  key: string;
  gameId: string;
  /** The score the standings give the seat (every game ranks higher scores first). */
  score: number;
  won: boolean;
  name: string;
}

/**
 * The game a seated phone sees finished, or null. A room's version at the
 * end (its `step`) stays put while the room shows the result, so a reload
 * finds the same key; the sealed dice's record id tells apart rooms that
 * reuse a code on another night.
 */
export function finishedGame(view: RoomView, seat: number): FinishedGame | null {
  if (view.status !== 'finished' || !view.outcome || !view.game || view.viewer.role !== 'seat') return null;
  const standing = view.outcome.standings.find((s) => s.seat === seat);
  if (!standing) return null;
  return {
    key: `${view.code}:${view.step}:${view.dice?.record ?? ''}`,
    gameId: view.game.id,
    score: standing.score,
    won: view.outcome.winners.includes(seat),
    name: view.seats.find((s) => s.seat === seat)?.name ?? '',
  };
}

/** The history with this game counted (once: a game seen before changes nothing), and what to say of its score. */
export function recordGame(history: History, game: FinishedGame): { history: History; note: BestNote } {
  const seen = history.finished.find((f) => f.key === game.key);
  if (seen) return { history, note: seen.note };
  const before = history.games[game.gameId];
  const note: BestNote = !before
    ? { kind: 'first' }
    : game.score > before.best
      ? { kind: 'new-best', score: game.score, previous: before.best }
      : { kind: 'best-stands', score: game.score, best: before.best };
  const tally: GameTally = {
    played: (before?.played ?? 0) + 1,
    won: (before?.won ?? 0) + (game.won ? 1 : 0),
    best: before ? Math.max(before.best, game.score) : game.score,
    total: (before?.total ?? 0) + game.score,
  };
  const names = game.name ? [game.name, ...history.names.filter((n) => n !== game.name)].slice(0, NAMES_KEPT) : history.names;
  return {
    history: {
      version: 1,
      games: { ...history.games, [game.gameId]: tally },
      names,
      finished: [...history.finished, { key: game.key, note }].slice(-GAMES_REMEMBERED),
    },
    note,
  };
}

/** The average score, to one decimal place. */
export const averageOf = (tally: GameTally): number => Math.round((tally.total / tally.played) * 10) / 10;

/** The stored history; an unreadable, damaged or older-format value reads as none. */
export function readRecords(store: KeyValueStore | null): History {
  try {
    const raw = store?.getItem(RECORDS_KEY);
    if (!raw) return emptyHistory();
    const parsed = historySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyHistory();
  } catch {
    return emptyHistory();
  }
}

/** Count a finished game in the stored history and say what its score means. */
export function keepFinishedGame(store: KeyValueStore | null, game: FinishedGame): BestNote {
  const before = readRecords(store);
  const { history, note } = recordGame(before, game);
  if (history !== before) {
    try {
      store?.setItem(RECORDS_KEY, JSON.stringify(history));
    } catch {
      // Private browsing or full storage: the game simply goes uncounted.
    }
  }
  return note;
}

/** This browser's local storage, or null where it is refused (private browsing, some embedded views). */
export function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Forget every record kept on this phone. */
export function clearRecords(store: KeyValueStore | null): void {
  try {
    store?.removeItem(RECORDS_KEY);
  } catch {
    // Nothing could be stored either, so nothing is left.
  }
}

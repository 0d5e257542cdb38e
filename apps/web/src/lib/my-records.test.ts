import type { RoomView } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import {
  averageOf,
  clearRecords,
  emptyHistory,
  finishedGame,
  keepFinishedGame,
  NAMES_KEPT,
  readRecords,
  recordGame,
  RECORDS_KEY,
  type FinishedGame,
} from './my-records.js';
import { memoryStore, refusingStore } from './test-support/stores.js';

const game = (key: string, score: number, extra: Partial<FinishedGame> = {}): FinishedGame => ({
  key,
  gameId: 'meet-fate',
  score,
  won: false,
  name: 'Ann',
  ...extra,
});

describe('recording a finished game', () => {
  it('counts games played and won, the best and the total per game', () => {
    let history = emptyHistory();
    history = recordGame(history, game('A:10:', 180, { won: true })).history;
    history = recordGame(history, game('B:12:', 150)).history;
    history = recordGame(history, game('C:9:', 40, { gameId: 'wfgts' })).history;
    expect(history.games).toEqual({
      'meet-fate': { played: 2, won: 1, best: 180, total: 330 },
      wfgts: { played: 1, won: 0, best: 40, total: 40 },
    });
    expect(averageOf(history.games['meet-fate']!)).toBe(165);
    expect(averageOf({ played: 3, won: 0, best: 10, total: 10 })).toBe(3.3);
  });

  it('says nothing of a best on the first game, then whether this score beats the earlier best', () => {
    const first = recordGame(emptyHistory(), game('A:10:', 180));
    expect(first.note).toEqual({ kind: 'first' });
    const lower = recordGame(first.history, game('A:20:', 150));
    expect(lower.note).toEqual({ kind: 'best-stands', score: 150, best: 180 });
    // Equalling the best is not beating it.
    const equal = recordGame(lower.history, game('A:30:', 180));
    expect(equal.note).toEqual({ kind: 'best-stands', score: 180, best: 180 });
    const higher = recordGame(equal.history, game('A:40:', 201));
    expect(higher.note).toEqual({ kind: 'new-best', score: 201, previous: 180 });
    // Another game's best is its own.
    expect(recordGame(higher.history, game('A:50:', 5, { gameId: 'wfgts' })).note).toEqual({ kind: 'first' });
  });

  it('counts a game seen again (a reload, a new view) once, and says the same of it', () => {
    const first = recordGame(emptyHistory(), game('A:10:', 180));
    const best = recordGame(first.history, game('A:20:', 200));
    const again = recordGame(best.history, game('A:20:', 200));
    expect(again.history).toBe(best.history);
    expect(again.note).toEqual({ kind: 'new-best', score: 200, previous: 180 });
    expect(again.history.games['meet-fate']?.played).toBe(2);
  });

  it('keeps the last names used, newest first, each once', () => {
    let history = emptyHistory();
    for (const [i, name] of ['Ann', 'Bo', 'Ann', 'Cy', 'Di', 'Ed', 'Flo'].entries()) {
      history = recordGame(history, game(`R:${i}:`, 1, { name })).history;
    }
    expect(history.names).toEqual(['Flo', 'Ed', 'Di', 'Cy', 'Ann']);
    expect(history.names).toHaveLength(NAMES_KEPT);
  });
});

describe('the game a phone sees end', () => {
  const view = (over: Partial<RoomView>): RoomView =>
    ({
      code: 'ABCD',
      version: 90,
      step: 88,
      status: 'finished',
      viewer: { role: 'seat', seat: 1 },
      seats: [
        { seat: 0, name: 'Bo' },
        { seat: 1, name: 'Ann' },
      ],
      game: { id: 'meet-fate', options: {} },
      outcome: {
        standings: [
          { seat: 0, score: 200, place: 1 },
          { seat: 1, score: 150, place: 2 },
        ],
        winners: [0],
      },
      dice: null,
      ...over,
    }) as unknown as RoomView;

  it('is the seat’s score and name, keyed by the room and the version the game ended at', () => {
    expect(finishedGame(view({}), 1)).toEqual({ key: 'ABCD:88:', gameId: 'meet-fate', score: 150, won: false, name: 'Ann' });
    expect(finishedGame(view({ dice: { record: 'rec-1' } as RoomView['dice'] }), 0)).toMatchObject({ key: 'ABCD:88:rec-1', won: true });
  });

  it('is nothing while playing, for a watcher, or for a seat outside the standings', () => {
    expect(finishedGame(view({ status: 'playing' }), 1)).toBeNull();
    expect(finishedGame(view({ viewer: { role: 'spectator' } as RoomView['viewer'] }), 1)).toBeNull();
    expect(finishedGame(view({}), 5)).toBeNull();
  });
});

describe('the records in storage', () => {
  it('stores what is recorded, counts a game once, and clears', () => {
    const store = memoryStore();
    expect(keepFinishedGame(store, game('A:1:', 100))).toEqual({ kind: 'first' });
    expect(keepFinishedGame(store, game('A:2:', 120))).toEqual({ kind: 'new-best', score: 120, previous: 100 });
    expect(keepFinishedGame(store, game('A:2:', 120))).toEqual({ kind: 'new-best', score: 120, previous: 100 });
    expect(readRecords(store).games['meet-fate']).toEqual({ played: 2, won: 0, best: 120, total: 220 });
    clearRecords(store);
    expect(store.map.has(RECORDS_KEY)).toBe(false);
    expect(readRecords(store)).toEqual(emptyHistory());
  });

  it('reads a damaged, odd or older-format value as no records, and records over it', () => {
    const store = memoryStore();
    for (const raw of ['{not json', 'null', '[]', JSON.stringify({ version: 0, games: {} }), JSON.stringify({ ...emptyHistory(), games: { x: { played: 'two' } } })]) {
      store.setItem(RECORDS_KEY, raw);
      expect(readRecords(store)).toEqual(emptyHistory());
    }
    expect(keepFinishedGame(store, game('A:1:', 10))).toEqual({ kind: 'first' });
    expect(readRecords(store).games['meet-fate']?.played).toBe(1);
  });

  it('carries on without records when storage is refused', () => {
    expect(keepFinishedGame(refusingStore, game('A:1:', 10))).toEqual({ kind: 'first' });
    expect(readRecords(refusingStore)).toEqual(emptyHistory());
    expect(() => clearRecords(refusingStore)).not.toThrow();
    expect(keepFinishedGame(null, game('A:1:', 10))).toEqual({ kind: 'first' });
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '@rollcall/protocol';
import { ordinal } from './i18n/format.js';
import { standingRows, winnerLine } from './standings.js';

const seats: SeatInfo[] = ['Ann', 'Bo', 'Cy'].map((name, seat) => ({ seat, name, connected: true, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: false }));

describe('final standings', () => {
  it('spells places the English way, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });

  it('lists the best first with names and marks a shared place', () => {
    const rows = standingRows(
      {
        standings: [
          { seat: 2, score: 300, place: 1 },
          { seat: 0, score: 250, place: 2 },
          { seat: 1, score: 250, place: 2 },
        ],
        winners: [2],
      },
      seats,
    );
    expect(rows.map((r) => [r.name, r.placeLabel, r.winner])).toEqual([
      ['Cy', '1st', true],
      ['Ann', '=2nd', false],
      ['Bo', '=2nd', false],
    ]);
    expect(winnerLine(rows)).toBe('Cy wins!');
  });

  it('announces a shared win with every winner named', () => {
    const rows = standingRows(
      {
        standings: seats.map((s) => ({ seat: s.seat, score: 99, place: 1 })),
        winners: [0, 1, 2],
      },
      seats,
    );
    expect(winnerLine(rows)).toBe('Ann, Bo and Cy share the win!');
  });
});

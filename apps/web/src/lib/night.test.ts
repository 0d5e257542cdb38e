import type { NightStanding, NightView } from '@rollcall/protocol';
import { describe, expect, it } from 'vitest';
import { ownPlaceText, pointsText } from './night-place.js';
import { nightHeading, nightPlaceLabel, trailPoints } from './night.js';

const line = (name: string, seat: number | null, points: number, place: number, trail: number[], games = 2): NightStanding => ({
  name,
  seat,
  bot: false,
  points,
  wins: 0,
  games,
  place,
  trail,
});

const night: NightView = {
  id: 'ABCD-x-0',
  games: 2,
  chart: [
    { number: 1, game: 'wfgts' },
    { number: 2, game: 'meet-fate' },
  ],
  lines: [line('Ann', 0, 15, 1, [10, 15]), line('Bob', 1, 5, 2, [0, 5]), line('Cy', null, 5, 2, [5, 5], 1)],
};

describe("tonight's standings on the TV", () => {

  it('head the table with the games counted so far', () => {
    expect(nightHeading(night)).toBe('Tonight after 2 games');
    expect(nightHeading({ ...night, games: 1 })).toBe('Tonight after 1 game');
  });

  it('mark a shared place', () => {
    expect(night.lines.map((l) => nightPlaceLabel(night, l))).toEqual(['1st', '=2nd', '=2nd']);
  });


  it('draw each running total across the chart, the best at the top', () => {
    // The chart holds the whole night: every line rises from 0.
    const drawn = trailPoints(night, 100, 30);
    expect(drawn.map((d) => d.points)).toEqual(['0,30 50,10 100,0', '0,30 50,30 100,20', '0,30 50,20 100,20']);
    // After one game too.
    const first = { ...night, games: 1, chart: night.chart.slice(0, 1), lines: [line('Ann', 0, 10, 1, [10]), line('Bob', 1, 0, 2, [0])] };
    expect(trailPoints(first, 100, 30).map((d) => d.points)).toEqual(['0,30 100,0', '0,30 100,30']);
    // A chart of the newest games of a longer night starts where its oldest game left each total.
    expect(trailPoints({ ...night, games: 25 }, 100, 30).map((d) => d.points)).toEqual(['0,10 100,0', '0,30 100,20', '0,20 100,20']);
  });
});

describe("a phone's own place tonight", () => {
  it('says points and games the way people count them', () => {
    expect(pointsText(1)).toBe('1 point');
    expect(pointsText(12.5)).toBe('12.5 points');
    expect(pointsText(0)).toBe('0 points');
  });

  it("is its place, points and games, or that it isn't on the table yet", () => {
    expect(ownPlaceText(night, 0)).toBe("You're top tonight, with 15 points from 2 games.");
    expect(ownPlaceText(night, 1)).toBe("You're joint 2nd tonight, with 5 points from 2 games.");
    const third = { ...night, lines: [...night.lines.slice(0, 2), line('Cy', 2, 1, 3, [1, 1], 1)] };
    expect(ownPlaceText(third, 2)).toBe("You're 3rd tonight, with 1 point from 1 game.");
    expect(ownPlaceText(night, 4)).toBe("You'll be on tonight's table after your first game.");
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '@rollcall/protocol';
import { absenceMark, awaitedName, botTag, nameOfLead, seatAbsence, seatName, seatRemoved, turnTag, turnTitle, waitingToStart } from './seat-names.js';

const now = 1_700_000_000_000;
const seats: SeatInfo[] = [
  { seat: 0, name: 'Ann', connected: true, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: false },
  { seat: 1, name: 'Bo', connected: false, vacant: false, awaySince: now - 125_000, playedFrom: null, newPhoneAt: null, bot: false },
  { seat: 2, name: 'Cy', connected: false, vacant: true, awaySince: now - 5_000, playedFrom: null, newPhoneAt: null, bot: false },
  { seat: 3, name: 'Di', connected: false, vacant: false, awaySince: now - 40_000, playedFrom: null, newPhoneAt: null, bot: false },
];

describe('seat names', () => {
  it('never calls a bot away, and tags its turn "bot"', () => {
    const withBot: SeatInfo[] = [...seats, { seat: 4, name: 'Bot Ada', connected: false, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: true }];
    expect(seatAbsence(withBot, 4, now)).toBeNull();
    expect(turnTag(withBot, 4, now)).toBe('bot');
    expect(turnTag(withBot, 0, now)).toBe('rolling');
    expect(turnTitle(withBot, 4, now)).toBe("Bot Ada's turn");
  });

  it('says how well a bot plays beside its name and on its turn, and nothing for a player', () => {
    const bot = (seat: number, botStrength: SeatInfo['botStrength']): SeatInfo => ({
      seat,
      name: `Bot ${seat}`,
      connected: false,
      vacant: false,
      awaySince: null,
      playedFrom: null,
      newPhoneAt: null,
      bot: true,
      botStrength,
    });
    const table = [...seats, bot(4, 'easy'), bot(5, 'fair'), bot(6, 'strong')];
    expect([4, 5, 6].map((s) => botTag(table, s))).toEqual(['easy bot', 'fair bot', 'strong bot']);
    expect([4, 5, 6].map((s) => turnTag(table, s, now))).toEqual(['easy bot', 'fair bot', 'strong bot']);
    expect(botTag(table, 0)).toBeNull();
    expect(botTag(table, 9)).toBeNull();
  });

  it('uses the name the seat joined with, even when it left', () => {
    expect(seatName(seats, 0)).toBe('Ann');
    expect(seatName(seats, 2)).toBe('Cy');
  });

  it('counts seats from one when the room has no name for it', () => {
    expect(seatName(seats, 4)).toBe('Seat 5');
  });

  it('marks a removed player and an away one, with how long, among those the game waits on', () => {
    expect(seats.map((s) => seatRemoved(seats, s.seat))).toEqual([false, false, true, false]);
    expect(seats.map((s) => awaitedName(seats, s.seat, now))).toEqual(['Ann', 'Bo (away 2 min)', 'Cy (removed)', 'Di (away 40 s)']);
    expect(seatRemoved(seats, 4)).toBe(false);
    expect(seatAbsence(seats, 4, now)).toBeNull();
  });

  it('marks a status line in place of "choosing", and says nothing for a seat whose phone is here', () => {
    expect(seats.map((s) => absenceMark(seats, s.seat, now))).toEqual([null, '◌ away 2 min', '✕ removed', '◌ away 40 s']);
  });

  it('says only "away" for the first seconds, or while the room has not yet noted since when', () => {
    const fresh: SeatInfo[] = [
      { seat: 0, name: 'Ed', connected: false, vacant: false, awaySince: null, playedFrom: null, newPhoneAt: null, bot: false },
      { seat: 1, name: 'Flo', connected: false, vacant: false, awaySince: now - 3_000, playedFrom: null, newPhoneAt: null, bot: false },
    ];
    expect(fresh.map((s) => seatAbsence(fresh, s.seat, now))).toEqual(['away', 'away']);
  });

  it("heads a removed or away player's turn as such", () => {
    expect(seats.map((s) => turnTitle(seats, s.seat, now))).toEqual([
      "Ann's turn",
      "Bo's turn (away 2 min)",
      "Cy's turn (removed)",
      "Di's turn (away 40 s)",
    ]);
  });

  it('tags the seat on turn as rolling only while its phone is here', () => {
    expect(seats.map((s) => turnTag(seats, s.seat, now))).toEqual(['rolling', 'away 2 min', 'removed', 'away 40 s']);
  });

  it('names who starts the game in the lobby, or the lead before the room has one', () => {
    expect(nameOfLead(seats, 1)).toBe('Bo');
    expect(nameOfLead(seats, null)).toBe('the lead');
    expect(waitingToStart(seats, 0, 'Ten Phases')).toBe('Ten Phases is up next. Waiting for Ann to start.');
    expect(waitingToStart(seats, null, null)).toBe('No game picked yet. Waiting for the lead to start.');
  });
});

import { describe, expect, it } from 'vitest';
import type { SeatInfo, WhenAway } from '@rollcall/protocol';
import { awayNotices, whenAwayRule } from './away-notice.js';

const now = 1_700_000_000_000;
const seat = (s: Partial<SeatInfo> & Pick<SeatInfo, 'seat' | 'name'>): SeatInfo => ({
  connected: true,
  vacant: false,
  bot: false,
  awaySince: null,
  playedFrom: null,
  newPhoneAt: null,
  ...s,
});
const table = (seats: SeatInfo[], whenAway: WhenAway = { play: 'default', seconds: 30 }, awaiting: number[] = []) => ({
  status: 'playing' as const,
  seats,
  whenAway,
  awaiting,
});
const texts = (view: ReturnType<typeof table>, at = now) => awayNotices(view, at).map((n) => n.text);

describe('who is away, on every screen', () => {
  it('counts down to when an away player is played for, then says the game plays their default moves', () => {
    const hana = seat({ seat: 1, name: 'Hana', connected: false, awaySince: now - 18_000, playedFrom: now + 12_000 });
    const view = table([seat({ seat: 0, name: 'Ann' }), hana], undefined, [1]);
    expect(texts(view)).toEqual(['Hana is away — played for in 0:12']);
    expect(texts(view, now + 11_001)).toEqual(['Hana is away — played for in 0:01']);
    expect(texts(view, now + 12_000)).toEqual(['Hana has been away for 30 s — the game plays their default moves']);
    // The count goes on by the minute.
    expect(texts(view, now + 90_000)).toEqual(['Hana has been away for 1 min — the game plays their default moves']);
    expect(awayNotices(view, now)[0]).toMatchObject({ seat: 1, bot: false, awaited: true });
  });

  it('says when a bot takes over, and that it plays for them while it does', () => {
    const view = table([seat({ seat: 0, name: 'Hana', connected: false, awaySince: now - 5_000, playedFrom: now + 10_000 })], {
      play: 'bot',
      seconds: 15,
    });
    expect(texts(view)).toEqual(['Hana is away — a bot plays for them in 0:10']);
    expect(awayNotices(view, now + 10_000)).toEqual([{ seat: 0, text: 'A bot is playing for Hana (away 15 s)', bot: true, awaited: false }]);
  });

  it('says the game waits for an away player only when the room waits and the game is waiting on them', () => {
    const hana = seat({ seat: 0, name: 'Hana', connected: false, awaySince: now - 130_000 });
    const wait: WhenAway = { play: 'wait', seconds: 30 };
    expect(texts(table([hana], wait, [0]))).toEqual(['Hana has been away for 2 min — the game waits for them']);
    expect(texts(table([hana], wait))).toEqual(['Hana has been away for 2 min']);
    // Not yet noted by the room: away, with nothing promised.
    expect(texts(table([seat({ seat: 0, name: 'Hana', connected: false })], undefined, [0]))).toEqual(['Hana is away']);
  });

  it('says a removed player is played for, by a bot when the room has one play away seats', () => {
    const cy = seat({ seat: 0, name: 'Cy', connected: false, vacant: true, awaySince: now - 1_000, playedFrom: now - 1_000 });
    expect(texts(table([cy]))).toEqual(['Cy was removed — the game plays their default moves']);
    expect(texts(table([cy], { play: 'bot', seconds: 60 }))).toEqual(['A bot is playing for Cy (removed)']);
  });

  it('leaves out the players whose phones are here, bots, and everyone outside a game', () => {
    const seats = [seat({ seat: 0, name: 'Ann' }), seat({ seat: 1, name: 'Bot Ada', connected: false, bot: true })];
    expect(awayNotices(table(seats), now)).toEqual([]);
    const away = [seat({ seat: 0, name: 'Hana', connected: false, awaySince: now })];
    expect(awayNotices({ ...table(away), status: 'finished' }, now)).toEqual([]);
  });
});

describe('the rule for away phones, in words', () => {
  it('says how long an away player has, and what happens after', () => {
    expect(whenAwayRule({ play: 'default', seconds: 30 })).toBe(
      'An away player has 30 s to come back. After that, until their phone is back, the game plays their default move each time it waits on them.',
    );
    expect(whenAwayRule({ play: 'bot', seconds: 60 })).toBe('An away player has 1 min to come back. After that, a bot plays for them until their phone is back.');
    expect(whenAwayRule({ play: 'wait', seconds: 30 })).toMatch(/^The game waits for an away player/);
  });
});

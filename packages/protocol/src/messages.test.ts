import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ClientEventName, ReplyValues } from './commands.js';
import { ActionEnvelope, CODE_ALPHABET, Configure, CreateRoom, JoinRoom, Rematch, RoomCode, TestSeed } from './messages.js';

describe('room messages', () => {
  it('forgive case and spaces in a typed room code, and refuse look-alike letters', () => {
    expect(RoomCode.parse(' abcd ')).toBe('ABCD');
    expect(RoomCode.safeParse('ABCO').success).toBe(false);
    expect(RoomCode.safeParse('ABC').success).toBe(false);
    expect([...'ILOU01'].some((c) => CODE_ALPHABET.includes(c))).toBe(false);
  });

  it('trim player names and keep them to 1–24 characters', () => {
    expect(JoinRoom.parse({ code: 'ABCD', as: 'player', name: '  Ann ' })).toMatchObject({ name: 'Ann' });
    expect(JoinRoom.safeParse({ code: 'ABCD', as: 'player', name: '   ' }).success).toBe(false);
    expect(CreateRoom.safeParse({ as: 'player', name: 'x'.repeat(25) }).success).toBe(false);
  });

  it('take test dice only as a 16-byte generator state in hex, never all zero', () => {
    expect(TestSeed.safeParse('01'.repeat(16)).success).toBe(true);
    expect(TestSeed.safeParse('00'.repeat(16)).success).toBe(false);
    expect(TestSeed.safeParse('01'.repeat(17)).success).toBe(false);
    expect(TestSeed.safeParse('0'.repeat(33)).success).toBe(false);
    expect(TestSeed.safeParse('00'.repeat(15)).success).toBe(false);
    expect(TestSeed.safeParse('GG'.repeat(16)).success).toBe(false);
  });

  it('fill in configure defaults and refuse timers that are not offered', () => {
    const base = { code: 'ABCD', token: 't'.repeat(24), game: 'wfgts' };
    expect(Configure.parse(base)).toMatchObject({ options: {}, timer: 0 });
    expect(Configure.safeParse({ ...base, timer: 45 }).success).toBe(false);
  });

  it('take at most one choice per away seat at a rematch, each keep, remove or bot', () => {
    const base = { code: 'ABCD', token: 't'.repeat(24) };
    expect(Rematch.safeParse(base).success).toBe(true);
    expect(Rematch.safeParse({ ...base, away: [{ seat: 1, choice: 'bot' }, { seat: 2, choice: 'remove' }] }).success).toBe(true);
    expect(Rematch.safeParse({ ...base, away: [{ seat: 1, choice: 'keep' }, { seat: 1, choice: 'remove' }] }).success).toBe(false);
    expect(Rematch.safeParse({ ...base, away: [{ seat: 1, choice: 'watch' }] }).success).toBe(false);
  });

  it('require an id on every move and a whole, non-negative version if any', () => {
    const base = { code: 'ABCD', token: 't'.repeat(24), action: {} };
    expect(ActionEnvelope.safeParse(base).success).toBe(false);
    expect(ActionEnvelope.safeParse({ ...base, id: 'a', version: 1.5 }).success).toBe(false);
    expect(ActionEnvelope.safeParse({ ...base, id: 'a', version: 3 }).success).toBe(true);
  });

  it('name a reply type for every client event', () => {
    expectTypeOf<keyof ReplyValues>().toEqualTypeOf<ClientEventName>();
  });
});

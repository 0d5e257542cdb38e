import { describe, expect, it } from 'vitest';
import { refusalWords, roomCodeProblem, typedCode, waitInWords } from './join-refusal.js';

describe('a typed room code', () => {
  it('is read as the server reads it, with spaces and dashes forgiven', () => {
    expect(typedCode(' ab-cd ')).toBe('ABCD');
    expect(roomCodeProblem('ab cd')).toBeNull();
    expect(roomCodeProblem('WXYZABCD')).toBeNull();
  });

  it('with a letter codes never use says so, not that the code is too short', () => {
    expect(roomCodeProblem('BOAT')).toBe('Room codes never use the letter O. Check the code on the TV.');
    expect(roomCodeProblem('kilo')).toBe('Room codes never use the letters I, L or O. Check the code on the TV.');
    expect(roomCodeProblem('GURU')).toBe('Room codes never use the letter U. Check the code on the TV.');
  });

  it('that is too short, too long or not letters says what a code looks like', () => {
    expect(roomCodeProblem('')).toBe('Type the room code shown on the TV.');
    expect(roomCodeProblem('ABC')).toBe('A room code has at least 4 letters. Check the code on the TV.');
    expect(roomCodeProblem('ABCDEFGHJ')).toBe('A room code has at most 8 letters. Check the code on the TV.');
    expect(roomCodeProblem('AB0D')).toBe('A room code is only letters, no numbers or signs. Check the code on the TV.');
  });
});

describe('a refused join', () => {
  it('from a phone that guessed too much says so and counts down to trying again', () => {
    const refusal = { code: 'room/guessing-slowed', message: "None of this phone's last few codes matched a room.", retryAfterSeconds: 16 };
    expect(refusalWords(refusal, 16)).toEqual({
      what: 'None of the last few codes from this phone matched a room. Check the code on the TV.',
      when: 'You can try again in 16 seconds.',
    });
    expect(refusalWords(refusal, 1).when).toBe('You can try again in 1 second.');
    expect(refusalWords(refusal, 0).when).toBe('You can try again now.');
  });

  it('from a network that guessed hundreds says that phones in a room stay in, and when to come back', () => {
    const refusal = { code: 'room/too-many-guesses', message: 'So many wrong room codes came from your network.', retryAfterSeconds: 2400 };
    const words = refusalWords(refusal, 2400);
    expect(words.what).toMatch(/your network.*Phones already in a room stay in\.$/);
    expect(words.when).toBe('You can try again in about 40 minutes.');
  });

  it('for a wrong code that starts a wait says how long before the next code', () => {
    const refusal = { code: 'room/not-found', message: 'No room has that code.', retryAfterSeconds: 4 };
    expect(refusalWords(refusal, 4)).toEqual({ what: 'No room has that code.', when: 'You can try another code in 4 seconds.' });
    expect(refusalWords(refusal, 0).when).toBe('');
    expect(refusalWords({ code: 'room/not-found', message: 'No room.' }, 0)).toEqual({ what: 'No room.', when: '' });
  });

  it('waits read as people say them', () => {
    expect([waitInWords(0.2), waitInWords(59), waitInWords(60), waitInWords(61), waitInWords(3540), waitInWords(3541)]).toEqual([
      '1 second',
      '59 seconds',
      'about a minute',
      'about 2 minutes',
      'about 59 minutes',
      'about an hour',
    ]);
  });
});

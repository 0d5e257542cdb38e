import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer } from './announcer.svelte.js';

// Each test starts from a screen's fresh live regions.
let announcer: Announcer;
beforeEach(() => {
  announcer = new Announcer();
});

describe('the live regions', () => {
  it('keep table news and interruptions apart', () => {
    announcer.say('Ann rolled 3, 5, 6.');
    announcer.alert('Your turn.');
    expect(announcer.polite).toBe('Ann rolled 3, 5, 6.');
    expect(announcer.assertive.replace('\u200b', '')).toBe('Your turn.');
  });

  it('change their text when the same news comes twice, so it is read twice', async () => {
    announcer.say('You rolled 4, 4.');
    const first = announcer.polite;
    await Promise.resolve();
    announcer.say('You rolled 4, 4.');
    expect(announcer.polite).not.toBe(first);
    expect(announcer.polite.replace('\u200b', '')).toBe(first.replace('\u200b', ''));
  });

  it('read the same words again in one region after news in the other', async () => {
    announcer.alert("It's your turn");
    const first = announcer.assertive;
    await Promise.resolve();
    announcer.say("Bo's turn");
    announcer.alert("It's your turn");
    expect(announcer.assertive).not.toBe(first);
  });

  it('read news given at once as one text, so the last does not silence the first', async () => {
    announcer.say('You scored 6 in Twos.');
    announcer.say("Bo's turn.");
    expect(announcer.polite).toBe("You scored 6 in Twos. Bo's turn.");
    await Promise.resolve();
    announcer.say('Bo rolled 1, 2, 3.');
    expect(announcer.polite).toBe('Bo rolled 1, 2, 3.');
  });
});

describe('news of thrown dice', () => {
  let reduced = false;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', () => ({ matches: reduced }));
  });
  afterEach(() => {
    reduced = false;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is said once the dice stop tumbling, and only the newest throw', () => {
    announcer.sayOnceSettled('You rolled 2, 5.');
    vi.advanceTimersByTime(400);
    announcer.sayOnceSettled('You rolled 6, 6.');
    vi.advanceTimersByTime(699);
    expect(announcer.polite).toBe('');
    vi.advanceTimersByTime(1);
    expect(announcer.polite).toBe('You rolled 6, 6.');
  });

  it('is dropped by a new turn with nothing to say yet', () => {
    announcer.sayOnceSettled('Bo rolled 1, 3.');
    announcer.sayOnceSettled(null);
    vi.advanceTimersByTime(1_000);
    expect(announcer.polite).toBe('');
  });

  it('is said at once when motion is reduced', () => {
    reduced = true;
    announcer.sayOnceSettled('You rolled 3, 4.');
    vi.advanceTimersByTime(0);
    expect(announcer.polite).toBe('You rolled 3, 4.');
  });
});

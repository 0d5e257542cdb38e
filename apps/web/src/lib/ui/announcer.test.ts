import { describe, expect, it } from 'vitest';
import { Announcer } from './announcer.svelte.js';

describe('the live regions', () => {
  it('keep table news and interruptions apart', () => {
    const announcer = new Announcer();
    announcer.say('Ann rolled 3, 5, 6.');
    announcer.alert('Your turn.');
    expect(announcer.polite).toBe('Ann rolled 3, 5, 6.');
    expect(announcer.assertive.replace('\u200b', '')).toBe('Your turn.');
  });

  it('change their text when the same news comes twice, so it is read twice', () => {
    const announcer = new Announcer();
    announcer.say('You rolled 4, 4.');
    const first = announcer.polite;
    announcer.say('You rolled 4, 4.');
    expect(announcer.polite).not.toBe(first);
    expect(announcer.polite.replace('\u200b', '')).toBe(first.replace('\u200b', ''));
  });

  it('read the same words again in one region after news in the other', () => {
    const announcer = new Announcer();
    announcer.alert("It's your turn");
    const first = announcer.assertive;
    announcer.say("Bo's turn");
    announcer.alert("It's your turn");
    expect(announcer.assertive).not.toBe(first);
  });
});

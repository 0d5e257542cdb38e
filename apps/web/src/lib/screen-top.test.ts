import { describe, expect, it } from 'vitest';
import { startsAtTop } from './screen-top.svelte.js';

describe('going back to the top of the screen', () => {
  it('happens when the game starts, ends, and when the table is back in the lobby', () => {
    expect(startsAtTop('lobby', 'playing')).toBe(true);
    expect(startsAtTop('playing', 'finished')).toBe(true);
    expect(startsAtTop('finished', 'lobby')).toBe(true);
  });

  it('leaves the screen alone on a move within the same stage, and on the first look at a room', () => {
    expect(startsAtTop('playing', 'playing')).toBe(false);
    expect(startsAtTop(null, 'playing')).toBe(false);
    expect(startsAtTop('playing', null)).toBe(false);
  });
});

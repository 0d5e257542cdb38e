import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettledNews } from './settled-news.svelte.js';

describe('news of thrown dice', () => {
  let reduced = false;
  let said: string[];
  let news: SettledNews;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { matchMedia: () => ({ matches: reduced }) });
    said = [];
    news = new SettledNews((text) => said.push(text));
  });
  afterEach(() => {
    reduced = false;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is said once the dice stop tumbling, and only the newest throw', () => {
    news.tell('You rolled 2, 5.');
    vi.advanceTimersByTime(400);
    news.tell('You rolled 6, 6.');
    vi.advanceTimersByTime(699);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['You rolled 6, 6.']);
  });

  it('is dropped by a turn with nothing to say yet, and by leaving the screen', () => {
    news.tell('Bo rolled 1, 3.');
    news.tell(null);
    news.tell('Bo rolled 4, 4.');
    news.drop();
    vi.advanceTimersByTime(1_000);
    expect(said).toEqual([]);
  });

  it('is said at once when motion is reduced', () => {
    reduced = true;
    news.tell('You rolled 3, 4.');
    vi.advanceTimersByTime(0);
    expect(said).toEqual(['You rolled 3, 4.']);
  });
});

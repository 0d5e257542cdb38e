import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Die from './Die.svelte';

/** The die's markup as a screen reader meets it. */
const drawn = (props: Parameters<typeof Die>[1]) => render(Die, { props }).body;

describe('a die, as seen and as heard', () => {
  it('is a picture named by its kind and face, its drawing hidden', () => {
    const html = drawn({ sides: 8, value: 5 });
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="d8 showing 5"');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(drawn({ sides: 8, value: null, name: 'Die 2' })).toContain('aria-label="Die 2, not rolled yet"');
  });

  it('says nothing when its control speaks for it', () => {
    const html = drawn({ sides: 6, value: 4, decorative: true });
    expect(html).not.toContain('aria-label');
    expect(html).toContain('aria-hidden="true"');
  });

  it('is a toggle button, named by its place, face and state, when it can be kept', () => {
    const kept = drawn({ sides: 6, value: 5, position: 3, kept: true, onpress: () => {} });
    expect(kept).toContain('<button');
    expect(kept).toContain('type="button"');
    expect(kept).toContain('aria-pressed="true"');
    expect(kept).toContain('aria-label="Die 3: 5, kept"');
    expect(kept).not.toContain('role="img"');
    const free = drawn({ sides: 6, value: 2, position: 1, onpress: () => {} });
    expect(free).toContain('aria-pressed="false"');
    expect(free).toContain('aria-label="Die 1: 2"');
  });

  it("takes the game's words for a face that is not a plain number, or for the whole name", () => {
    expect(drawn({ sides: 10, value: 0, faceName: 'wild', position: 2, onpress: () => {} })).toContain('aria-label="Die 2: wild"');
    expect(drawn({ sides: 10, value: 7, label: 'high die 4: 7, red', onpress: () => {} })).toContain('aria-label="high die 4: 7, red"');
  });
});

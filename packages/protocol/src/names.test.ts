import { describe, expect, it } from 'vitest';
import { nameSkeleton } from './name-skeleton.js';
import { nameLength, normaliseName, PlayerName } from './names.js';

const accepted = (raw: string) => {
  const parsed = PlayerName.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

describe('player names', () => {
  it('drop controls, invisible and bidirectional characters, and collapse spaces', () => {
    expect(normaliseName('  An\u200Bn\u0007  \u202Ethe\u2066 great\uFEFF ')).toBe('Ann the great');
  });

  it('turn full-width and styled letters into plain ones (NFKC)', () => {
    expect(normaliseName('ＡＮＮ')).toBe('ANN');
    expect(normaliseName('𝐀𝐧𝐧')).toBe('Ann');
  });

  it('refuse a name with nothing visible left', () => {
    for (const raw of ['', '   ', '\u200B\u200B', '\u202E', '\u3164', '\uFE0F']) {
      expect(accepted(raw)).toBeNull();
    }
  });

  it('refuse lone surrogates by removing them', () => {
    expect(accepted('\uD800')).toBeNull();
    expect(accepted('Bo\uDC00b')).toBe('Bob');
  });

  it('count what a person sees, not code points', () => {
    const accented = 'e\u0301'.repeat(24);
    expect(nameLength('e\u0301')).toBe(1);
    expect(accepted(accented)).not.toBeNull();
    expect(accepted('👍🏽'.repeat(24))).not.toBeNull();
    expect(accepted('a'.repeat(25))).toBeNull();
  });

  it('give look-alike names the same skeleton', () => {
    expect(nameSkeleton('Ann')).toBe(nameSkeleton('ann'));
    expect(nameSkeleton('Ann')).toBe(nameSkeleton('An\u200Bn'));
    // Cyrillic А and а in place of the Latin letters.
    expect(nameSkeleton('Ann')).toBe(nameSkeleton('\u0410nn'));
    expect(nameSkeleton('Sam')).toBe(nameSkeleton('\u0455\u0430m'));
    expect(nameSkeleton('Ann')).not.toBe(nameSkeleton('Anne'));
  });
});

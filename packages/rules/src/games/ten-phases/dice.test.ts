import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../core/dice.js';
import { COLOURS, DICE, FACES, faceIndicesFor, faceOf, facesOf, FIRST_LOW, rolledFaces } from './dice.js';
import { tenPhases } from './index.js';

describe('the ten dice', () => {
  it('are six high dice then four low dice, each with six faces', () => {
    expect(DICE.map((d) => d.label)).toEqual(['H0', 'H1', 'H2', 'H3', 'H4', 'H5', 'L0', 'L1', 'L2', 'L3']);
    expect(DICE.map((d) => d.kind)).toEqual([...Array(FIRST_LOW).fill('high'), ...Array(4).fill('low')]);
    for (const die of DICE) expect(die.faces).toHaveLength(FACES);
  });

  it('high die Hi shows 5 to 10, face v coloured (v − 5 + i) mod 4', () => {
    for (let i = 0; i < 6; i++) {
      expect(DICE[i]!.faces).toEqual([5, 6, 7, 8, 9, 10].map((v) => ({ value: v, colour: (v - 5 + i) % 4 })));
    }
  });

  it('low die Lj shows 1, 2, 3, 4, W, W, face p coloured (p + j) mod 4', () => {
    for (let j = 0; j < 4; j++) {
      expect(DICE[FIRST_LOW + j]!.faces).toEqual(
        [1, 2, 3, 4, null, null].map((value, p) => ({ value, colour: (p + j) % 4 })),
      );
    }
  });

  it('every die can show every colour, and each colour has its own symbol', () => {
    for (const die of DICE) expect(new Set(die.faces.map((f) => f.colour))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(COLOURS.map((c) => c.symbol)).size).toBe(COLOURS.length);
    expect(COLOURS.map((c) => c.name)).toEqual(['red', 'orange', 'green', 'blue']);
  });

  it('can show seven orange dice with 2, 4, W, 5, 8, 9 and 10, as in the designers’ example', () => {
    const orange = 1;
    const shown = [faceOf(6, 1), faceOf(8, 3), faceOf(7, 4), faceOf(1, 0), faceOf(2, 3), faceOf(5, 4), faceOf(0, 5)];
    expect(shown.map((f) => f.value)).toEqual([2, 4, null, 5, 8, 9, 10]);
    expect(shown.every((f) => f.colour === orange)).toBe(true);
    expect(faceOf(4, 5)).toEqual({ value: 10, colour: orange });
  });
});

describe('faces by number', () => {
  it('finds the face showing each number, a wild as the first wild face', () => {
    const faces = facesOf(faceIndicesFor([5, 6, 7, 8, 9, 10], [1, 'W', 3, 4]));
    expect(faces.map((f) => f.value)).toEqual([5, 6, 7, 8, 9, 10, 1, null, 3, 4]);
    expect(faceIndicesFor([5, 6, 7, 8, 9, 10], [1, 'W', 3, 4])).toEqual([0, 1, 2, 3, 4, 5, 0, 4, 2, 3]);
  });

  it('refuses a number a die cannot show', () => {
    expect(() => faceIndicesFor([4, 6, 7, 8, 9, 10], [1, 2, 3, 4])).toThrow(RangeError);
    expect(() => faceIndicesFor([5, 6, 7, 8, 9, 10], [1, 2, 3, 5])).toThrow(RangeError);
    expect(() => faceOf(10, 0)).toThrow(RangeError);
  });
});

describe('faces of what one action rolled', () => {
  it('turns a roll-off into the numbers of the high die rolled', () => {
    expect(rolledFaces([1, 6, 2], null)).toEqual(['5', '10', '6']);
  });

  it('gives each number rolled to the next die not kept, in die order, with wilds as W', () => {
    // Kept: H1, H3 and L0; rolled: H0, H2, H4, H5, L1, L2, L3.
    expect(rolledFaces([6, 3, 2, 4, 1, 5, 6], [1, 3, 6])).toEqual(['10', '7', '6', '8', '1', 'W', 'W']);
  });

  it('refuses a number the die cannot show or more numbers than dice rolled', () => {
    expect(() => rolledFaces([7], [])).toThrow(RangeError);
    expect(() => rolledFaces([1, 1], [0, 1, 2, 3, 4, 5, 6, 7, 8])).toThrow(RangeError);
  });

  it('is what the game object says it rolled, checked against a real roll', () => {
    const state = tenPhases.setup({ seats: 1, options: tenPhases.options.parse({}), dice: scriptedDice([]) });
    const rolled = tenPhases.apply(state, 0, { type: 'roll', keep: [] }, { dice: scriptedDice([6, 3, 2, 4, 1, 5, 6, 1, 2, 3]) });
    if (!rolled.ok) throw new Error(rolled.error.code);
    const shown = facesOf(rolled.state.turn?.faces ?? []).map((f) => (f.value === null ? 'W' : String(f.value)));
    expect(tenPhases.rolledFaces?.([6, 3, 2, 4, 1, 5, 6, 1, 2, 3], { type: 'roll', keep: [] })).toEqual(shown);
  });
});

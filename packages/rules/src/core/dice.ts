import { nextRoll, type GeneratorState } from './generator.js';

/**
 * Where a game's dice come from. The server passes its seeded generator; tests
 * pass a script. Rules never roll any other way.
 */
export interface Dice {
  /** One die with faces 1..sides. */
  roll(sides: number): number;
}

/** Dice backed by the seeded generator; `state()` reads where it has got to. */
export function generatorDice(start: GeneratorState): Dice & { state(): GeneratorState } {
  let current = start;
  return {
    roll(sides) {
      const [value, next] = nextRoll(current, sides);
      current = next;
      return value;
    },
    state: () => current,
  };
}

/**
 * Dice that show the given numbers in order, for tests and worked examples.
 * Running out, or a number the die cannot show, is a bug in the test.
 */
export function scriptedDice(values: readonly number[]): Dice & { remaining(): number } {
  let i = 0;
  return {
    roll(sides) {
      const value = values[i];
      if (value === undefined) throw new Error(`scripted dice ran out after ${i} rolls`);
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new Error(`scripted roll ${i} is ${value}, which a d${sides} cannot show`);
      }
      i += 1;
      return value;
    },
    remaining: () => values.length - i,
  };
}

/** Dice that must not be rolled: for actions that never roll. */
export const noDice: Dice = {
  roll() {
    throw new Error('this action was not expected to roll');
  },
};

/** Roll one die of each size, in order. */
export function rollAll(dice: Dice, sides: readonly number[]): number[] {
  return sides.map((s) => dice.roll(s));
}

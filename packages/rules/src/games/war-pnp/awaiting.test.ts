import { describe, expect, it } from 'vitest';
import { applyAction, type GameDefinition } from '../../core/define-game.js';
import { generatorDice } from '../../core/dice.js';
import { seedGenerator } from '../../core/generator.js';
import { warAwaiting } from './awaiting.js';
import { warPnp } from './index.js';
import type { WarState } from './state.js';
import { play, readyToRoll, rolled, sheetWith, use } from './test-support/scenario.js';

const game = warPnp as unknown as GameDefinition<unknown, WarState, unknown, unknown>;

describe('who the game waits for', () => {
  it('is the main player alone at the roll', () => {
    expect(warAwaiting(readyToRoll([sheetWith({}), sheetWith({}), sheetWith({})], { main: 2 }))).toEqual([
      { seat: 2, fallback: { type: 'roll' } },
    ]);
  });

  it('passes every activation for a timed-out seat declaring together, and the next one left when declaring in turn', () => {
    const together = rolled(readyToRoll([sheetWith({ powers: { 1: ['bend', 1] } }), sheetWith({})]), [1, 1]);
    expect(warAwaiting(together)).toEqual([{ seat: 0, fallback: { type: 'declare', declarations: [] } }]);
    const inTurn = rolled(readyToRoll([sheetWith({ powers: { 1: ['bend', 1] } }), sheetWith({}), sheetWith({})]), [1, 1]);
    const second = play(inTurn, 0, { type: 'declare', declarations: [use(0, { power: 'bend' })] });
    expect(warAwaiting(second)).toEqual([{ seat: 0, fallback: { type: 'declare', declarations: [{ activation: 1, pass: true }] } }]);
  });

  it('gains from the best box for a seat that does not choose', () => {
    const state = rolled(readyToRoll([sheetWith({ points: { '7': 3 } }), sheetWith({ points: { '7': 2 } })]), [3, 4]);
    expect(warAwaiting(state)).toEqual([
      { seat: 0, fallback: { type: 'gain', bend: 0, box: 3 } },
      { seat: 1, fallback: { type: 'gain', bend: 0, box: 2 } },
    ]);
  });

  it('has a fallback that is accepted at every step, round after round', () => {
    const dice = generatorDice(seedGenerator(Uint8Array.from({ length: 16 }, (_, i) => i * 3 + 1)));
    let state = game.setup({ seats: 3, options: { hardDecisions: false }, dice });
    const steps = new Set<string>();
    while (state.round <= 30 && game.outcome(state) === null) {
      const awaited = game.awaiting(state);
      expect(awaited.length).toBeGreaterThan(0);
      const { seat, fallback } = awaited[0]!;
      steps.add(state.step.kind);
      const result = applyAction(game, state, seat, fallback, { dice });
      if (!result.ok) throw new Error(`fallback ${JSON.stringify(fallback)} refused: ${result.error.code}`);
      state = result.state;
    }
    expect([...steps].sort()).toEqual(['declare', 'develop', 'gain', 'roll', 'setup']);
  });
});

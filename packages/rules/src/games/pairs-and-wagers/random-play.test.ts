import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyAction } from '../../core/define-game.js';
import { generatorDice, noDice, type Dice } from '../../core/dice.js';
import { seedGenerator } from '../../core/generator.js';
import { pairsAndWagers as game } from './index.js';
import type { PairsAction } from './actions.js';
import { stakeCounted, stakeRuleOf, type PairsState } from './state.js';

const pairsView = game.view;

// Far above any real game: a game that runs this long is taken as one that never ends.
const MAX_ACTIONS = 5_000;

const wagerActions = ['bet-odd', 'bet-get', 'bet-better'] as const;

// Checked on every step of thousands of games: a plain throw is much cheaper than `expect`.
function must(ok: boolean, why: string): void {
  if (!ok) throw new Error(why);
}

// Frozen input makes any mutation by `apply` throw; parts shared with an earlier state are already frozen.
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Every action the view says is legal for the seat whose turn it is. */
function legalActions(state: PairsState): { seat: number; action: PairsAction }[] {
  const view = pairsView(state, { role: 'host' });
  if (view.phase === 'mid-choice') {
    return game.awaiting(state).flatMap(({ seat }) => [
      { seat, action: { type: 'mid-opt-in', join: true } as const },
      { seat, action: { type: 'mid-opt-in', join: false } as const },
    ]);
  }
  const turn = view.turn;
  if (turn === null) return [];
  const seat = turn.seat;
  const actions: PairsAction[] = [];
  if (turn.canRoll) actions.push({ type: 'roll' });
  if (turn.canEndTurn) actions.push({ type: 'end-turn' });
  for (const offer of turn.offers) {
    if (offer.type === 'bet-odd') actions.push({ type: 'bet-odd', call: 'odd' }, { type: 'bet-odd', call: 'even' });
    else actions.push({ type: offer.type });
  }
  return actions.map((action) => ({ seat, action }));
}

const setupArb = fc.record({
  seed: fc.uint8Array({ minLength: 16, maxLength: 16 }),
  seats: fc.integer({ min: 2, max: 12 }),
  options: fc.constantFrom({ goal: 10 }, { goal: 20 }, { goal: 20, betToMid: true }),
  picks: fc.infiniteStream(fc.nat()),
  // A game stored before the stake rule was revised has no `stakeRule` and plays on by the earlier count.
  storedBefore: fc.boolean(),
});

/** One generated game: its seed, table, options, every pick a player makes, and which stake rule it plays by. */
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

/** A new game from the generated setup, and the dice the server would roll for it. */
function newGame({ seed, seats, options, storedBefore }: Setup): { state: PairsState; dice: Dice } {
  const dice = generatorDice(seedGenerator(seed));
  const { stakeRule, ...before } = game.setup({ seats, options: game.options.parse(options), dice });
  return { state: storedBefore ? before : { ...before, stakeRule }, dice };
}

/**
 * Play a game to its end with `choose` picking among the legal actions,
 * checking at every step that wagers not offered are refused, that nothing
 * offered is, and that no total goes below zero. Returns the final state.
 */
function playOut(
  setup: Setup,
  choose: (legal: { seat: number; action: PairsAction }[], pick: number) => { seat: number; action: PairsAction } | undefined,
): PairsState {
  const start = newGame(setup);
  const dice = start.dice;
  let state = start.state;
  const pick = setup.picks[Symbol.iterator]();
  let steps = 0;
  while (game.outcome(state) === null) {
    must(steps++ < MAX_ACTIONS, 'the game did not end');
    const legal = legalActions(state);
    must(legal.length > 0, 'nothing is legal in a game that is not over');
    const awaited = game.awaiting(state).map((a) => a.seat);
    must(
      legal.every(({ seat }) => awaited.includes(seat)),
      'a seat may act that is not awaited',
    );

    // A wager the view does not offer is refused (the frozen state cannot have changed).
    const turn = state.turn;
    if (turn !== null) {
      for (const type of wagerActions) {
        if (legal.some((l) => l.action.type === type)) continue;
        const payload = type === 'bet-odd' ? { type, call: 'odd' } : { type };
        const refused = applyAction(game, deepFreeze(state), turn.seat, payload, { dice: noDice });
        must(!refused.ok, `${type} was accepted though not offered`);
      }
    }

    const choice = choose(legal, pick.next().value as number);
    if (choice === undefined) throw new Error('no legal action');
    const result = applyAction(game, deepFreeze(state), choice.seat, choice.action, { dice });
    if (!result.ok) throw new Error(`a legal action was refused: ${result.error.code}`);
    state = result.state;

    must(
      state.totals.every((t) => t >= 0),
      'a total went below zero',
    );
    must(
      state.turn === null || stakeCounted(state.turn, stakeRuleOf(state)) <= state.turn.bankedAtStart,
      'more was at stake than was banked at the start of the turn',
    );
  }
  return state;
}

const anyOf = <T>(legal: T[], pick: number): T | undefined => legal[pick % legal.length];

describe('random legal play', () => {
  it('always ends, with a leader who is nobody’s inferior, and keeps every rule on the way', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const state = playOut(setup, anyOf);
        const outcome = game.outcome(state);
        const leader = state.leader?.seat;
        expect(outcome?.winners).toEqual([leader]);
        expect(outcome?.standings[0]?.seat).toBe(leader);
        for (const total of state.totals) expect(total).toBeLessThanOrEqual(state.totals[leader ?? 0] ?? 0);
        expect(state.totals[leader ?? 0]).toBeGreaterThanOrEqual(state.options.goal);
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('never takes a total below zero, even for players who take a wager whenever one is open', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const state = playOut(setup, (legal, pick) => {
          const wagers = legal.filter(({ action }) => action.type.startsWith('bet-'));
          return anyOf(wagers.length > 0 ? wagers : legal, pick);
        });
        expect(state.totals.every((t) => t >= 0)).toBe(true);
        expect(state.phase).toBe('over');
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('also ends when every move is the turn timer’s default', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const start = newGame(setup);
        const dice = start.dice;
        let state = start.state;
        for (let steps = 0; game.outcome(state) === null; steps++) {
          must(steps < MAX_ACTIONS, 'the game did not end');
          const next = game.awaiting(state)[0];
          if (next === undefined) throw new Error('nobody is awaited in a game that is not over');
          const result = applyAction(game, state, next.seat, next.fallback, { dice });
          if (!result.ok) throw new Error(`a fallback was refused: ${result.error.code}`);
          state = result.state;
        }
        expect(state.phase).toBe('over');
      }),
      { numRuns: 50 },
    );
  }, 30_000);
});

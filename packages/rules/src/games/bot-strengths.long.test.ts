import { describe, expect, it } from 'vitest';
import { BOT_STRENGTHS, type BotStrength } from '../core/bot.js';
import { applyAction } from '../core/define-game.js';
import { generatorDice } from '../core/dice.js';
import { seededRandom, seedGenerator, SEED_BYTES } from '../core/generator.js';
import { opponents, playGame } from '../bots/opponents.js';
import { bots, botsByStrength, games, greedyPlayers } from './index.js';
import { wagerValues } from './pairs-and-wagers/bot.js';
import type { PairsState } from './pairs-and-wagers/index.js';
import { ownSight } from './war-pnp/hint.js';
import type { WarState } from './war-pnp/state.js';

const POSITIONS = 300;
const seedOf = (i: number, salt: number) => Uint8Array.from({ length: SEED_BYTES }, (_, k) => (k * 13 + i * 7 + salt) & 0xff);

/**
 * Positions of a game with the seat to move: games of two to four seats
 * where random players sit beside bots at every strength, so the positions
 * include ones each strength leads to.
 */
function positions(id: string, count = POSITIONS): { state: unknown; seat: number }[] {
  const game = games[id]!;
  const seen: { state: unknown; seat: number }[] = [];
  for (let i = 0; seen.length < count; i++) {
    const seed = seedOf(i, 1);
    const seats = Math.max(game.players.min, 2) + (i % Math.min(3, game.players.max - 1));
    const table = Array.from({ length: seats }, (_, s) =>
      s === 0 ? opponents[id]!.random : botsByStrength[id]![BOT_STRENGTHS[(s + i) % BOT_STRENGTHS.length]!],
    );
    let moves = 0;
    playGame(game, table, {}, seedGenerator(seed), seededRandom(seed), {
      // Every third position, so the sample spreads over whole games.
      onState(state, seat) {
        if (moves++ % 3 === 0 && seen.length < count) seen.push({ state, seat });
      },
    });
  }
  return seen;
}

describe.each(Object.keys(games))('the %s bot at each strength', (id) => {
  const game = games[id]!;
  const sample = positions(id);

  it.each(BOT_STRENGTHS)(`makes a legal move at %s in ${POSITIONS} positions, the same one for the same numbers`, (strength) => {
    const bot = botsByStrength[id]![strength];
    sample.forEach(({ state, seat }, i) => {
      const action = bot(state, seat, seededRandom(seedOf(i, 2)));
      const result = applyAction(game, state, seat, action, { dice: generatorDice(seedGenerator(seedOf(i, 3))) });
      if (!result.ok) throw new Error(`${strength} move ${JSON.stringify(action)} refused: ${result.error.code}`);
      expect(bot(state, seat, seededRandom(seedOf(i, 2)))).toEqual(action);
    });
  }, 300_000);

  it('is strong as the game’s own bot, and easy plays the greedy move but for a slip now and then', () => {
    expect(botsByStrength[id]!.strong).toBe(bots[id]);
    const greedy = greedyPlayers[id]!;
    const agree = (strength: BotStrength, other: (state: unknown, seat: number, i: number) => unknown) =>
      sample.filter(({ state, seat }, i) => {
        const action = botsByStrength[id]![strength](state, seat, seededRandom(seedOf(i, 4)));
        return JSON.stringify(action) === JSON.stringify(other(state, seat, i));
      }).length / sample.length;
    const greedyMove = (state: unknown, seat: number, i: number) => greedy(state, seat, seededRandom(seedOf(i, 5)));
    const strongMove = (state: unknown, seat: number, i: number) => bots[id]!(state, seat, seededRandom(seedOf(i, 4)));
    // Easy slips in under a third of its moves, and only where a slip is open.
    expect(agree('easy', greedyMove)).toBeGreaterThan(0.6);
    // The strong bot looks ahead where the greedy one does not: they part in a good share of positions.
    expect(1 - agree('easy', strongMove)).toBeGreaterThan(0.1);
    // Fair sits between: it plays the strong move more often than easy does.
    expect(agree('fair', strongMove)).toBeGreaterThan(agree('easy', strongMove));
  }, 300_000);
});

describe('where easy and strong part', () => {
  it('Meet Fate: easy fills a box after its first roll, strong rolls again far more often than not', () => {
    const afterFirst = positions('meet-fate', 600).filter(({ state }) => (state as { turn: { rolls: number } }).turn.rolls === 1);
    const rollsAgain = (strength: BotStrength) =>
      afterFirst.filter(({ state, seat }, i) => (botsByStrength['meet-fate']![strength](state, seat, seededRandom(seedOf(i, 6))) as { type: string }).type === 'roll').length;
    expect(afterFirst.length).toBeGreaterThan(50);
    expect(rollsAgain('easy')).toBe(0);
    expect(rollsAgain('strong')).toBeGreaterThan(afterFirst.length / 2);
  }, 300_000);

  it('Ten Phases: easy never keeps a die, strong keeps dice toward the phase', () => {
    const rolled = positions('ten-phases').filter(({ state }) => (state as { turn: { faces: unknown } | null }).turn?.faces != null);
    const keeps = (strength: BotStrength) =>
      rolled.filter(({ state, seat }, i) => {
        const action = botsByStrength['ten-phases']![strength](state, seat, seededRandom(seedOf(i, 7))) as { type: string; keep?: number[] };
        return action.type === 'roll' && (action.keep?.length ?? 0) > 0;
      }).length;
    expect(keeps('easy')).toBe(0);
    expect(keeps('strong')).toBeGreaterThan(rolled.length / 4);
  }, 300_000);

  it('Pairs and Wagers: easy only ever wagers against the odds, strong only with them', () => {
    const choices = positions('pairs-and-wagers', 600).filter(({ state, seat }) => wagerValues(state as PairsState, seat).length > 1);
    const wagers = (strength: BotStrength) =>
      choices.flatMap(({ state, seat }, i) => {
        const [none, ...rest] = wagerValues(state as PairsState, seat);
        const action = botsByStrength['pairs-and-wagers']![strength](state, seat, seededRandom(seedOf(i, 8)));
        const taken = rest.find((w) => JSON.stringify(w.action) === JSON.stringify(action));
        return taken === undefined ? [] : [taken.worth - none!.worth];
      });
    expect(wagers('easy').length).toBeGreaterThan(0);
    expect(wagers('easy').every((gain) => gain < 0)).toBe(true);
    expect(wagers('strong').length).toBeGreaterThan(0);
    expect(wagers('strong').every((gain) => gain > 0)).toBe(true);
  }, 300_000);

  it('Powers \'n Points: no strength reads another seat\'s pending choice', () => {
    const sample = positions('war-pnp');
    for (const strength of BOT_STRENGTHS) {
      const bot = botsByStrength['war-pnp']![strength];
      sample.forEach(({ state, seat }, i) => {
        const seen = ownSight(state as WarState, seat);
        expect(bot(state, seat, seededRandom(seedOf(i, 9)))).toEqual(bot(seen, seat, seededRandom(seedOf(i, 9))));
      });
    }
  }, 300_000);
});

/**
 * Finds the fixed dice the Ten Phases browser test plays. Every candidate
 * generator state (the numbers 1, 2, 3… in its last word) is played out by the
 * plain player of ten-phases-play.ts against the rules module; a state
 * qualifies when its game shows everything the test checks, and the shortest
 * game wins.
 *
 * Run: pnpm --filter @rollcall/rules exec tsx ../../apps/web/test/ten-phases-seed-search.ts [candidates]
 */
import { playGame, type PlayedGame } from './ten-phases-play.js';

/** Seats in the browser test: two phones. */
export const SEATS = 2;

/** The generator state of candidate `n` (from 1: the all-zero state is not one). */
export function candidateSeed(n: number): string {
  return n.toString(16).padStart(32, '0');
}

/** Why a played game does not suit the browser test, or null when it does. */
export function unsuitable(game: PlayedGame): string | null {
  const [first, second] = game.turns;
  if (game.order[0] !== 0) return 'the browser test watches the first seat play first';
  if (game.rollOffRounds < 2) return 'the roll-off has no tie to show';
  if (first === undefined || first.made !== null) return 'the first turn should miss Phase 1';
  if (second === undefined || second.made === null || !second.stopped) {
    return 'the second turn should make Phase 1 and stop early';
  }
  if (!game.turns.some((t) => t.takenBack > 0)) return 'no die is ever taken back';
  if (game.totals === null) return 'the game does not end';
  const finalMade = game.turns.filter((t) => t.final && t.made !== null).length;
  if (finalMade < 2) return 'no final sequence goes on past a made phase';
  return null;
}

function search(candidates: number): void {
  let best: { seed: string; game: PlayedGame } | null = null;
  let suitable = 0;
  for (let n = 1; n <= candidates; n++) {
    const seed = candidateSeed(n);
    const game = playGame(seed, SEATS);
    if (unsuitable(game) !== null) continue;
    suitable += 1;
    if (best === null || game.turns.length < best.game.turns.length) best = { seed, game };
  }
  console.log(`${suitable} of ${candidates} seeds suit the test`);
  if (best === null) return;
  const { seed, game } = best;
  console.log(`shortest: ${seed}, ${game.turns.length} turns, order ${game.order.join(' then ')}, totals ${game.totals?.join(' / ')}`);
  for (const t of game.turns) {
    const result = t.made === null ? 'missed' : `made it for ${t.made}`;
    const how = `${t.keeps.length + 1} roll(s)${t.stopped ? ', stopped' : ''}${t.takenBack > 0 ? `, took back ${t.takenBack}` : ''}`;
    console.log(`  seat ${t.seat} phase ${t.phase}${t.final ? ' (final)' : ''}: ${result} — ${how}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) search(Number(process.argv[2] ?? 2000));

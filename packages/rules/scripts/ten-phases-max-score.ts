/// <reference types="node" />
/**
 * Prints the highest possible score of a whole game of Ten Phases, phase by
 * phase, with a roll that reaches each phase's best. Run: pnpm ten-phases:max
 */
import { DICE, facesOf } from '../src/games/ten-phases/dice.js';
import { deriveMaxScore } from '../src/games/ten-phases/max-score.js';
import { PHASES } from '../src/games/ten-phases/scoring.js';

const started = performance.now();
const max = deriveMaxScore();
const seconds = ((performance.now() - started) / 1000).toFixed(1);

const shown = (faceIndices: number[]): string =>
  facesOf(faceIndices)
    .map((face, die) => `${DICE[die]?.label}=${face.value ?? 'W'}`)
    .join(' ');

console.log(`Ten Phases: best score per phase (${max.rollsScored} distinct rolls scored in ${seconds}s)`);
for (const { phase, score, faces } of max.phases) {
  const label = PHASES[phase - 1]?.label ?? '';
  console.log(`  Phase ${String(phase).padStart(2)}  ${label.padEnd(24)} ${String(score).padStart(3)}   e.g. ${shown(faces)}`);
}
console.log(`  Phases 1–5: ${max.firstFiveSum} → five-phase bonus ${max.fivePhaseBonus}`);
console.log(`  All phases: ${max.phaseSum}, first-finish bonus ${max.firstFinishBonus}`);
console.log(`Highest possible score of a whole game: ${max.total}`);

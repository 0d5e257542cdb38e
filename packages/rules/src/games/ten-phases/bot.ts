/**
 * The Ten Phases bot: keeps the dice that give the best chance to make the
 * current phase this turn, and the best score among equal chances.
 *
 * A target is one way to make the phase: the number of each set and the
 * start of each run (how many dice of each number it wants), or a colour.
 * Following a target means keeping the dice that fill it (wilds for the
 * gaps) and rolling the rest on every roll left. Each target's chance is
 * estimated by playing the rest of the turn out on sampled rolls; the
 * targets closest to done are sampled more.
 */
import type { Bot } from '../../core/bot.js';
import type { TenPhasesAction } from './actions.js';
import { DICE, FACES, facesOf, type Colour, type Face } from './dice.js';
import { HIGHEST, phaseSpec, phaseTargets, scorePhase } from './scoring.js';
import { MAX_ROLLS, type TenPhasesState } from './state.js';

/** What a target asks for: dice of given numbers, or dice of one colour. */
type Aim = { kind: 'numbers'; wants: readonly { number: number; count: number }[] } | { kind: 'colour'; colour: Colour; count: number };

/** The dice a target keeps from these faces, how many it still lacks, and the numbers kept. */
function fill(aim: Aim, faces: readonly Face[]): { keep: number[]; missing: number; points: number } {
  const keep: number[] = [];
  let points = 0;
  if (aim.kind === 'colour') {
    // Highest numbers first: they score; wilds of the colour only fill up.
    const ofColour = faces
      .map((f, die) => ({ f, die }))
      .filter(({ f }) => f.colour === aim.colour)
      .sort((a, b) => (b.f.value ?? 0) - (a.f.value ?? 0))
      .slice(0, aim.count);
    for (const { f, die } of ofColour) {
      keep.push(die);
      points += f.value ?? 0;
    }
    return { keep, missing: aim.count - keep.length, points };
  }
  const left = new Array<number>(HIGHEST + 1).fill(0);
  let needed = 0;
  for (const w of aim.wants) {
    left[w.number] = w.count;
    needed += w.count;
  }
  const wilds: number[] = [];
  faces.forEach((f, die) => {
    if (f.value === null) wilds.push(die);
    else if ((left[f.value] ?? 0) > 0) {
      left[f.value] = (left[f.value] ?? 0) - 1;
      keep.push(die);
      points += f.value;
    }
  });
  const gaps = needed - keep.length;
  keep.push(...wilds.slice(0, gaps));
  return { keep, missing: Math.max(0, gaps - wilds.length), points };
}

/** Every target of a phase. */
function aimsFor(phase: number): Aim[] {
  if (phaseSpec(phase).groups[0]?.kind === 'colour') {
    const count = phaseSpec(phase).groups[0]?.size ?? 0;
    return ([0, 1, 2, 3] as Colour[]).map((colour) => ({ kind: 'colour', colour, count }));
  }
  return phaseTargets(phase).map((t) => ({ kind: 'numbers', wants: t.wants }));
}

/** Targets sampled in full after a first look, and samples per target in each pass. */
const FINALISTS = 6;
const FIRST_SAMPLES = 10;
const FINAL_SAMPLES = 60;

/** Sampled rolls: `rolls[sample][roll][die]` is the face that die would show. */
type SampledRolls = Face[][][];

function sampleRolls(samples: number, rollsLeft: number, random: () => number): SampledRolls {
  return Array.from({ length: samples }, () =>
    Array.from({ length: rollsLeft }, () =>
      DICE.map((die) => {
        const face = die.faces[Math.floor(random() * FACES)];
        if (face === undefined) throw new RangeError(`die ${die.label} has no such face`);
        return face;
      }),
    ),
  );
}

/**
 * Play the rest of the turn following `aim` on one sample of rolls: keep its
 * dice, roll the rest, stop once it is complete. What it scored, or null if
 * the phase was not made.
 */
function playOut(aim: Aim, faces: readonly Face[], rolls: readonly Face[][]): number | null {
  let current = [...faces];
  for (const roll of rolls) {
    const { keep, missing, points } = fill(aim, current);
    if (missing === 0) return points;
    const kept = new Set(keep);
    current = current.map((f, die) => (kept.has(die) ? f : (roll[die] ?? f)));
  }
  const last = fill(aim, current);
  return last.missing === 0 ? last.points : null;
}

/**
 * A target's chance to be made by the end of the turn, and its average score
 * when made. Every target is played on the same sampled rolls, so they are
 * compared fairly.
 */
function estimate(aim: Aim, faces: readonly Face[], samples: SampledRolls) {
  let made = 0;
  let points = 0;
  for (const rolls of samples) {
    const scored = playOut(aim, faces, rolls);
    if (scored !== null) {
      made += 1;
      points += scored;
    }
  }
  return { chance: made / samples.length, points: made > 0 ? points / made : 0 };
}

/** The keep the bot would make, with its estimated chance to make the phase this turn. */
export interface PhaseKeep {
  keep: number[];
  chance: number;
}

/**
 * The dice to keep for the best chance at the phase (score breaking near
 * ties), for a turn with `faces` on the table and `rollsLeft` rolls to come.
 */
export function bestPhaseKeep(phase: number, faces: readonly Face[], rollsLeft: number, random: () => number): PhaseKeep {
  const aims = aimsFor(phase);
  const worth = (e: { chance: number; points: number }): number => e.chance * 1000 + e.points * e.chance;
  const first = sampleRolls(FIRST_SAMPLES, rollsLeft, random);
  const firstLook = aims
    .map((aim, i) => ({ aim, i, lacking: fill(aim, faces).missing }))
    // Only the targets nearest completion are worth sampling at all.
    .sort((a, b) => a.lacking - b.lacking || a.i - b.i)
    .slice(0, FINALISTS * 3)
    .map(({ aim, i }) => ({ aim, i, worth: worth(estimate(aim, faces, first)) }))
    .sort((a, b) => b.worth - a.worth || a.i - b.i)
    .slice(0, FINALISTS);
  const final = sampleRolls(FINAL_SAMPLES, rollsLeft, random);
  let best: { aim: Aim; chance: number; worth: number } | null = null;
  for (const { aim } of firstLook) {
    const e = estimate(aim, faces, final);
    if (best === null || worth(e) > best.worth) best = { aim, chance: e.chance, worth: worth(e) };
  }
  if (best === null) throw new Error(`phase ${phase} has no target`);
  return { keep: fill(best.aim, faces).keep.sort((a, b) => a - b), chance: best.chance };
}

/**
 * The bot's move for a seat, and its chance to make the phase this turn (1
 * once made): it rolls for the phase; once it is made, keeps the dice that
 * make it and rolls the others while rolls remain (the kept dice still make
 * it, so the score can only go up), and stops when nothing is left to roll.
 */
export function tenPhasesPlan(state: TenPhasesState, seat: number, random: () => number): { action: TenPhasesAction; chance: number | null } {
  const turn = state.turn;
  const sheet = state.sheets[seat];
  if (turn === null || sheet === undefined) throw new Error('the game is over');
  if (turn.faces === null) return { action: { type: 'roll', keep: [] }, chance: null };
  const faces = facesOf(turn.faces);
  const made = scorePhase(sheet.phase, faces);
  if (made !== null) {
    return { action: made.dice.length < DICE.length ? { type: 'roll', keep: made.dice } : { type: 'stop' }, chance: 1 };
  }
  const { keep, chance } = bestPhaseKeep(sheet.phase, faces, MAX_ROLLS - turn.rolls, random);
  // Keeping every die would roll nothing: the phase cannot be helped, so stop.
  return { action: keep.length < DICE.length ? { type: 'roll', keep } : { type: 'stop' }, chance };
}

/** Keeps for the best sampled chance at the phase (see `tenPhasesPlan`). */
export const tenPhasesBot: Bot<TenPhasesState, TenPhasesAction> = (state, seat, random) => tenPhasesPlan(state, seat, random).action;

import { COLOURS, type Colour, type Face } from './dice.js';

/** One group a phase asks for: a set (one number), a run (consecutive numbers) or dice of one colour. */
export interface GroupSpec {
  kind: 'set' | 'run' | 'colour';
  size: number;
}

/** A phase: its number, how the sheet names it, and the groups (of disjoint dice) it needs. */
export interface PhaseSpec {
  phase: number;
  label: string;
  groups: readonly GroupSpec[];
}

const set = (size: number): GroupSpec => ({ kind: 'set', size });
const run = (size: number): GroupSpec => ({ kind: 'run', size });

/** The ten phases in the order every player works through them. */
export const PHASES: readonly PhaseSpec[] = [
  { phase: 1, label: '2 sets of 3', groups: [set(3), set(3)] },
  { phase: 2, label: '1 set of 3 + 1 run of 4', groups: [set(3), run(4)] },
  { phase: 3, label: '1 set of 4 + 1 run of 4', groups: [set(4), run(4)] },
  { phase: 4, label: '1 run of 7', groups: [run(7)] },
  { phase: 5, label: '1 run of 8', groups: [run(8)] },
  { phase: 6, label: '1 run of 9', groups: [run(9)] },
  { phase: 7, label: '2 sets of 4', groups: [set(4), set(4)] },
  { phase: 8, label: '7 dice of one colour', groups: [{ kind: 'colour', size: 7 }] },
  { phase: 9, label: '1 set of 5 + 1 set of 2', groups: [set(5), set(2)] },
  { phase: 10, label: '1 set of 5 + 1 set of 3', groups: [set(5), set(3)] },
];

/** Numbers on the dice run from 1 to 10; runs may not go past either end. */
export const LOWEST = 1;
/** The highest number a run may reach. */
export const HIGHEST = 10;

/**
 * One group of a phase as made from the dice. `dice` are die indices; in a run
 * they are in run order, so `dice[k]` stands for `from + k` (wild or not).
 */
export type ScoredGroup =
  | { kind: 'set'; size: number; number: number; dice: number[] }
  | { kind: 'run'; size: number; from: number; dice: number[] }
  | { kind: 'colour'; size: number; colour: Colour; dice: number[] };

/** The best way the dice make a phase: its score and the dice used, for screens to highlight. */
export interface PhaseScore {
  phase: number;
  score: number;
  /** Every die used, ascending; dice not listed score nothing. */
  dice: number[];
  groups: ScoredGroup[];
}

/** The phase spec for a phase number (1–10). */
export function phaseSpec(phase: number): PhaseSpec {
  const spec = PHASES[phase - 1];
  if (spec === undefined) throw new RangeError(`there is no phase ${phase}`);
  return spec;
}

/**
 * The highest-scoring way the ten faces make `phase`, or null if they cannot.
 * A phase scores the numbers of the dice it uses; wilds score 0. Among equal
 * scores the way using fewer wilds is preferred, so highlights look natural.
 */
export function scorePhase(phase: number, faces: readonly Face[]): PhaseScore | null {
  const spec = phaseSpec(phase);
  const groups = spec.groups[0]?.kind === 'colour' ? bestColourGroup(spec, faces) : bestNumberGroups(spec, faces);
  if (groups === null) return null;
  const dice = groups.flatMap((g) => g.dice).sort((a, b) => a - b);
  const score = dice.reduce((sum, d) => sum + (faces[d]?.value ?? 0), 0);
  return { phase, score, dice, groups };
}

/** The numbers a set or run stands for, slot by slot, once its number or start is chosen. */
function slotsOf(group: GroupSpec, target: number): number[] {
  return Array.from({ length: group.size }, (_, k) => (group.kind === 'run' ? target + k : target));
}

/**
 * Every choice of number (set) or start (run) for each group, as tuples, high
 * numbers first. Two groups of the same shape are interchangeable, so only
 * tuples where the later one is not higher are kept: the higher group comes first.
 */
function targetTuples(groups: readonly GroupSpec[]): number[][] {
  return groups.reduce<number[][]>(
    (tuples, group, g) => {
      const last = group.kind === 'run' ? HIGHEST - group.size + 1 : HIGHEST;
      const previous = groups[g - 1];
      const twin = previous !== undefined && previous.kind === group.kind && previous.size === group.size;
      return tuples.flatMap((tuple) => {
        const top = twin ? Math.min(last, tuple[g - 1] ?? last) : last;
        return Array.from({ length: top - LOWEST + 1 }, (_, k) => [...tuple, top - k]);
      });
    },
    [[]],
  );
}

/** A choice of number (set) or start (run) for each group, and how many dice of each number it wants. */
export interface Target {
  targets: number[];
  wants: { number: number; count: number }[];
}

// Phases are fixed, so each phase's possible targets are worked out once.
const TARGETS: readonly (readonly Target[])[] = PHASES.map(({ groups }) =>
  targetTuples(groups).map((targets) => {
    const demand = new Array<number>(HIGHEST + 1).fill(0);
    groups.forEach((group, g) => {
      for (const n of slotsOf(group, targets[g] ?? 0)) demand[n] = (demand[n] ?? 0) + 1;
    });
    const wants = demand.flatMap((count, number) => (count > 0 ? [{ number, count }] : []));
    return { targets, wants };
  }),
);

/** Every way to aim at a phase of sets and runs (none for the colour phase): what a player can try for. */
export function phaseTargets(phase: number): readonly Target[] {
  return TARGETS[phase - 1] ?? [];
}

/**
 * Once every group's number (or start) is fixed, each slot wants one number:
 * filling it with a die of that number scores it, a wild fills it for 0. So
 * the best filling takes as many matching dice as exist, and the target is
 * possible when the wilds cover the rest. Trying every target finds the best.
 */
function bestNumberGroups(spec: PhaseSpec, faces: readonly Face[]): ScoredGroup[] | null {
  const byNumber: number[][] = Array.from({ length: HIGHEST + 1 }, () => []);
  const wilds: number[] = [];
  faces.forEach((face, die) => (face.value === null ? wilds : (byNumber[face.value] ?? [])).push(die));

  let best: { score: number; wildsUsed: number; targets: number[] } | null = null;
  for (const { targets, wants } of TARGETS[spec.phase - 1] ?? []) {
    let score = 0;
    let wildsUsed = 0;
    for (const { number, count } of wants) {
      const naturals = Math.min(count, byNumber[number]?.length ?? 0);
      score += naturals * number;
      wildsUsed += count - naturals;
    }
    if (wildsUsed > wilds.length) continue;
    if (best === null || score > best.score || (score === best.score && wildsUsed < best.wildsUsed)) {
      best = { score, wildsUsed, targets };
    }
  }
  if (best === null) return null;

  const unusedByNumber = byNumber.map((dice) => [...dice]);
  const unusedWilds = [...wilds];
  const take = (n: number): number => {
    const die = unusedByNumber[n]?.shift() ?? unusedWilds.shift();
    if (die === undefined) throw new Error('the chosen target needs more dice than there are');
    return die;
  };
  const { targets } = best;
  return spec.groups.map((group, g): ScoredGroup => {
    const target = targets[g] ?? 0;
    const dice = slotsOf(group, target).map(take);
    return group.kind === 'run'
      ? { kind: 'run', size: group.size, from: target, dice }
      : { kind: 'set', size: group.size, number: target, dice };
  });
}

/** A colour phase takes the highest-numbered dice of the best colour; a wild only counts in its own colour. */
function bestColourGroup(spec: PhaseSpec, faces: readonly Face[]): ScoredGroup[] | null {
  const size = spec.groups[0]?.size ?? 0;
  let best: { score: number; wildsUsed: number; group: ScoredGroup } | null = null;
  for (let c = 0; c < COLOURS.length; c++) {
    const colour = c as Colour;
    const dice = faces
      .map((face, die) => ({ face, die }))
      .filter(({ face }) => face.colour === colour)
      .sort((a, b) => (b.face.value ?? 0) - (a.face.value ?? 0) || a.die - b.die)
      .slice(0, size);
    if (dice.length < size) continue;
    const score = dice.reduce((sum, { face }) => sum + (face.value ?? 0), 0);
    const wildsUsed = dice.filter(({ face }) => face.value === null).length;
    if (best === null || score > best.score || (score === best.score && wildsUsed < best.wildsUsed)) {
      best = { score, wildsUsed, group: { kind: 'colour', size, colour, dice: dice.map(({ die }) => die) } };
    }
  }
  return best === null ? null : [best.group];
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { faceIndicesFor, facesOf, type Face } from './dice.js';
import { PHASES, scorePhase, type GroupSpec, type ScoredGroup } from './scoring.js';

/** Faces from the six high numbers then the four low ones, as the spec writes rolls. */
const roll = (high: number[], low: (number | 'W')[]): Face[] => facesOf(faceIndicesFor(high, low));
const valuesOf = (faces: Face[], dice: number[]) => dice.map((d) => faces[d]?.value ?? 'W');

// ── A plain reference: try every assignment of dice to the phase's groups and
// check each group against the definitions, wilds standing for any number.

function setHolds(faces: Face[], dice: number[]): boolean {
  for (let v = 1; v <= 10; v++) if (dice.every((d) => faces[d]!.value === null || faces[d]!.value === v)) return true;
  return false;
}

function runHolds(faces: Face[], dice: number[]): boolean {
  const size = dice.length;
  for (let start = 1; start + size - 1 <= 10; start++) {
    const wanted = new Set(Array.from({ length: size }, (_, k) => start + k));
    let wildsLeft = 0;
    for (const d of dice) {
      const v = faces[d]!.value;
      if (v === null) wildsLeft += 1;
      else if (!wanted.delete(v)) wildsLeft = -Infinity;
    }
    if (wildsLeft === wanted.size) return true;
  }
  return false;
}

function colourHolds(faces: Face[], dice: number[]): boolean {
  return [0, 1, 2, 3].some((c) => dice.every((d) => faces[d]!.colour === c));
}

function groupHolds(kind: GroupSpec['kind'], faces: Face[], dice: number[]): boolean {
  if (kind === 'set') return setHolds(faces, dice);
  if (kind === 'run') return runHolds(faces, dice);
  return colourHolds(faces, dice);
}

function referenceScore(phase: number, faces: Face[]): number | null {
  const groups = PHASES[phase - 1]!.groups;
  const members: number[][] = groups.map(() => []);
  const slotsLeft = () => groups.reduce((n, g, i) => n + g.size - members[i]!.length, 0);
  let best: number | null = null;
  const visit = (die: number): void => {
    if (slotsLeft() > faces.length - die) return;
    if (die === faces.length) {
      if (!groups.every((g, i) => groupHolds(g.kind, faces, members[i]!))) return;
      const score = members.flat().reduce((sum, d) => sum + (faces[d]!.value ?? 0), 0);
      if (best === null || score > best) best = score;
      return;
    }
    visit(die + 1);
    groups.forEach((g, i) => {
      if (members[i]!.length === g.size) return;
      members[i]!.push(die);
      visit(die + 1);
      members[i]!.pop();
    });
  };
  visit(0);
  return best;
}

// Uniform rolls rarely make the harder phases, so two more shapes help: dice
// limited to a few faces (sets) and high dice showing 5–10 once each (runs).
const anyRoll = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 10, maxLength: 10 });
const clusteredRoll = fc
  .uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 })
  .chain((allowed) => fc.array(fc.constantFrom(...allowed), { minLength: 10, maxLength: 10 }));
const runnyRoll = fc
  .tuple(
    fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
    fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
  )
  .map(([high, low]) => [...high, ...low]);
const rolls = fc.oneof(anyRoll, clusteredRoll, runnyRoll).map(facesOf);

describe('the phases', () => {
  it('are the ten of the rule of record, in order', () => {
    const shape = (groups: readonly GroupSpec[]) => groups.map((g) => `${g.kind} ${g.size}`).join(' + ');
    expect(PHASES.map((p) => [p.phase, shape(p.groups)])).toEqual([
      [1, 'set 3 + set 3'],
      [2, 'set 3 + run 4'],
      [3, 'set 4 + run 4'],
      [4, 'run 7'],
      [5, 'run 8'],
      [6, 'run 9'],
      [7, 'set 4 + set 4'],
      [8, 'colour 7'],
      [9, 'set 5 + set 2'],
      [10, 'set 5 + set 3'],
    ]);
  });
});

describe('the spec examples', () => {
  it('Phase 1 with 8 8 8 10 5 6 | W W 1 2 makes 8-8-8 and 10-W-W for 34', () => {
    const faces = roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);
    const made = scorePhase(1, faces)!;
    expect(made.score).toBe(34);
    // Two groups of the same shape are listed higher number first.
    expect(made.groups.map((g) => valuesOf(faces, g.dice))).toEqual([
      [10, 'W', 'W'],
      [8, 8, 8],
    ]);
    expect(made.dice).toEqual([0, 1, 2, 3, 6, 7]);
  });

  it('Phase 4 with 5 6 7 8 9 10 | 4 1 2 3 makes the run 4–10 for 49', () => {
    const faces = roll([5, 6, 7, 8, 9, 10], [4, 1, 2, 3]);
    const made = scorePhase(4, faces)!;
    expect(made.score).toBe(49);
    expect(made.groups).toEqual([{ kind: 'run', size: 7, from: 4, dice: [6, 0, 1, 2, 3, 4, 5] }]);
  });

  it('Phase 2 with 10 10 10 8 9 10 | W 1 1 2 makes 10-10-10 and W-8-9-10 for 57', () => {
    const faces = roll([10, 10, 10, 8, 9, 10], ['W', 1, 1, 2]);
    const made = scorePhase(2, faces)!;
    expect(made.score).toBe(57);
    const [set, run] = made.groups;
    expect(valuesOf(faces, set!.dice)).toEqual([10, 10, 10]);
    expect(run).toMatchObject({ kind: 'run', from: 7 });
    expect(valuesOf(faces, run!.dice)).toEqual(['W', 8, 9, 10]);
  });

  it('Phase 8 with seven orange dice showing 2, 4, W, 5, 8, 9 and 10 scores 38', () => {
    // H0=10 H1=5 H2=8 H5=9 L0=2 L1=W L2=4 are orange; H3, H4 and L3 show other colours.
    const faces = facesOf([5, 0, 3, 0, 0, 4, 1, 4, 3, 0]);
    expect(faces.filter((f) => f.colour === 1)).toHaveLength(7);
    const made = scorePhase(8, faces)!;
    expect(made.score).toBe(38);
    expect(made.groups).toEqual([{ kind: 'colour', size: 7, colour: 1, dice: [0, 5, 2, 1, 8, 6, 7] }]);
  });

  it('Phase 7 with 10 10 10 10 9 9 | W W 3 3 makes 10×4 and 9-9-W-W for 58', () => {
    const faces = roll([10, 10, 10, 10, 9, 9], ['W', 'W', 3, 3]);
    const made = scorePhase(7, faces)!;
    expect(made.score).toBe(58);
    expect(made.groups.map((g) => valuesOf(faces, g.dice))).toEqual([
      [10, 10, 10, 10],
      [9, 9, 'W', 'W'],
    ]);
  });

  it('Phase 6 with 5 6 7 8 9 9 | 1 1 3 3 has no run of 9', () => {
    expect(scorePhase(6, roll([5, 6, 7, 8, 9, 9], [1, 1, 3, 3]))).toBeNull();
  });
});

describe('phase rules', () => {
  it('two sets of one phase may share a number', () => {
    const made = scorePhase(1, roll([8, 8, 8, 8, 8, 8], [1, 2, 3, 4]))!;
    expect(made.score).toBe(48);
    expect(made.groups).toMatchObject([
      { kind: 'set', number: 8 },
      { kind: 'set', number: 8 },
    ]);
  });

  it('a run stays within 1–10 and does not wrap round from 10 to 1', () => {
    expect(scorePhase(4, roll([7, 8, 9, 10, 7, 8], [1, 2, 3, 'W']))).toBeNull();
    expect(scorePhase(4, roll([7, 8, 9, 10, 7, 8], [1, 'W', 'W', 'W']))).toMatchObject({
      score: 34,
      groups: [{ kind: 'run', from: 4 }],
    });
  });

  it('a wild counts for a colour only in its own colour', () => {
    // The orange example with L1 showing its green wild instead of its orange one.
    const sixOrange = [5, 0, 3, 0, 0, 4, 1, 5, 3, 0];
    expect(facesOf(sixOrange)[7]).toEqual({ value: null, colour: 2 });
    expect(scorePhase(8, facesOf(sixOrange))).toBeNull();
  });

  it('the best way is picked among several', () => {
    // Five 10s with 4-4-4 beats five 10s with 10-W-W or 10-1-W.
    const made = scorePhase(10, roll([10, 10, 10, 10, 10, 10], [4, 4, 4, 1]))!;
    expect(made.score).toBe(62);
    expect(made.groups).toMatchObject([
      { kind: 'set', number: 10 },
      { kind: 'set', number: 4 },
    ]);
  });
});

describe('the phase scorer', () => {
  it('equals an exhaustive search over every assignment of dice, for every phase', () => {
    fc.assert(
      fc.property(rolls, (faces) => {
        for (const { phase } of PHASES) {
          expect(scorePhase(phase, faces)?.score ?? null).toBe(referenceScore(phase, faces));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('returns disjoint groups of the right sizes that make the phase and add up to its score', () => {
    fc.assert(
      fc.property(rolls, (faces) => {
        for (const { phase, groups } of PHASES) {
          const made = scorePhase(phase, faces);
          if (made === null) continue;
          const used = made.groups.flatMap((g: ScoredGroup) => g.dice);
          expect(new Set(used).size).toBe(used.length);
          expect([...used].sort((a, b) => a - b)).toEqual(made.dice);
          made.groups.forEach((g, i) => {
            expect(g.kind).toBe(groups[i]!.kind);
            expect(g.dice).toHaveLength(groups[i]!.size);
            expect(groupHolds(g.kind, faces, g.dice)).toBe(true);
          });
          expect(made.dice.reduce((sum, d) => sum + (faces[d]!.value ?? 0), 0)).toBe(made.score);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists a run in order, each die standing for its place in the run', () => {
    fc.assert(
      fc.property(rolls, (faces) => {
        for (const phase of [2, 3, 4, 5, 6]) {
          for (const g of scorePhase(phase, faces)?.groups ?? []) {
            if (g.kind !== 'run') continue;
            g.dice.forEach((d, k) => expect([null, g.from + k]).toContain(faces[d]!.value));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

import { applyAction, scriptedDice, tenPhases } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  hintText,
  colourSymbol,
  faceText,
  endSequence,
  groupByDie,
  groupTitle,
  nextTumbles,
  phaseCell,
  phaseNeeds,
  previewText,
  rollLabel,
  rollOffText,
  rollSaid,
  spokenDie,
  stopLabel,
  tableDice,
  turnOrder,
  turnResultText,
} from './describe.js';

/** The dice as a view draws them, from face indices. */
function diceOf(faces: number[], kept: number[] = []): tenPhases.DieView[] {
  return faces.map((face, die) => {
    const shown = tenPhases.faceOf(die, face);
    const spec = tenPhases.DICE[die]!;
    return { die, label: spec.label, kind: spec.kind, face, value: shown.value, colour: shown.colour, kept: kept.includes(die) };
  });
}

/** Face indices from six high numbers and four low ones, as the rules' test cases list them. */
const roll = (high: number[], low: (number | 'W')[]) => tenPhases.faceIndicesFor(high, low);

/** Face indices that show a given number in a given colour on each die (null: any face not orange). */
function coloured(wanted: ({ value: number | null; colour: tenPhases.Colour } | null)[]): number[] {
  return wanted.map((w, die) => {
    const faces = tenPhases.DICE[die]!.faces;
    const face = w === null ? faces.findIndex((f) => f.colour !== 1) : faces.findIndex((f) => f.value === w.value && f.colour === w.colour);
    if (face < 0) throw new Error(`die ${die} cannot show that`);
    return face;
  });
}

describe('the live preview under the dice', () => {
  it('says what the rules’ Phase 1 example scores and names both sets', () => {
    const faces = roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);
    const dice = diceOf(faces);
    const best = tenPhases.scorePhase(1, tenPhases.facesOf(faces));
    expect(previewText(1, best)).toBe('This makes Phase 1 for 34 points');
    expect(best?.groups.map((g) => groupTitle(g, dice))).toEqual(['Set of three 10s (2 wilds)', 'Set of three 8s']);
  });

  it('names a run by its ends', () => {
    const faces = roll([5, 6, 7, 8, 9, 10], [4, 1, 2, 3]);
    const best = tenPhases.scorePhase(4, tenPhases.facesOf(faces));
    expect(previewText(4, best)).toBe('This makes Phase 4 for 49 points');
    expect(best?.groups.map((g) => groupTitle(g, diceOf(faces)))).toEqual(['Run 4 to 10']);
  });

  it('names the colour of the seven-dice phase with its symbol', () => {
    const orange = (value: number | null) => ({ value, colour: 1 as const });
    // The designers' example: 2, 4, W, 5, 8, 9 and 10, all orange.
    const faces = coloured([orange(10), orange(5), orange(8), null, null, orange(9), orange(2), orange(null), orange(4), null]);
    const best = tenPhases.scorePhase(8, tenPhases.facesOf(faces));
    expect(best?.score).toBe(38);
    expect(best?.groups.map((g) => groupTitle(g, diceOf(faces)))).toEqual([`7 orange ${colourSymbol(1)} dice (1 wild)`]);
  });

  it('says what is still needed when the dice do not make the phase', () => {
    const faces = roll([5, 6, 7, 8, 9, 9], [1, 1, 3, 3]);
    expect(previewText(6, tenPhases.scorePhase(6, tenPhases.facesOf(faces)))).toBe('Not yet: Phase 6 needs 1 run of 9');
    expect(phaseNeeds(11)).toBe('all ten phases made');
  });

  it('tags each die used with its group and leaves the others out', () => {
    const faces = roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);
    const byDie = groupByDie(tenPhases.scorePhase(1, tenPhases.facesOf(faces)));
    expect([...byDie.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 0],
      [6, 0],
      [7, 0],
    ]);
    expect(groupByDie(null).size).toBe(0);
  });

  it('speaks a die by kind, number and colour, with whether it is set aside and the group it is used in', () => {
    const dice = diceOf(roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]));
    expect(spokenDie(dice[3]!)).toBe(`High die 4: 10, ${tenPhases.COLOURS[dice[3]!.colour].name}`);
    expect(spokenDie(dice[6]!)).toMatch(/^Low die 1: wild, (red|orange|green|blue)$/);
    expect(spokenDie(dice[0]!, 'aside', 1)).toBe(`High die 1: 8, ${tenPhases.COLOURS[dice[0]!.colour].name}, set aside, used in group B`);
    expect(spokenDie(dice[4]!, 'free')).toMatch(/^High die 5: 5, \w+, not set aside$/);
  });

  it('writes a wild as W and says each phase’s needs', () => {
    expect(faceText(null)).toBe('W');
    expect(faceText(7)).toBe('7');
    expect(tenPhases.PHASES.map((p) => phaseNeeds(p.phase))).toEqual(tenPhases.PHASES.map((p) => p.label));
  });
});

describe('the buttons of a turn', () => {
  it('counts the dice a roll throws and warns on the last one', () => {
    expect(rollLabel(0, 0)).toBe('Roll all 10 dice');
    expect(rollLabel(1, 3)).toBe('Roll 7 dice (3 set aside)');
    expect(rollLabel(1, 0)).toBe('Roll all 10 dice');
    expect(rollLabel(2, 9)).toBe('Last roll: 1 die (9 set aside)');
    expect(rollLabel(2, 10)).toBe('Every die is set aside');
  });

  it('says what stopping scores', () => {
    const best = tenPhases.scorePhase(1, tenPhases.facesOf(roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2])));
    expect(stopLabel(best)).toBe('Stop and score 34');
    expect(stopLabel(null)).toBe('Stop here (scores nothing)');
  });
});

describe('what the screens say about the table', () => {
  // Two seats tie on the first roll-off die (7 and 7), then Bo wins the tie-break 9 to 4.
  const state = tenPhases.tenPhases.setup({ seats: 2, options: {}, dice: scriptedDice([3, 3, 2, 5]) });
  const firstRoll = roll([8, 8, 8, 10, 5, 6], ['W', 'W', 1, 2]);

  it('lists the turn order with every roll-off die each seat threw', () => {
    const view = tenPhases.tenPhases.view(state, { role: 'host' });
    expect(turnOrder(view)).toEqual([
      { seat: 1, position: 1, rolls: [7, 9] },
      { seat: 0, position: 2, rolls: [7, 6] },
    ]);
  });

  it('says each seat’s roll-off dice, tie-breaks apart', () => {
    expect(rollOffText([7, 9])).toBe('rolled 7, tie-break 9');
    expect(rollOffText([8])).toBe('rolled 8');
    expect(rollOffText([5, 5, 10])).toBe('rolled 5, tie-breaks 5 and 10');
    expect(rollOffText([])).toBe('no roll needed');
  });

  it('shows the live dice during a turn and the final dice once it has ended', () => {
    const before = tenPhases.tenPhases.view(state, { role: 'host' });
    expect(tableDice(before)).toBeNull();
    const rolled = applyAction(tenPhases.tenPhases, state, 1, { type: 'roll', keep: [] }, { dice: scriptedDice(firstRoll.map((f) => f + 1)) });
    if (!rolled.ok) throw new Error(rolled.error.code);
    const live = tableDice(tenPhases.tenPhases.view(rolled.state, { role: 'host' }));
    expect(live).toMatchObject({ seat: 1, phase: 1, roll: 1, turn: '1:0', live: true });
    expect(live?.best?.score).toBe(34);
    expect(rollSaid(live!.dice, 'Bo', false)).toBe('Bo rolled 8, 8, 8, 10, 5, 6, wild, wild, 1 and 2.');
    expect(rollSaid(live!.dice, 'Bo', true)).toMatch(/^You rolled 8, 8, 8, /);

    const stopped = applyAction(tenPhases.tenPhases, rolled.state, 1, { type: 'stop' }, { dice: scriptedDice([]) });
    if (!stopped.ok) throw new Error(stopped.error.code);
    const view = tenPhases.tenPhases.view(stopped.state, { role: 'host' });
    expect(tableDice(view)).toMatchObject({ seat: 1, phase: 1, roll: 'end', turn: '1:0', live: false });
    expect(turnResultText(view.lastTurn!, 'Bo')).toBe('Bo made Phase 1 for 34.');
    expect(chartSeries(view, (s) => ['Ann', 'Bo'][s] ?? '')).toEqual([
      { seat: 0, name: 'Ann', totals: [] },
      { seat: 1, name: 'Bo', totals: [34] },
    ]);
  });

  it('spells out misses, penalties and bonuses of a finished turn', () => {
    const base = { seat: 0, phase: 5, fivePhaseBonus: 0, firstFinishBonus: 0, penalty: 0, final: false, dice: [] };
    const made = { phase: 5, score: 52, dice: [], groups: [] };
    expect(turnResultText({ ...base, made: null, penalty: 5 }, 'Ann', true)).toBe('You missed Phase 5, −5 points.');
    expect(turnResultText({ ...base, made: null }, 'Bo')).toBe('Bo missed Phase 5.');
    expect(turnResultText({ ...base, made, fivePhaseBonus: 40 }, 'Ann')).toBe('Ann made Phase 5 for 52, +40 five-phase bonus.');
    expect(turnResultText({ ...base, phase: 10, made: { ...made, phase: 10 }, firstFinishBonus: 40 }, 'Cy')).toBe(
      'Cy made Phase 10 for 52, +40 first-finish bonus.',
    );
  });
});

describe('the end sequence', () => {
  const order = [2, 0, 3, 1];

  it('is empty until someone makes Phase 10', () => {
    expect(endSequence({ order, firstFinisher: null, finalQueue: [], stage: 'playing' })).toEqual([]);
  });

  it('goes round from the first finisher: who is rolling, who waits, who is done', () => {
    expect(endSequence({ order, firstFinisher: 0, finalQueue: [1, 2], stage: 'final' })).toEqual([
      { seat: 0, status: 'finished first' },
      { seat: 3, status: 'final run done' },
      { seat: 1, status: 'final run now' },
      { seat: 2, status: 'final run next' },
    ]);
  });

  it('marks every final run done once the game is over', () => {
    expect(endSequence({ order, firstFinisher: 3, finalQueue: [], stage: 'over' }).map((e) => e.status)).toEqual([
      'finished first',
      'final run done',
      'final run done',
      'final run done',
    ]);
  });
});

describe('the scorepad’s cells', () => {
  // Missed Phase 10 in the final run: nine phases made, stopped on the tenth.
  const missedTheLast = { seat: 1, phase: 10, scores: [20, 30, 25, 40, 18, 22, 35, 28, 31, null] };
  const cells = (table: { active: number | null; over: boolean }) =>
    tenPhases.PHASES.map((p) => phaseCell(missedTheLast, p.phase, table).state);

  it('marks the phase a seat is on as current, or as rolling on its own turn', () => {
    expect(cells({ active: 0, over: false }).at(-1)).toBe('current');
    expect(cells({ active: 1, over: false }).at(-1)).toBe('rolling');
  });

  it('shows no current phase once the game is over, only where each seat stopped', () => {
    const end = cells({ active: null, over: true });
    expect(end).not.toContain('current');
    expect(end).toEqual([...Array<string>(9).fill('made'), 'stopped']);
    expect(phaseCell(missedTheLast, 4, { active: null, over: true })).toEqual({ state: 'made', score: 40 });
  });

  it('leaves a finished seat without a stopped phase: past Phase 10 there is none', () => {
    const finished = { seat: 0, phase: 11, scores: Array<number>(10).fill(20) };
    expect(tenPhases.PHASES.map((p) => phaseCell(finished, p.phase, { active: null, over: true }).state)).not.toContain('stopped');
  });

  it('leaves the phases not reached yet empty', () => {
    const early = { seat: 2, phase: 3, scores: [20, 25, null, null, null, null, null, null, null, null] };
    expect(phaseCell(early, 3, { active: null, over: true }).state).toBe('stopped');
    expect(phaseCell(early, 7, { active: null, over: true }).state).toBe('later');
  });
});

describe('which dice tumble', () => {
  const faces = [0, 1, 2, 3, 4, 5, 0, 1, 2, 3];
  const none = faces.map(() => false);

  it('throws every die on a turn’s first roll', () => {
    expect(nextTumbles(null, { turn: '0:0', roll: 1, faces, kept: none })).toEqual(faces.map(() => 1));
  });

  it('throws only the dice not set aside on the second roll', () => {
    const first = { turn: '0:0', roll: 1, faces, kept: none, tumbles: faces.map(() => 1) };
    const kept = faces.map((_, d) => d < 3);
    expect(nextTumbles(first, { turn: '0:0', roll: 2, faces, kept })).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
    expect(nextTumbles(first, { turn: '0:0', roll: 1, faces, kept: none })).toEqual(first.tumbles);
  });

  it('throws nothing when the player stops, and the changed dice after a third roll', () => {
    const second = { turn: '0:0', roll: 2, faces, kept: none, tumbles: faces.map(() => 2) };
    expect(nextTumbles(second, { turn: '0:0', roll: 'end', faces, kept: null })).toEqual(second.tumbles);
    const third = faces.map((f, d) => (d === 9 ? (f + 1) % 6 : f));
    expect(nextTumbles(second, { turn: '0:0', roll: 'end', faces: third, kept: null })).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 3]);
  });

  it('throws every die again when the next turn starts', () => {
    const ended = { turn: '0:0', roll: 'end' as const, faces, kept: null, tumbles: faces.map(() => 2) };
    expect(nextTumbles(ended, { turn: '1:0', roll: 1, faces, kept: none })).toEqual(faces.map(() => 3));
  });
});

describe('the Ten Phases hint', () => {
  it('says which dice to keep with the chance to make the phase, or why to stop', () => {
    expect(hintText({ type: 'roll', keep: [0, 3, 4] }, 0.623)).toBe('Keep 3 dice and roll (62% to make the phase this turn)');
    expect(hintText({ type: 'roll', keep: [1] }, null)).toBe('Keep 1 die and roll');
    expect(hintText({ type: 'roll', keep: [1, 2] }, 1)).toBe('Keep the dice that make the phase and roll the rest');
    expect(hintText({ type: 'stop' }, 1)).toBe('Stop: the phase is made');
    expect(hintText({ type: 'stop' }, 0.1)).toBe('Stop: no keep helps this turn');
  });
});

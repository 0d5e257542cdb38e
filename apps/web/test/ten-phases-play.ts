/**
 * A plain Ten Phases player for the browser test, and the same player run
 * against the rules module alone. The browser test reads the dice off the
 * phone and taps what `chooseMove` says; `playGame` plays the identical game
 * from a room seed without a browser, so the test knows in advance what each
 * turn must show, and the seed search (ten-phases-seed-search.ts) can look for
 * a seed whose game shows what the test needs.
 */
import { applyAction, generatorDice, fixedGenerator, tenPhases } from '@rollcall/rules';

/** One die as the player reads it: the number (null for a wild) and the colour index. */
export type SeenDie = tenPhases.Face;

/** What the player does next. */
export type Move = { type: 'roll'; keep: number[] } | { type: 'stop' };

const LOW = 1;
const HIGH = 10;

/** Dice indices by the number they show, and the wilds. */
function sortDice(dice: readonly SeenDie[]): { byNumber: number[][]; wilds: number[] } {
  const byNumber: number[][] = Array.from({ length: HIGH + 1 }, () => []);
  const wilds: number[] = [];
  dice.forEach((d, i) => (d.value === null ? wilds : (byNumber[d.value] ?? [])).push(i));
  return { byNumber, wilds };
}

/** Every choice of a number (set) or a start (run) for each group of a number phase. */
function targets(groups: readonly tenPhases.GroupSpec[]): number[][] {
  return groups.reduce<number[][]>(
    (tuples, group) => {
      const last = group.kind === 'run' ? HIGH - group.size + 1 : HIGH;
      return tuples.flatMap((t) => Array.from({ length: last - LOW + 1 }, (_, k) => [...t, LOW + k]));
    },
    [[]],
  );
}

/** The numbers each slot of a phase wants once its targets are chosen. */
function slots(groups: readonly tenPhases.GroupSpec[], tuple: readonly number[]): number[] {
  return groups.flatMap((group, g) =>
    Array.from({ length: group.size }, (_, k) => (tuple[g] ?? 0) + (group.kind === 'run' ? k : 0)),
  );
}

/** Dice listed first if already set aside, so the player does not swap equal dice for nothing. */
const keptFirst = (dice: number[], kept: ReadonlySet<number>) =>
  [...dice].sort((a, b) => Number(kept.has(b)) - Number(kept.has(a)) || a - b);

/**
 * For a phase of sets and runs: aim at the targets that the dice already fill
 * best (ties: the higher score), keep the dice that fill them and every wild
 * that still has an empty slot to fill.
 */
function keepForNumbers(spec: tenPhases.PhaseSpec, dice: readonly SeenDie[], kept: ReadonlySet<number>): number[] {
  const { byNumber, wilds } = sortDice(dice);
  let best: { filled: number; score: number; want: number[] } | null = null;
  for (const tuple of targets(spec.groups)) {
    const want = slots(spec.groups, tuple);
    const demand = new Map<number, number>();
    for (const n of want) demand.set(n, (demand.get(n) ?? 0) + 1);
    let filled = 0;
    let score = 0;
    for (const [n, count] of demand) {
      const got = Math.min(count, byNumber[n]?.length ?? 0);
      filled += got;
      score += got * n;
    }
    if (best === null || filled > best.filled || (filled === best.filled && score > best.score)) {
      best = { filled, score, want };
    }
  }
  if (best === null) return [];
  const keep: number[] = [];
  const demand = new Map<number, number>();
  for (const n of best.want) demand.set(n, (demand.get(n) ?? 0) + 1);
  for (const [n, count] of demand) keep.push(...keptFirst(byNumber[n] ?? [], kept).slice(0, count));
  keep.push(...keptFirst(wilds, kept).slice(0, best.want.length - keep.length));
  return keep.sort((a, b) => a - b);
}

/** For the colour phase: keep the dice of the colour shown most (ties: the higher numbers). */
function keepForColour(spec: tenPhases.PhaseSpec, dice: readonly SeenDie[]): number[] {
  const size = spec.groups[0]?.size ?? 0;
  let best: { count: number; sum: number; dice: number[] } | null = null;
  for (let colour = 0; colour < tenPhases.COLOURS.length; colour++) {
    const mine = dice.flatMap((d, i) => (d.colour === colour ? [i] : []));
    const sum = mine.reduce((s, i) => s + (dice[i]?.value ?? 0), 0);
    if (best === null || mine.length > best.count || (mine.length === best.count && sum > best.sum)) {
      best = { count: mine.length, sum, dice: mine.slice(0, size) };
    }
  }
  return best?.dice ?? [];
}

/**
 * The next move on a turn at `phase`, given the dice on the table (none before
 * the first roll), how many rolls were made and which dice are set aside: stop
 * as soon as the phase is made, otherwise keep what helps and roll the rest.
 */
export function chooseMove(phase: number, dice: readonly SeenDie[], rolls: number, kept: readonly number[]): Move {
  if (rolls === 0 || dice.length === 0) return { type: 'roll', keep: [] };
  if (tenPhases.scorePhase(phase, dice) !== null) return { type: 'stop' };
  const spec = tenPhases.phaseSpec(phase);
  const keep =
    spec.groups[0]?.kind === 'colour' ? keepForColour(spec, dice) : keepForNumbers(spec, dice, new Set(kept));
  return { type: 'roll', keep };
}

/** One turn as the plain player plays it. */
export interface PlayedTurn {
  seat: number;
  phase: number;
  /** The dice set aside for each roll after the first. */
  keeps: number[][];
  /** Dice set aside for one roll and taken back for the next. */
  takenBack: number;
  /** True when the player stopped before the third roll. */
  stopped: boolean;
  /** The phase's score, or null when it was missed. */
  made: number | null;
  /** True when the turn was part of a final sequence. */
  final: boolean;
}

/** A whole game of the plain player from a room seed. */
export interface PlayedGame {
  order: number[];
  rollOffRounds: number;
  turns: PlayedTurn[];
  /** Each seat's grand total at the end, or null if the game ran past `maxTurns`. */
  totals: number[] | null;
  firstFinisher: number | null;
  bonusEligible: number[];
}

/**
 * Play a game of `seats` seats from `seedHex` (the room's test seed) the way
 * the server would: the room's generator, seeded from the same bytes, rolls
 * the roll-off at the start and then every die of every action.
 */
export function playGame(seedHex: string, seats: number, maxTurns = 400): PlayedGame {
  const dice = generatorDice(fixedGenerator(Buffer.from(seedHex, 'hex')));
  const game = tenPhases.tenPhases;
  let state = game.setup({ seats, options: game.options.parse({}), dice });
  const order = [...state.order];
  const rollOffRounds = state.rollOff.length;
  const turns: PlayedTurn[] = [];
  let bonusEligible: number[] = [];
  while (state.turn !== null && turns.length < maxTurns) {
    const { seat } = state.turn;
    const phase = state.sheets[seat]?.phase ?? 1;
    const final = state.stage === 'final';
    const turn: PlayedTurn = { seat, phase, keeps: [], takenBack: 0, stopped: false, made: null, final };
    let previous: number[] = [];
    for (let rolls = 0; ; ) {
      const now = state.turn;
      const shown = now?.faces == null ? [] : tenPhases.facesOf(now.faces);
      const move = chooseMove(phase, shown, rolls, now?.kept ?? []);
      if (move.type === 'roll' && rolls > 0) {
        turn.keeps.push(move.keep);
        turn.takenBack += previous.filter((d) => !move.keep.includes(d)).length;
        previous = move.keep;
      }
      const result = applyAction(game, state, seat, move, { dice });
      if (!result.ok) throw new Error(`the plain player's move was refused: ${result.error.code}`);
      state = result.state;
      if (move.type === 'stop') {
        turn.stopped = true;
        break;
      }
      rolls += 1;
      if (rolls === tenPhases.MAX_ROLLS) break;
    }
    const last = state.lastTurn;
    if (last?.seat === seat) turn.made = last.made?.score ?? null;
    if (state.bonusEligible.length > 0) bonusEligible = [...state.bonusEligible];
    turns.push(turn);
  }
  const over = state.stage === 'over';
  return {
    order,
    rollOffRounds,
    turns,
    totals: over ? state.sheets.map((sheet) => tenPhases.sheetTotal(sheet, state.sheets.length === 1)) : null,
    firstFinisher: state.firstFinisher,
    bonusEligible,
  };
}

/**
 * A finished (or abandoned, or ended early) game as one JSON document anyone can keep, check
 * and watch again: what was played, by whom, with which sealed dice, and how
 * it ended. `verifyRecord` replays it through the rules package with no help
 * from the server (docs/fair-dice.md explains the dice).
 */
import {
  applyAction,
  commitmentOf,
  diceSeed,
  findGame,
  generatorDice,
  seedGenerator,
  type AnyGame,
  type Dice,
  type Outcome,
} from '@rollcall/rules';
import { z } from 'zod/mini';
import { ClientSeed } from './messages.js';

/** The schema version this code writes and reads. */
export const GAME_RECORD_VERSION = 1;

const Hex32 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const Roll = z.int().check(z.minimum(1));

/** Who made a move: the seat's own player, the lead or host for an away or vacant seat, the turn timer, the away default, or a bot. */
export const MoveMaker = z.enum(['player', 'lead', 'host', 'timer', 'away', 'bot']);

/** One accepted move, in the order the room accepted it, with the dice it rolled. */
export const RecordedMove = z.object({
  seat: z.int().check(z.minimum(0)),
  by: MoveMaker,
  /** The action as the game read it. */
  action: z.unknown(),
  /** Every die the move rolled, in order. */
  rolls: z.array(Roll),
  /** When it was accepted (epoch ms). */
  at: z.number(),
});

/** A seat's final place, as the game's outcome gives it. */
const RecordedStanding = z.object({ seat: z.int().check(z.minimum(0)), score: z.number(), place: z.int().check(z.minimum(1)) });

/**
 * How a game stopped before its end: abandoned by "Play again", or ended
 * early by the lead (`seat`, in the record's seat order) or a host screen.
 */
export const GameEnding = z.discriminatedUnion('how', [
  z.object({ how: z.literal('rematch') }),
  z.object({ how: z.literal('ended-early'), by: z.enum(['lead', 'host']), seat: z.nullable(z.int().check(z.minimum(0))) }),
]);

/** A game record, version 1. */
export const GameRecord = z.object({
  format: z.literal('rollcall-game-record'),
  version: z.literal(GAME_RECORD_VERSION),
  /** The record's id, as in `/api/games/<id>/record`. */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  room: z.string().check(z.minLength(1), z.maxLength(16)),
  game: z.object({ id: z.string().check(z.minLength(1)), options: z.record(z.string(), z.unknown()) }),
  /** The version of the rules package that played the game. */
  rulesVersion: z.string().check(z.minLength(1)),
  /** The seats' names, in seat order. */
  seats: z.array(z.object({ name: z.string() })).check(z.minLength(1)),
  startedAt: z.number(),
  endedAt: z.number(),
  dice: z.object({
    /** SHA-256 of the server seed, published before the first roll. */
    commitment: Hex32,
    /** Each seat's client seed in seat order; null for a seat that gave none. */
    clientSeeds: z.array(z.nullable(ClientSeed)),
    /** The server seed, revealed when the game ended. */
    serverSeed: Hex32,
  }),
  /** The dice rolled when the game was set up, before any move. */
  setupRolls: z.array(Roll),
  moves: z.array(RecordedMove),
  /** How the game ended; null when it stopped before its end (see `ended`). */
  outcome: z.nullable(z.object({ standings: z.array(RecordedStanding), winners: z.array(z.int().check(z.minimum(0))) })),
  /**
   * Why a game that has no outcome stopped. Absent for a game played to its
   * end, and in records written before games could be ended early, which
   * readers of version 1 without this field still read (they ignore it).
   */
  ended: z.optional(GameEnding),
  /**
   * The night the game was part of: the id of the room's standings it was
   * played under and its number among that night's games (an ended one
   * counted). Absent in records from before rooms kept standings.
   */
  night: z.optional(z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), game: z.int().check(z.minimum(1)) })),
});

/** A game record, version 1. */
export type GameRecord = z.infer<typeof GameRecord>;
/** One accepted move of a record. */
export type RecordedMove = z.infer<typeof RecordedMove>;
/** Who made a move. */
export type MoveMaker = z.infer<typeof MoveMaker>;
/** How a game stopped before its end. */
export type GameEnding = z.infer<typeof GameEnding>;

/** Dice that roll from the generator and remember each roll since the last `take`. */
function countedDice(dice: Dice): Dice & { take(): number[] } {
  let rolled: number[] = [];
  return {
    roll(sides) {
      const value = dice.roll(sides);
      rolled.push(value);
      return value;
    },
    take() {
      const taken = rolled;
      rolled = [];
      return taken;
    },
  };
}

/** One step of a replayed record: the state after setup (`move` -1) or after move `move`, and what it rolled. */
export interface RecordStep {
  move: number;
  state: unknown;
  rolls: number[];
}

/** Why a record's game cannot be replayed at all. */
export class RecordReplayError extends Error {}

/**
 * Play a record's moves through its game's rules, with dice from its revealed
 * seeds: the state after setup and after every move, and what each rolled.
 * Stops at the first move the rules refuse, reported as `refused`.
 */
export function replayRecord(record: GameRecord): {
  game: AnyGame;
  steps: RecordStep[];
  refused: { move: number; code: string } | null;
} {
  const game = findGame(record.game.id);
  if (game === undefined) throw new RecordReplayError(`this copy of the rules has no game "${record.game.id}"`);
  const options = game.options.safeParse(record.game.options);
  if (!options.success) throw new RecordReplayError(`the options are not ones ${game.name} takes`);
  const dice = countedDice(generatorDice(seedGenerator(diceSeed(record.dice.serverSeed, record.dice.clientSeeds))));
  let state: unknown = game.setup({ seats: record.seats.length, options: options.data, dice });
  const steps: RecordStep[] = [{ move: -1, state, rolls: dice.take() }];
  for (const [i, move] of record.moves.entries()) {
    const applied = applyAction(game, state, move.seat, move.action, { dice });
    if (!applied.ok) return { game, steps, refused: { move: i, code: applied.error.code } };
    state = applied.state;
    steps.push({ move: i, state, rolls: dice.take() });
  }
  return { game, steps, refused: null };
}

/** What `verifyRecord` found. */
export type Verdict =
  | {
      ok: true;
      rolls: number;
      moves: number;
      /** The game was played to its end, and its standings match. */
      finished: boolean;
      /** How a game with no outcome stopped, as its record says (absent when it does not say). */
      ended?: GameEnding;
    }
  | {
      ok: false;
      /** Which check failed. */
      check: 'format' | 'commitment' | 'game' | 'move' | 'roll' | 'standings';
      /** Where, in English words a developer can follow (a screen words the check itself). */
      message: string;
      /** The move it failed at (0-based), when it is one move's. */
      move?: number;
      /** For a roll that differs: the faces the replay rolled, and those the record says, for a screen to show. */
      shown?: string[];
      recorded?: string[];
    };

/** Plain JSON values compared by content, whatever order their keys come in. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const moveName = (i: number): string => `move ${i + 1}`;

/**
 * What the dice rolled by setup (`action` null) or by one move showed on the
 * screens, in roll order: the game's own faces where its dice are not
 * numbered 1 to n, else the numbers rolled. Rolls the game's dice cannot make
 * (a changed record) are shown as the numbers they are.
 */
export function facesShown(game: AnyGame, rolls: readonly number[], action: unknown): string[] {
  try {
    return game.rolledFaces?.(rolls, action ?? null) ?? rolls.map(String);
  } catch (err) {
    if (err instanceof RangeError) return rolls.map(String);
    throw err;
  }
}

/** Rolls as a list of faces, or "nothing" when none were rolled. */
const facesText = (faces: readonly string[]): string => (faces.length === 0 ? 'nothing' : faces.join(' '));

/**
 * Check a game record with no help from the server: the revealed server seed
 * matches the commitment, and replaying every move from the dice seed it and
 * the client seeds make gives every recorded roll and the recorded standings.
 * Any change to a move, a roll, a seed, the commitment or the standings is
 * reported with where it is.
 */
export function verifyRecord(input: unknown): Verdict {
  const parsed = GameRecord.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || 'the top'}`;
    return { ok: false, check: 'format', message: `This is not a game record this page can read${where}.` };
  }
  const record = parsed.data;
  if (commitmentOf(record.dice.serverSeed) !== record.dice.commitment) {
    return { ok: false, check: 'commitment', message: 'The revealed server seed does not match the commitment published before the first roll.' };
  }
  if (record.dice.clientSeeds.length !== record.seats.length) {
    return { ok: false, check: 'commitment', message: 'There is not one client seed entry per seat.' };
  }
  let replay: ReturnType<typeof replayRecord>;
  try {
    replay = replayRecord(record);
  } catch (err) {
    if (err instanceof RecordReplayError) return { ok: false, check: 'game', message: `Cannot replay: ${err.message}.` };
    throw err;
  }
  const [setup, ...played] = replay.steps;
  // Rolls are told as the faces the screens showed, so the message matches what the table saw.
  const faces = (rolls: readonly number[], action: unknown) => facesShown(replay.game, rolls, action);
  if (setup !== undefined && !sameJson(setup.rolls, record.setupRolls)) {
    const [shown, recorded] = [faces(setup.rolls, null), faces(record.setupRolls, null)];
    return {
      ok: false,
      check: 'roll',
      message: `The dice rolled at setup showed ${facesText(shown)}, the record says ${facesText(recorded)}.`,
      shown,
      recorded,
    };
  }
  for (const step of played) {
    const move = record.moves[step.move];
    const recorded = move?.rolls ?? [];
    if (!sameJson(step.rolls, recorded)) {
      const [shown, said] = [faces(step.rolls, move?.action), faces(recorded, move?.action)];
      return {
        ok: false,
        check: 'roll',
        move: step.move,
        message: `At ${moveName(step.move)}, the dice showed ${facesText(shown)}, the record says ${facesText(said)}.`,
        shown,
        recorded: said,
      };
    }
  }
  if (replay.refused !== null) {
    return { ok: false, check: 'move', move: replay.refused.move, message: `The rules refuse ${moveName(replay.refused.move)} (${replay.refused.code}).` };
  }
  const last = replay.steps[replay.steps.length - 1]?.state;
  const outcome: Outcome | null = replay.game.outcome(last);
  if (record.ended !== undefined && outcome !== null) {
    return { ok: false, check: 'standings', message: 'The record says the game stopped before its end, but after replaying every move it is over.' };
  }
  if (!sameJson(outcome, record.outcome)) {
    const said = record.outcome === null ? 'no result' : 'other standings';
    const got = outcome === null ? 'the game is not over' : 'the standings differ';
    return { ok: false, check: 'standings', message: `The record gives ${said}, but after replaying every move ${got}.` };
  }
  const rolls = replay.steps.reduce((n, s) => n + s.rolls.length, 0);
  return {
    ok: true,
    rolls,
    moves: record.moves.length,
    finished: outcome !== null,
    ...(record.ended === undefined ? {} : { ended: record.ended }),
  };
}

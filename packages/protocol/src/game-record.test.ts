import { applyAction, bots, commitmentOf, diceSeed, findGame, games, generatorDice, seedGenerator } from '@rollcall/rules';
import { describe, expect, it } from 'vitest';
import { facesShown, GAME_RECORD_VERSION, replayRecord, verifyRecord, type GameRecord } from './game-record.js';

const serverSeed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const clientSeeds = ['3a7bd3e2360a3d29eea436fcfb7e44c7', '6b86b273ff34fce19d6b804eff5a3f57'];

/** A whole game played by bots, written as the server writes a record. */
function playedRecord(gameId: string): GameRecord {
  const game = findGame(gameId)!;
  const bare: GameRecord = {
    format: 'rollcall-game-record',
    version: GAME_RECORD_VERSION,
    id: 'ABCD-954d5a49fd70d9b8',
    room: 'ABCD',
    game: { id: gameId, options: game.options.parse({}) as Record<string, unknown> },
    rulesVersion: '0.1.0',
    seats: [{ name: 'Ann' }, { name: 'Bob' }],
    startedAt: 1,
    endedAt: 2,
    dice: { commitment: commitmentOf(serverSeed), clientSeeds, serverSeed },
    setupRolls: [],
    moves: [],
    outcome: null,
  };
  // Each move is the game's bot's, for the first seat the game waits on, until it ends.
  const bot = bots[gameId]!;
  let n = 0;
  const random = () => ((n = (n * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const dice = generatorDice(seedGenerator(diceSeed(serverSeed, clientSeeds)));
  let state: unknown = game.setup({ seats: 2, options: bare.game.options, dice });
  while (game.outcome(state) === null) {
    if (bare.moves.length > 5_000) throw new Error(`${gameId} did not end`);
    const seat = game.awaiting(state)[0]!.seat;
    const action: unknown = bot(state, seat, random);
    const applied = applyAction(game, state, seat, action, { dice });
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.state;
    bare.moves.push({ seat, by: 'bot', action, rolls: [], at: 1 });
  }
  const { steps } = replayRecord(bare);
  return {
    ...bare,
    setupRolls: steps[0]!.rolls,
    moves: bare.moves.map((m, i) => ({ ...m, rolls: steps[i + 1]!.rolls })),
    outcome: game.outcome(steps[steps.length - 1]!.state),
  };
}

const record = playedRecord('wfgts');
const copy = (): GameRecord => JSON.parse(JSON.stringify(record)) as GameRecord;
const rolledMove = record.moves.findIndex((m) => m.rolls.length > 0);

describe('verifying a game record', () => {
  it('verifies a whole played game: every roll and the standings', () => {
    const verdict = verifyRecord(JSON.parse(JSON.stringify(record)));
    const rolls = record.setupRolls.length + record.moves.reduce((n, m) => n + m.rolls.length, 0);
    expect(rolls).toBeGreaterThan(10);
    expect(verdict).toEqual({ ok: true, rolls, moves: record.moves.length, finished: true });
  });

  it('verifies every game the rules hold, played to its end by bots', () => {
    for (const id of Object.keys(games)) {
      if (findGame(id)!.players.min > 2) continue;
      expect(verifyRecord(playedRecord(id)), id).toMatchObject({ ok: true, finished: true });
    }
  });

  it('catches a changed roll, and says which move and what its dice showed', () => {
    const tampered = copy();
    const move = tampered.moves[rolledMove]!;
    const replayed = move.rolls.join(' ');
    move.rolls[0] = move.rolls[0] === 1 ? 2 : 1;
    expect(verifyRecord(tampered)).toMatchObject({ ok: false, check: 'roll', move: rolledMove });
    expect(verifyRecord(tampered)).toMatchObject({
      message: `At move ${rolledMove + 1}, the dice showed ${replayed}, the record says ${move.rolls.join(' ')}.`,
      // The faces apart too, for a screen to say it in its own language.
      shown: replayed.split(' '),
      recorded: move.rolls.map(String),
    });
  });

  it("tells a changed roll of Ten Phases' own dice by the faces the table saw, not the numbers drawn", () => {
    const tampered = playedRecord('ten-phases');
    const at = tampered.moves.findIndex((m) => m.rolls.length === 10);
    const move = tampered.moves[at]!;
    const shown = (rolls: readonly number[]) => findGame('ten-phases')!.rolledFaces!(rolls, { type: 'roll', keep: [] }).join(' ');
    const replayed = shown(move.rolls);
    // The first high die drawn as 1 (a 5) is changed to 6 (a 10), or the other way round.
    move.rolls[0] = move.rolls[0] === 1 ? 6 : 1;
    const verdict = verifyRecord(tampered);
    expect(verdict).toMatchObject({ ok: false, check: 'roll', move: at });
    expect(verdict).toMatchObject({ message: `At move ${at + 1}, the dice showed ${replayed}, the record says ${shown(move.rolls)}.` });
    expect(replayed.split(' ').slice(0, 6).every((face) => Number(face) >= 5)).toBe(true);
  });

  it('shows a roll no die of the game can make as the number it is', () => {
    expect(facesShown(findGame('ten-phases')!, [9], { type: 'roll', keep: [] })).toEqual(['9']);
    expect(facesShown(findGame('meet-fate')!, [8, 1], { type: 'roll', hold: [] })).toEqual(['8', '1']);
  });

  it('catches a changed setup roll', () => {
    const tampered = copy();
    tampered.setupRolls = [...tampered.setupRolls, 1];
    expect(verifyRecord(tampered)).toMatchObject({ ok: false, check: 'roll' });
  });

  it('catches a changed or dropped move', () => {
    const changed = copy();
    changed.moves[0] = { ...changed.moves[0]!, seat: 5 };
    expect(verifyRecord(changed)).toMatchObject({ ok: false, check: 'move', move: 0 });
    const dropped = copy();
    dropped.moves.splice(rolledMove, 1);
    expect(verifyRecord(dropped)).toMatchObject({ ok: false });
    const swapped = copy();
    swapped.moves[1] = { ...swapped.moves[1]!, action: { type: 'no-such-move' } };
    expect(verifyRecord(swapped)).toMatchObject({ ok: false, check: 'move', move: 1 });
  });

  it('catches a changed server seed, client seed or commitment', () => {
    const server = copy();
    server.dice.serverSeed = '00' + serverSeed.slice(2);
    expect(verifyRecord(server)).toMatchObject({ ok: false, check: 'commitment' });
    const commitment = copy();
    commitment.dice.commitment = '00' + commitment.dice.commitment.slice(2);
    expect(verifyRecord(commitment)).toMatchObject({ ok: false, check: 'commitment' });
    const client = copy();
    client.dice.clientSeeds = [clientSeeds[1]!, clientSeeds[0]!];
    expect(verifyRecord(client)).toMatchObject({ ok: false, check: 'roll' });
  });

  it('catches changed standings or winners', () => {
    const standings = copy();
    standings.outcome!.standings[0]!.score += 1;
    expect(verifyRecord(standings)).toMatchObject({ ok: false, check: 'standings' });
    const winners = copy();
    winners.outcome!.winners = [9];
    expect(verifyRecord(winners)).toMatchObject({ ok: false, check: 'standings' });
    const unfinished = copy();
    unfinished.outcome = null;
    expect(verifyRecord(unfinished)).toMatchObject({ ok: false, check: 'standings' });
  });

  it('refuses what is not a record, and a game it does not know, with a reason', () => {
    expect(verifyRecord({ hello: 1 })).toMatchObject({ ok: false, check: 'format' });
    expect(verifyRecord({ ...copy(), version: 2 })).toMatchObject({ ok: false, check: 'format' });
    expect(verifyRecord({ ...copy(), game: { id: 'chess', options: {} } })).toMatchObject({ ok: false, check: 'game' });
  });

  it('verifies an abandoned game, which has no standings, as not finished', () => {
    const abandoned = copy();
    abandoned.moves = abandoned.moves.slice(0, 3);
    abandoned.outcome = null;
    expect(verifyRecord(abandoned)).toMatchObject({ ok: true, finished: false, moves: 3 });
  });

  it('verifies a game the lead ended early, says so, and catches a tampered roll in it', () => {
    const ended = copy();
    ended.moves = ended.moves.slice(0, rolledMove + 2);
    ended.outcome = null;
    ended.ended = { how: 'ended-early', by: 'lead', seat: 0 };
    expect(verifyRecord(ended)).toEqual({
      ok: true,
      rolls: ended.setupRolls.length + ended.moves.reduce((n, m) => n + m.rolls.length, 0),
      moves: rolledMove + 2,
      finished: false,
      ended: { how: 'ended-early', by: 'lead', seat: 0 },
    });
    const tampered = JSON.parse(JSON.stringify(ended)) as GameRecord;
    tampered.moves[rolledMove]!.rolls[0] = tampered.moves[rolledMove]!.rolls[0] === 1 ? 2 : 1;
    expect(verifyRecord(tampered)).toMatchObject({ ok: false, check: 'roll', move: rolledMove });
  });

  it('catches a finished game passed off as ended early, and standings added to one that was', () => {
    const claimed = copy();
    claimed.outcome = null;
    claimed.ended = { how: 'ended-early', by: 'host', seat: null };
    expect(verifyRecord(claimed)).toMatchObject({ ok: false, check: 'standings' });
    const crowned = copy();
    crowned.moves = crowned.moves.slice(0, 3);
    crowned.ended = { how: 'ended-early', by: 'host', seat: null };
    expect(verifyRecord(crowned)).toMatchObject({ ok: false, check: 'standings' });
  });

  it('reads a record written before games could be ended early, and one with an ending it does not know as not a record', () => {
    const older = copy();
    delete older.ended;
    expect(verifyRecord(older)).toMatchObject({ ok: true, finished: true });
    expect(verifyRecord({ ...copy(), outcome: null, ended: { how: 'exploded' } })).toMatchObject({ ok: false, check: 'format' });
  });
});

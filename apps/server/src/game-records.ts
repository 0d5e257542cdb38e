/**
 * Game records from a room's journal: one game's moves between its start
 * and its end, with the dice seal its start named. A record is only written
 * for a game whose server seed has been revealed (it finished, a rematch
 * abandoned it, or the lead or a host screen ended it early), so nothing here
 * can let the seed out early. The record of a game that stopped before its end
 * says how (`ended`) and has no standings.
 */
import { GAME_RECORD_VERSION, replayRecord, type GameEnding, type GameRecord, type MoveMaker } from '@rollcall/protocol/game-record';
import { RULES_VERSION } from '@rollcall/rules';
import { z } from 'zod';
import type { DiceSeal, RoomRecord } from './room-record.js';
import type { JournalEntry } from './store/room-repository.js';

/** How many hex digits of the commitment a record's id carries after the room code. */
const ID_DIGITS = 16;

/** The id of the record of the game sealed with `commitment` in room `code`. */
export function recordIdOf(code: string, commitment: string): string {
  return `${code}-${commitment.slice(0, ID_DIGITS)}`;
}

/** A record id split into its room code and commitment prefix, or null when it is not one. */
export function parseRecordId(id: string): { code: string; commitmentPrefix: string } | null {
  const match = new RegExp(`^([A-Z]{2,12})-([0-9a-f]{${ID_DIGITS}})$`).exec(id);
  return match === null ? null : { code: match[1] ?? '', commitmentPrefix: match[2] ?? '' };
}

/** What a sealed game's start wrote into the journal. */
const SealedStart = z.object({
  game: z.string(),
  seats: z.number().int(),
  options: z.record(z.string(), z.unknown()),
  names: z.array(z.string()),
  commitment: z.string(),
  clientSeeds: z.array(z.string().nullable()),
  /** Absent for games started before rooms kept standings. */
  night: z.object({ id: z.string(), game: z.number().int() }).optional(),
});

const LoggedMove = z.object({ by: z.string(), action: z.unknown() });

/** Who a game ended early was ended by, as its `end-game` entry says. */
const LoggedEnd = z.object({ by: z.enum(['lead', 'host']) });

/** How a game stopped before its end, from the entry that stopped it; undefined for one played to its end. */
function endingOf(entry: JournalEntry | undefined): GameEnding | undefined {
  if (entry === undefined) return undefined;
  const ended = LoggedEnd.safeParse(entry.detail);
  if (entry.kind === 'end-game' && ended.success) return { how: 'ended-early', by: ended.data.by, seat: entry.seat };
  return { how: 'rematch' };
}

/** The journal's names for who made a move, as a record says them. */
const makers: Record<string, MoveMaker> = { seat: 'player', lead: 'lead', host: 'host', timer: 'timer', away: 'away', bot: 'bot' };

/** The revealed seal with this commitment prefix: the finished game's, or the one a rematch ended. */
function revealedSeal(room: RoomRecord, prefix: string): DiceSeal | null {
  const current = room.seal ?? null;
  if (current !== null && room.status === 'finished' && current.commitment.startsWith(prefix)) return current;
  const previous = room.previousSeal ?? null;
  if (previous !== null && previous.commitment.startsWith(prefix)) return previous;
  return null;
}

/**
 * The record of a game whose seed has been revealed, or null: no such game,
 * its seed still sealed, or a room that played fixed test dice.
 */
export function gameRecordOf(room: RoomRecord, journal: JournalEntry[], id: string): GameRecord | null {
  const wanted = parseRecordId(id);
  if (wanted === null || wanted.code !== room.code) return null;
  const seal = revealedSeal(room, wanted.commitmentPrefix);
  if (seal === null) return null;
  const startAt = journal.findLastIndex((e) => e.kind === 'start' && e.detail.commitment === seal.commitment);
  const start = journal[startAt];
  const detail = SealedStart.safeParse(start?.detail);
  if (start === undefined || !detail.success) return null;
  const after = journal.slice(startAt + 1);
  const endAt = after.findIndex((e) => e.kind === 'rematch' || e.kind === 'end-game');
  const played = endAt === -1 ? after : after.slice(0, endAt);
  const moves: GameRecord['moves'] = [];
  for (const entry of played) {
    const move = LoggedMove.safeParse(entry.detail);
    if (entry.kind !== 'action' || entry.seat === null || !move.success) continue;
    moves.push({ seat: entry.seat, by: makers[move.data.by] ?? 'player', action: move.data.action, rolls: [], at: entry.at });
  }
  const record: GameRecord = {
    format: 'rollcall-game-record',
    version: GAME_RECORD_VERSION,
    id,
    room: room.code,
    game: { id: detail.data.game, options: detail.data.options },
    rulesVersion: RULES_VERSION,
    seats: detail.data.names.map((name) => ({ name })),
    startedAt: start.at,
    endedAt: endAt === -1 ? (room.finishedAt ?? room.updatedAt) : (after[endAt]?.at ?? room.updatedAt),
    dice: { commitment: seal.commitment, clientSeeds: detail.data.clientSeeds, serverSeed: seal.serverSeed },
    setupRolls: [],
    moves,
    outcome: null,
    ...(detail.data.night === undefined ? {} : { night: detail.data.night }),
  };
  // The rolls and the result are the rules' own, played again from the seeds as the room played them.
  const replay = replayRecord(record);
  const [setup, ...steps] = replay.steps;
  const last = replay.steps[replay.steps.length - 1];
  const outcome = last === undefined ? null : replay.game.outcome(last.state);
  // A rematch after the game was over did not stop it: only an unfinished game says how it stopped.
  const ended = outcome === null ? endingOf(endAt === -1 ? undefined : after[endAt]) : undefined;
  return {
    ...record,
    setupRolls: setup?.rolls ?? [],
    moves: moves.map((m, i) => ({ ...m, rolls: steps[i]?.rolls ?? [] })),
    outcome,
    ...(ended === undefined ? {} : { ended }),
  };
}

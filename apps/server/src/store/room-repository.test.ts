import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { dataDirForTest } from '../../test/harness.js';
import { heldCall } from '../../test/held-call.js';
import { Table } from '../../test/stored-table.js';
import { replayMove } from '../room-changes.js';
import type { RoomRecord } from '../room-record.js';
import { DIGEST_EVERY, digestOf, openRoomRepository, type ReplayMove, type RoomAdapter } from './room-repository.js';
import { openSqliteAdapter } from './sqlite-adapter.js';

/** A logger whose lines are kept to look at. */
function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

/** Moves played after the snapshot: enough that the moves from the third on pass a version with a digest (see `DIGEST_EVERY`). */
const MOVES = DIGEST_EVERY + 2;

/**
 * A table played for a few moves after its last snapshot, whose process then
 * stops without snapshotting (a crash): the file holds the snapshot from the
 * game's start and the moves after it as journal entries.
 */
async function crashedTable(): Promise<{ dir: string; table: Table; snapshot: RoomRecord }> {
  const dir = dataDirForTest();
  const adapter = await openSqliteAdapter(dir);
  const table = await Table.open(openRoomRepository(adapter, { replay: replayMove, log: pino({ level: 'silent' }) }), 3);
  const snapshot = table.room;
  await table.play(MOVES);
  await adapter.close();
  return { dir, table, snapshot };
}

async function reopen(dir: string, replay: ReplayMove) {
  const { log, lines } = recordingLog();
  const adapter: RoomAdapter = await openSqliteAdapter(dir);
  return { repository: openRoomRepository(adapter, { replay, log }), adapter, lines };
}

/** The rules of another build: from version `from` on, the same moves give a different room (here, in its game state). */
const changedRules =
  (from: number): ReplayMove =>
  (room, entry) => {
    const next = replayMove(room, entry);
    return entry.version < from ? next : { ...next, play: { ...(next.play as object), changedRules: true } };
  };

describe('a room repository loading a room whose moves are replayed', () => {
  it('gives the very room when the rules replay them as they were played, and logs nothing', async () => {
    const { dir, table } = await crashedTable();
    const { repository, lines } = await reopen(dir, replayMove);
    expect(repository.held()).toBe(0);
    expect(await repository.load('PLAY')).toEqual(table.room);
    expect(repository.held()).toBe(1);
    expect(lines).toEqual([]);
    await repository.close();
  });

  it('loads the last snapshot, logs an error with the room and versions, and keeps the journal, when the replay diverges', async () => {
    const { dir, table, snapshot } = await crashedTable();
    const { repository, adapter, lines } = await reopen(dir, changedRules(snapshot.version + 3));
    // The newest digest is of a version at most a few moves back; the moves between carry it on.
    const stored = await adapter.read('PLAY');
    const digestAt = Number.parseInt(stored!.digest!, 10);
    expect(digestAt % DIGEST_EVERY).toBe(0);
    expect(table.room.version - digestAt).toBeLessThan(DIGEST_EVERY);
    expect(digestAt).toBeGreaterThanOrEqual(snapshot.version + 3);

    const loaded = await repository.load('PLAY');
    // Never silently different: the room is its snapshot, carried to the stored version so the journal goes on from there.
    expect(loaded).toEqual({ ...snapshot, version: table.room.version, updatedAt: table.room.updatedAt });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        room: 'PLAY',
        snapshotVersion: snapshot.version,
        version: table.room.version,
        why: 'digest differs',
      }),
    ]);
    // The moves stay in the journal, and the room was snapshotted so no later load replays them again.
    expect((await repository.journal('PLAY')).filter((e) => e.kind === 'action')).toHaveLength(MOVES);
    const after = await adapter.read('PLAY');
    expect(after?.snapshot?.version).toBe(table.room.version);
    expect(after?.entries).toEqual([]);
    expect(after?.digest).toBe(digestOf(loaded!));
    await repository.close();

    const next = await reopen(dir, replayMove);
    expect(await next.repository.load('PLAY')).toEqual(loaded);
    expect(next.lines).toEqual([]);
    await next.repository.close();
  });

  it('does the same when the rules deployed now refuse a journalled move', async () => {
    const { dir, table, snapshot } = await crashedTable();
    const refusing: ReplayMove = (room, entry) => {
      if (entry.version === snapshot.version + 2) throw new Error(`room ${room.code}: a logged move was refused on replay (rule/wrong-step)`);
      return replayMove(room, entry);
    };
    const { repository, lines } = await reopen(dir, refusing);
    expect(await repository.load('PLAY')).toEqual({ ...snapshot, version: table.room.version, updatedAt: table.room.updatedAt });
    expect(lines).toEqual([expect.objectContaining({ level: 50, room: 'PLAY', why: expect.stringMatching(/refused on replay/) })]);
    await repository.close();
  });

  it('still refuses a journal that stops short of the stored version', async () => {
    const { dir } = await crashedTable();
    const { repository, adapter } = await reopen(dir, replayMove);
    const stored = (await adapter.read('PLAY'))!;
    const short: RoomAdapter = { ...adapter, read: async () => ({ ...stored, entries: stored.entries.slice(0, -1) }) };
    const blind = openRoomRepository(short, { replay: replayMove, log: pino({ level: 'silent' }) });
    await expect(blind.load('PLAY')).rejects.toThrow(/journal stops before/);
    await repository.close();
  });
});

describe('a room repository read outside the room\'s queue', () => {
  it('never puts back in memory a room older than one a commit kept while the load was reading', async () => {
    const { dir, table } = await crashedTable();
    const adapter = await openSqliteAdapter(dir);
    const hold = heldCall();
    hold.arm();
    // The first read gets the room as stored now, and hands it back only after a commit.
    const slow: RoomAdapter = {
      ...adapter,
      async read(code, since) {
        const stored = await adapter.read(code, since);
        await hold.pass();
        return stored;
      },
    };
    const repository = openRoomRepository(slow, { replay: replayMove, log: pino({ level: 'silent' }) });
    const early = repository.load('PLAY');
    await hold.reached;
    const moved = new Table(table.room, repository);
    await moved.play(1);
    expect(moved.room.version).toBe(table.room.version + 1);
    hold.release();
    expect((await early)?.version).toBe(moved.room.version);
    expect(await repository.load('PLAY')).toBe(moved.room);
    await repository.close();
  });
});

/**
 * The moves a room makes by itself when a deadline comes: bots', the turn
 * timer's defaults and away seats' defaults. Decided like a command's
 * changes, from the loaded room, and committed by the room service.
 */
import { botsByStrength, findGame, seededRandom, type AnyGame, type bots } from '@rollcall/rules';
import type { Logger } from 'pino';
import { movesDue, playAction, type MoveBy } from './room-changes.js';
import type { Accepted } from './room-commands.js';
import { botStrengthOf, isBot, turnDeadlineOf, type RoomRecord } from './room-record.js';

/** What the moves of a deadline need besides the room. */
export interface TimedContext {
  now: number;
  /** The change that marks who has a phone, when the sockets prove the record wrong; null when it is right. */
  presenceMark: (room: RoomRecord) => Promise<Accepted | null>;
  /** The bots that play bot seats, by game id; the rules' own at each seat's strength when absent. */
  bots?: typeof bots;
  /** Seeds each bot's own generator (hex). */
  botSeed: () => string;
  log: (seat: number) => Logger;
}

/**
 * The changes a deadline brings: the room moves by itself for the seats the
 * game awaits whose time is up. A bot seat, or an away seat handed to a bot,
 * gets its bot's move; when the turn timer ran out every other awaited seat
 * gets the game's default, and otherwise the away seats whose grace is over
 * do. A seat marked away whose phone is back is marked back first, and is
 * its player's again. None when the room's deadline is no longer this one:
 * when two nodes (or a node before and after a restart) fire the same
 * deadline, the compare-and-set lets one store the moves, and the other
 * finds the room moved on. These moves skip the per-seat move limit on
 * purpose: it guards against phones, and the pause and the deadline pace a bot.
 */
export async function timedMoves(loaded: RoomRecord, deadline: number, ctx: TimedContext): Promise<Accepted[]> {
  if (loaded.status !== 'playing' || loaded.deadline !== deadline || loaded.game === null) return [];
  const game = findGame(loaded.game.id);
  if (game === undefined) return [];
  const turnOver = (turnDeadlineOf(loaded) ?? Number.POSITIVE_INFINITY) <= deadline;
  const marked = turnOver ? null : await ctx.presenceMark(loaded);
  const changes: Accepted[] = marked === null ? [] : [marked];
  let room = marked?.room ?? loaded;
  const awaited = game.awaiting(room.play);
  const due = movesDue(room, awaited.map((a) => a.seat));
  const step = room.stepVersion;
  for (const { seat, fallback } of awaited) {
    if (room.status !== 'playing' || room.stepVersion !== step) break;
    if (!game.awaiting(room.play).some((a) => a.seat === seat)) continue;
    const planned = due.get(seat);
    const dueNow = planned !== undefined && planned.at <= deadline ? planned.by : null;
    // When the turn timer ran out, it is what played every seat but a bot's.
    const by: MoveBy | null = turnOver && dueNow !== 'bot' ? (isBot(room.seats[seat]) ? 'bot' : 'timer') : dueNow;
    if (by === null) continue;
    const action = by === 'bot' ? (botMove(game, room, seat, ctx) ?? fallback) : fallback;
    let change = playAction(room, { seat, action, by, now: ctx.now, key: null });
    if (!change.ok && action !== fallback) {
      ctx.log(seat).error({ error: change.error }, 'the game refused a bot move; playing the default');
      change = playAction(room, { seat, action: fallback, by, now: ctx.now, key: null });
    }
    if (!change.ok) {
      ctx.log(seat).error({ error: change.error, by }, 'the game refused its own move for a seat');
      continue;
    }
    changes.push(change);
    room = change.room;
  }
  return changes;
}

/**
 * The bot's move for a seat, with numbers from a generator of the bot's own
 * (never the room's dice generator, whose state stays hidden and whose
 * sequence a bot must not shift); null when the bot fails, so the game's
 * default is played instead and the room never stalls.
 */
function botMove(game: AnyGame, room: RoomRecord, seat: number, ctx: TimedContext): unknown {
  const bot = ctx.bots?.[game.id] ?? botsByStrength[game.id]?.[botStrengthOf(room.seats[seat])];
  try {
    return bot === undefined ? null : (bot(room.play, seat, seededRandom(Buffer.from(ctx.botSeed(), 'hex'))) as unknown);
  } catch (err) {
    ctx.log(seat).error({ err }, 'the bot failed; playing the default');
    return null;
  }
}

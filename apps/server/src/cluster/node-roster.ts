import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { RedisLink } from '../redis-client.js';

/**
 * One key for every node: a few writes a second in all. On a Redis Cluster it
 * lives on one shard, and Redis's clock is that shard's: the stamp and the
 * count read it in one script, so no two shards' clocks are compared.
 */
const ROSTER_KEY = 'rollcall:nodes';

// KEYS: the roster. ARGV: this node's id, LIVE_MS. Returns how many nodes stamped within LIVE_MS.
const STAMP = `
local time = redis.call('TIME')
local at = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], at, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', at - 10 * tonumber(ARGV[2]))
return redis.call('ZCOUNT', KEYS[1], at - tonumber(ARGV[2]), '+inf')
`;
/** How often a node says it is alive. */
export const BEAT_MS = 1_000;
/** A node silent for this long counts as gone; until then its phones are not taken for away. */
export const LIVE_MS = 4_000;
/**
 * How many of this node's own beats a count is remembered for. After Redis
 * was away, every stamp is old and the first beats back count only the nodes
 * whose links returned first; the count from before the outage stands until
 * the others have had as many beats to stamp again.
 */
const REMEMBERED_BEATS = 5;

/**
 * Which nodes are alive, so that a presence answer missing one of them is
 * known to be incomplete. The adapter alone cannot tell: it waits for the
 * nodes subscribed at the moment of asking, and a node whose subscription is
 * still coming back after Redis restarted is simply not asked, which would
 * take its phones for away.
 *
 * Each node stamps its id in a sorted set every beat, with Redis's clock, so
 * the nodes' own clocks need not agree. A count is only as new as the last
 * beat, so a node that just started would go uncounted by the others for up
 * to a beat: it says it has joined once it has stamped (`stamped`), and each
 * node that hears so counts again (`recount`).
 */
export interface NodeRoster {
  /** The most nodes seen alive at one of the last few beats, this one included; 0 before the first. */
  liveNodes(): number;
  /** Settles once this node's first stamp is in, so another node counting now counts it. */
  stamped: Promise<void>;
  /** Count the live nodes now rather than at the next beat: another node said it has joined. */
  recount(): Promise<void>;
  /** Leave the roster at once, so the others do not wait `LIVE_MS` to count this node gone. */
  leave(): Promise<void>;
}

export function joinRoster(redis: RedisLink, log: Logger): NodeRoster {
  const id = randomUUID();
  const counts: number[] = [];
  let beating: Promise<void> | null = null;
  let firstStamp: () => void = () => undefined;
  const stamped = new Promise<void>((resolve) => (firstStamp = resolve));
  const stamp = async () => {
    try {
      const count = await redis.eval(STAMP, 1, ROSTER_KEY, id, LIVE_MS);
      if (typeof count === 'number') counts.push(count);
      if (counts.length > REMEMBERED_BEATS) counts.shift();
      firstStamp();
    } catch (err) {
      log.debug({ err }, 'could not stamp this node in the roster');
    } finally {
      beating = null;
    }
  };
  // A beat queued while Redis is away is enough; a recount during a beat waits for it and counts again.
  const beat = () => (beating ??= stamp());
  void beat();
  const timer = setInterval(() => void beat(), BEAT_MS);
  timer.unref();
  return {
    liveNodes: () => Math.max(0, ...counts),
    stamped,
    async recount() {
      await beating;
      await beat();
    },
    async leave() {
      clearInterval(timer);
      if (redis.status === 'ready') await redis.zrem(ROSTER_KEY, id).catch(() => undefined);
    },
  };
}

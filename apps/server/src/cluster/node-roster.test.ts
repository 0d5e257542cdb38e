import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closeAfterTest, startRedis } from '../../test/harness.js';
import { closeRedis, connectRedis } from '../redis-client.js';
import { joinRoster } from './node-roster.js';

const log = pino({ level: 'silent' });

describe('the roster of live nodes', () => {
  it('counts a node that joined after its own beat as soon as it is asked to count again', async () => {
    const redis = closeAfterTest(await startRedis());
    const links = [connectRedis(redis.url, log, 'a'), connectRedis(redis.url, log, 'b')] as const;
    const first = joinRoster(links[0], log);
    await first.stamped;
    expect(first.liveNodes()).toBe(1);
    const second = joinRoster(links[1], log);
    await second.stamped;
    expect(second.liveNodes()).toBe(2);

    // The first node's next beat is up to a second away; a presence answer missing the second node must not count as whole meanwhile.
    await first.recount();
    expect(first.liveNodes()).toBe(2);

    await second.leave();
    await first.leave();
    await Promise.all(links.map(closeRedis));
  });
});

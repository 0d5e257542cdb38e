import { describe, expect, it } from 'vitest';
import { infoFields, redisUse, type RedisCounters } from './redis-use.js';

const counters = (port: number, master: boolean, calls: Record<string, number>, inBytes: number, outBytes: number): RedisCounters => ({
  port,
  master,
  calls,
  netInputBytes: inBytes,
  netOutputBytes: outBytes,
  cpuSeconds: inBytes / 1e4,
  usedMemoryBytes: inBytes * 10,
  keys: port * 2,
});

describe("Redis's work per move", () => {
  it('reads INFO fields, skipping section headers', () => {
    const fields = infoFields('# Stats\r\ntotal_net_input_bytes:120\r\ncmdstat_evalsha:calls=7,usec=70\r\n');
    expect(fields.get('total_net_input_bytes')).toBe('120');
    expect(fields.get('cmdstat_evalsha')).toBe('calls=7,usec=70');
    expect(fields.has('# Stats')).toBe(false);
  });

  it('counts commands on masters only, and bytes by role, over the window', () => {
    const before = [counters(1, true, { evalsha: 10, spublish: 5 }, 1000, 2000), counters(2, false, { evalsha: 10 }, 500, 0)];
    const after = [counters(1, true, { evalsha: 30, spublish: 15, wait: 20 }, 5000, 4000), counters(2, false, { evalsha: 30 }, 2500, 100)];
    expect(redisUse(before, after, 20)).toEqual({
      commandsPerMove: { evalsha: 1, wait: 1, spublish: 0.5 },
      totalCommandsPerMove: 2.5,
      masterBytesInPerMove: 200,
      masterBytesOutPerMove: 100,
      replicaBytesInPerMove: 100,
      masterCpuMicrosPerMove: 20_000,
      replicaCpuMicrosPerMove: 10_000,
      masterMemoryBytes: 50_000,
      masterKeys: 2,
    });
    expect(redisUse(before, after, 0)).toBeNull();
  });
});

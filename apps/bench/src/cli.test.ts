import { describe, expect, it } from 'vitest';
import { LADDER_ROOMS, parseLoadArgs } from './cli.js';

describe('bench:load options', () => {
  it('run one point of 100 rooms of 6 phones and 2 spectators against both targets by default', () => {
    const plan = parseLoadArgs([]);
    expect(plan.preset).toBe('point');
    expect(plan.points).toEqual([{ rooms: 100, players: 6, spectators: 2, rate: 1 }]);
    expect(plan.targets).toEqual(['ours', 'floor']);
    expect(plan).toMatchObject({ nodes: 1, store: 'sqlite', redisUrl: null, repeat: 1, profile: false });
    expect(plan.criteria.p99Ms).toBe(100);
  });

  it('step the ladder through the budget’s room counts, or through the ones given', () => {
    expect(parseLoadArgs(['--ladder']).points.map((p) => p.rooms)).toEqual(LADDER_ROOMS);
    expect(parseLoadArgs(['--ladder', '--ladder-rooms', '300,50,300']).points.map((p) => p.rooms)).toEqual([50, 300]);
    expect(() => parseLoadArgs(['--ladder', '--rooms', '5'])).toThrow(/ladder-rooms/);
  });

  it('make the crowd one room of 1,000 spectators judged at 200 ms', () => {
    const plan = parseLoadArgs(['--crowd']);
    expect(plan.points).toEqual([{ rooms: 1, players: 6, spectators: 1000, rate: 1 }]);
    expect(plan.criteria.p99Ms).toBe(200);
  });

  it('make the storm 20 playing rooms judged at 100 ms while 1,000 spectators crowd into one more', () => {
    const plan = parseLoadArgs(['--storm']);
    expect(plan.points).toEqual([{ rooms: 20, players: 6, spectators: 2, rate: 1 }]);
    expect(plan.storm).toBe(1000);
    expect(plan.criteria.p99Ms).toBe(100);
    expect(parseLoadArgs(['--quick']).storm).toBe(0);
    expect(parseLoadArgs(['--storm', '--storm-size', '300']).storm).toBe(300);
  });

  it('let explicit options win over the preset, and skip the runner’s leading --', () => {
    const plan = parseLoadArgs(['--', '--quick', '--rooms', '7', '--rate', '0.5', '--duration', '3', '--target', 'ours']);
    expect(plan.points).toEqual([{ rooms: 7, players: 6, spectators: 2, rate: 0.5 }]);
    expect(plan.durationMs).toBe(3000);
    expect(plan.targets).toEqual(['ours']);
  });

  it('take several nodes only on Redis, and Redis only on this machine', () => {
    expect(parseLoadArgs(['--nodes', '2', '--store', 'redis'])).toMatchObject({ nodes: 2, store: 'redis', redisUrl: null });
    expect(parseLoadArgs(['--store', 'redis', '--redis-url', 'redis://127.0.0.1:7000'])).toMatchObject({
      redisUrl: 'redis://127.0.0.1:7000',
    });
    expect(() => parseLoadArgs(['--nodes', '2'])).toThrow(/redis/);
    expect(() => parseLoadArgs(['--redis-url', 'redis://127.0.0.1:7000'])).toThrow(/--store redis/);
    expect(parseLoadArgs(['--nodes', '2', '--store', 'redis-cluster'])).toMatchObject({ nodes: 2, store: 'redis-cluster', redisUrl: null });
    expect(() => parseLoadArgs(['--store', 'redis-cluster', '--redis-url', 'redis://127.0.0.1:7000'])).toThrow(/--store redis/);
    expect(() => parseLoadArgs(['--store', 'memcached'])).toThrow(/redis-cluster/);
    expect(() => parseLoadArgs(['--store', 'redis', '--redis-url', 'redis://10.0.0.5:6379'])).toThrow(/this machine/);
  });

  it('refuse what it cannot read', () => {
    expect(() => parseLoadArgs(['--rooms', 'many'])).toThrow(/whole number/);
    expect(() => parseLoadArgs(['--quick', '--crowd'])).toThrow(/one of/);
    expect(() => parseLoadArgs(['--target', 'theirs'])).toThrow(/ours, floor or both/);
    expect(() => parseLoadArgs(['--fast'])).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { summarise } from './latency.js';
import type { PointResult } from './point.js';
import { describeErrors, formatCapacity, formatProfile, formatRuns, ladderSteps, type JudgedRun } from './report.js';

function run(target: PointResult['target'], rooms: number, passed: boolean): JudgedRun {
  return {
    passed,
    reasons: passed ? [] : ['p99 180.0 ms ≥ 100 ms'],
    result: {
      target,
      workload: { rooms, players: 6, spectators: 2, rate: 1 },
      sockets: rooms * 9,
      windowSeconds: 20,
      offeredPerSecond: rooms * 6,
      achievedPerSecond: rooms * 6 - 1,
      latency: summarise([2, 4, 6, 180]),
      errors: {},
      timeouts: 0,
      missedBeats: 0,
      olderViews: 0,
      server: { cpuPercent: 73.4, rssMb: 151.2, peakRssMb: 160 },
      generator: { cpuPercent: 41, eventLoopDelayP99Ms: 11.2 },
      machine: { otherCpuPercent: 2, loadAverage: 0.3 },
      viewBytes: { public: 1204, seatPart: 871, partsPerMove: 1.83, perSocketPerMove: 1490 },
      storm: null,
    },
  };
}

describe('the report', () => {
  it('prints one row per run with its figures and verdict', () => {
    const table = formatRuns([run('ours', 500, true), run('floor', 500, false)]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('| view bytes public / seat part | parts per move | view bytes per socket per move | verdict |');
    expect(lines[2]).toContain('| ours | 500 | 4,500 | 3,000 | 2,999 | 4.0 | 180 | 180 | 180 | 0 | 0 | 73 % | 151 |');
    expect(lines[2]).toContain('| 1,204 / 871 | 1.83 | 1,490 | pass |');
    expect(lines[3]).toContain('fail: p99 180.0 ms ≥ 100 ms');
  });

  it('lists errors by code, most frequent first', () => {
    expect(describeErrors({})).toBe('0');
    expect(describeErrors({ 'socket/transport-close': 1, 'room/stale-version': 2 })).toBe(
      '3 (room/stale-version 2, socket/transport-close 1)',
    );
  });

  it('passes a point only when every run of it passed', () => {
    const runs = [run('ours', 50, true), run('ours', 50, false), run('ours', 100, true), run('floor', 50, true)];
    expect(ladderSteps(runs, 'ours')).toEqual([
      { rooms: 50, passed: false },
      { rooms: 100, passed: true },
    ]);
  });

  it('states each target’s capacity and ours as a share of the floor’s', () => {
    const runs = [run('ours', 50, true), run('ours', 100, false), run('floor', 50, true), run('floor', 100, true)];
    expect(formatCapacity(runs, 100)).toBe(
      [
        'Highest passing point, ours: 50 rooms',
        'Highest passing point, floor: 100 rooms (the top of the ladder)',
        "Our capacity / the floor's: 0.50 (the floor passed the top step, so its real capacity may be higher)",
      ].join('\n'),
    );
    expect(formatCapacity([run('ours', 50, false), run('floor', 50, true)], 100)).toContain('ours: none');
  });

  it('prints a profile as tables of areas and functions', () => {
    const share = { name: 'socket.io', ms: 1200, percent: 30 };
    const text = formatProfile({ totalMs: 4000, idlePercent: 20, areas: [share], selfTop: [], oursInclusive: [] });
    expect(text).toContain('Sampled 4,000 ms, of which idle 20.0 %.');
    expect(text).toContain('| socket.io | 1,200 | 30.0 % |');
  });
});

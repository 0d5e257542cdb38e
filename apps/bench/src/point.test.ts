import { describe, expect, it } from 'vitest';
import { summarise } from './latency.js';
import { capacityRatio, highestPassing, LADDER_CRITERIA, verdict, type PointResult } from './point.js';

function result(over: Partial<PointResult> = {}): PointResult {
  return {
    target: 'ours',
    workload: { rooms: 10, players: 6, spectators: 2, rate: 1 },
    sockets: 90,
    windowSeconds: 20,
    offeredPerSecond: 60,
    achievedPerSecond: 59,
    latency: summarise(Array.from({ length: 1000 }, (_, i) => (i < 995 ? 5 : 80))),
    errors: {},
    timeouts: 0,
    missedBeats: 0,
    olderViews: 0,
    server: { cpuPercent: 50, rssMb: 100, peakRssMb: 110 },
    generator: { cpuPercent: 30, eventLoopDelayP99Ms: 12 },
    machine: { otherCpuPercent: 3, loadAverage: 0.4 },
    viewBytes: { public: 1300, seatPart: 900, partsPerMove: 1.8, perSocketPerMove: 1400 },
    storm: null,
    ...over,
  };
}

describe('a point’s verdict', () => {
  it('passes a run under the p99 limit with no errors, no timeouts and the load carried', () => {
    expect(verdict(result(), LADDER_CRITERIA)).toEqual({ passed: true, reasons: [] });
  });

  it('fails on a slow p99, any error, any timeout or a load not carried, naming each reason', () => {
    const slow = result({ latency: summarise([5, 5, 150]) });
    expect(verdict(slow, LADDER_CRITERIA).reasons).toEqual(['p99 150.0 ms ≥ 100 ms']);
    const bad = result({ errors: { 'room/stale-version': 1 }, timeouts: 2, achievedPerSecond: 30 });
    expect(verdict(bad, LADDER_CRITERIA)).toEqual({
      passed: false,
      reasons: ['1 errors', '2 timeouts', 'achieved 50 % of offered < 90 %'],
    });
  });

  it('never passes a run in which no move was measured', () => {
    expect(verdict(result({ latency: summarise([]) }), LADDER_CRITERIA).passed).toBe(false);
  });
});

describe('ladder capacity', () => {
  it('is the highest step with every step below it passing', () => {
    const steps = [
      { rooms: 200, passed: true },
      { rooms: 50, passed: true },
      { rooms: 300, passed: false },
      { rooms: 400, passed: true },
    ];
    expect(highestPassing(steps)).toBe(200);
    expect(highestPassing([{ rooms: 50, passed: false }])).toBeNull();
    expect(highestPassing([])).toBeNull();
  });

  it('compares ours with the floor only when both carried something', () => {
    expect(capacityRatio(400, 500)).toBe(0.8);
    expect(capacityRatio(null, 500)).toBeNull();
    expect(capacityRatio(400, null)).toBeNull();
  });
});

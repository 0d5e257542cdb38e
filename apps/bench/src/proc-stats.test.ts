import { describe, expect, it } from 'vitest';
import { busyTicksFromProcStat, clockTicksPerSecond, cpuPercent, cpuTicksFromStat, memoryFromStatus, sampleProcess } from './proc-stats.js';

const stat = (comm: string) =>
  `4242 (${comm}) S 1 4242 4242 0 -1 4194560 9120 0 0 0 731 269 0 0 20 0 11 0 172953 1109934080 52000 18446744073709551615 0 0 0`;

describe('reading /proc', () => {
  it('adds user and system ticks, even when the command name has spaces and parentheses', () => {
    expect(cpuTicksFromStat(stat('node'))).toBe(1000);
    expect(cpuTicksFromStat(stat('a (weird) name'))).toBe(1000);
  });

  it('reads resident and peak memory in KiB', () => {
    const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  153600 kB\nThreads:\t11\n';
    expect(memoryFromStatus(status)).toEqual({ rssKb: 153600, peakRssKb: 204800 });
    expect(() => memoryFromStatus('Name:\tnode\n')).toThrow(/VmRSS/);
  });

  it('turns ticks over wall time into a share of one core', () => {
    const hz = clockTicksPerSecond();
    const before = { cpuTicks: 0, rssKb: 0, peakRssKb: 0 };
    expect(cpuPercent(before, { ...before, cpuTicks: hz * 3 }, 2000)).toBeCloseTo(150);
    expect(Number.isNaN(cpuPercent(before, before, 0))).toBe(true);
  });

  it('counts the machine busy without idle, I/O wait or guest time', () => {
    expect(busyTicksFromProcStat('cpu  100 5 20 1000 7 1 2 3 40 0\ncpu0 50 2 10 500 3 0 1 1 0 0\n')).toBe(131);
    expect(() => busyTicksFromProcStat('intr 1 2 3')).toThrow();
  });

  it('samples this very process', () => {
    const sample = sampleProcess(process.pid);
    expect(sample.rssKb).toBeGreaterThan(1000);
    expect(sample.peakRssKb).toBeGreaterThanOrEqual(sample.rssKb);
  });
});

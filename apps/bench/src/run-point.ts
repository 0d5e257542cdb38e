import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LoadPlan } from './cli.js';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './cpu-profile.js';
import { DEFAULT_FLOOR_SIZES, type FloorSizes } from './floor-server.js';
import { LoadGenerator, type LoadOutcome } from './generator.js';
import { summarise } from './latency.js';
import type { PointResult, TargetKind, Workload } from './point.js';
import { cpuPercent, machineBusyTicks, sampleProcess, type ProcessSample } from './proc-stats.js';
import { readCounters, redisUse, type RedisCounters } from './redis-use.js';
import { removeWorkDir, startFloor, startOurs, type RunningTarget } from './targets.js';
import { floorMove, wfgtsMove } from './wfgts-moves.js';

/** One run's result, with the profile of our server when one was asked for. */
export interface PointRun {
  result: PointResult;
  profile: { file: string; summary: ProfileSummary } | null;
}

/** Where profiles are kept after their run's directory is removed. */
export const PROFILE_DIR = join(tmpdir(), 'rollcall-bench-profiles');

interface Snapshot {
  at: number;
  servers: ProcessSample[];
  self: ProcessSample;
  machineTicks: number;
}

function snapshot(pids: number[]): Snapshot {
  return {
    at: performance.now(),
    servers: pids.map(sampleProcess),
    self: sampleProcess(process.pid),
    machineTicks: machineBusyTicks(),
  };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Run one workload against one target: start it, load it, measure, stop it. */
export async function runPoint(
  plan: LoadPlan,
  target: TargetKind,
  workload: Workload,
  floorSizes: FloorSizes | null,
): Promise<PointRun> {
  const loadAverage = loadavg()[0] ?? Number.NaN;
  const running: RunningTarget =
    target === 'ours'
      ? await startOurs({
          nodes: plan.nodes,
          store: plan.store,
          redisUrl: plan.redisUrl,
          profile: plan.profile,
          serverDir: plan.serverDir,
        })
      : await startFloor(floorSizes ?? DEFAULT_FLOOR_SIZES);
  const generator = new LoadGenerator({
    urls: running.urls,
    workload,
    game: target === 'ours' ? 'wfgts' : null,
    choose: target === 'ours' ? wfgtsMove : floorMove,
    warmupMs: plan.warmupMs,
    durationMs: plan.durationMs,
    timeoutMs: plan.timeoutMs,
    storm: plan.storm,
  });
  const window: { before?: Snapshot; after?: Snapshot } = {};
  // Redis's own counters as the window opens and closes (read in the background: a few milliseconds off at most).
  const redisCounters = () => Promise.all(running.redisPorts.map(readCounters));
  const redisWindow: { before?: Promise<RedisCounters[]>; after?: Promise<RedisCounters[]> } = {};
  let rssPeakKb = 0;
  let watcher: NodeJS.Timeout | undefined;
  let outcome: LoadOutcome;
  let setupError: string | null = null;
  try {
    await generator.setup();
  } catch (err) {
    setupError = (err as Error).message;
  }
  try {
    if (setupError !== null) {
      outcome = {
        windowMs: 0,
        accepted: 0,
        latencies: [],
        errors: { [`setup: ${setupError}`]: 1 },
        timeouts: 0,
        missedBeats: 0,
        olderViews: 0,
        viewBytes: { public: 0, seatPart: 0, partsPerMove: 0, perSocketPerMove: 0 },
        storm: null,
        generator: { cpuPercent: Number.NaN, eventLoopDelayP99Ms: Number.NaN },
      };
    } else {
      outcome = await generator.run({
        opened() {
          window.before = snapshot(running.pids);
          redisWindow.before = redisCounters();
          watcher = setInterval(() => {
            rssPeakKb = Math.max(rssPeakKb, sum(running.pids.map((pid) => sampleProcess(pid).rssKb)));
          }, 1000);
        },
        closed() {
          clearInterval(watcher);
          window.after = snapshot(running.pids);
          redisWindow.after = redisCounters();
        },
      });
    }
  } finally {
    clearInterval(watcher);
    generator.close();
  }
  const [redisBefore, redisAfter] = await Promise.all([redisWindow.before, redisWindow.after]).catch(() => [undefined, undefined]);
  const profiles = await running.stop();

  const { before: s0, after: s1 } = window;
  const elapsed = s0 !== undefined && s1 !== undefined ? s1.at - s0.at : 0;
  const serverTicks = (s: Snapshot | undefined) => sum(s?.servers.map((p) => p.cpuTicks) ?? []);
  const zero: ProcessSample = { cpuTicks: 0, rssKb: 0, peakRssKb: 0 };
  const serverCpu = cpuPercent(
    { ...zero, cpuTicks: serverTicks(s0) },
    { ...zero, cpuTicks: serverTicks(s1) },
    elapsed,
  );
  const machineCpu = cpuPercent({ ...zero, cpuTicks: s0?.machineTicks ?? 0 }, { ...zero, cpuTicks: s1?.machineTicks ?? 0 }, elapsed);
  const selfCpu = s0 !== undefined && s1 !== undefined ? cpuPercent(s0.self, s1.self, elapsed) : Number.NaN;
  const rssKb = sum(s1?.servers.map((p) => p.rssKb) ?? []);
  const windowSeconds = outcome.windowMs / 1000;

  const result: PointResult = {
    target,
    workload,
    sockets: workload.rooms * (1 + workload.players + workload.spectators),
    windowSeconds,
    offeredPerSecond: workload.rooms * workload.players * workload.rate,
    achievedPerSecond: windowSeconds === 0 ? 0 : outcome.accepted / windowSeconds,
    latency: summarise(outcome.latencies),
    errors: outcome.errors,
    timeouts: outcome.timeouts,
    missedBeats: outcome.missedBeats,
    olderViews: outcome.olderViews,
    server: { cpuPercent: serverCpu, rssMb: rssKb / 1024, peakRssMb: Math.max(rssPeakKb, rssKb) / 1024 },
    generator: outcome.generator,
    machine: { otherCpuPercent: Math.max(0, machineCpu - serverCpu - selfCpu), loadAverage },
    viewBytes: outcome.viewBytes,
    storm: outcome.storm,
    redis: redisBefore !== undefined && redisAfter !== undefined ? redisUse(redisBefore, redisAfter, outcome.accepted) : null,
  };

  let profile: PointRun['profile'] = null;
  const file = profiles[0];
  if (file !== undefined && s0 !== undefined && s1 !== undefined) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    const kept = join(PROFILE_DIR, `${Date.now()}-${workload.rooms}-rooms-${basename(file)}`);
    copyFileSync(file, kept);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    // The profiler starts with the process; the window's offsets from the spawn are close enough at this scale.
    const summary = summariseProfile(parsed, {
      fromMs: s0.at - running.spawnedAt,
      toMs: s1.at - running.spawnedAt,
    });
    profile = { file: kept, summary };
  }
  removeWorkDir(running);
  return { result, profile };
}

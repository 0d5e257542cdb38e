/** `pnpm bench:load`: load our server and the floor with scripted wfgts rooms and report. */
import { writeFileSync } from 'node:fs';
import { parseLoadArgs, USAGE, type LoadPlan } from './cli.js';
import { DEFAULT_FLOOR_SIZES, type FloorSizes } from './floor-server.js';
import { describeMachine, waitForQuietMachine } from './machine.js';
import { verdict } from './point.js';
import { formatCapacity, formatProfile, formatRuns, type JudgedRun } from './report.js';
import { runPoint } from './run-point.js';

function describePlan(plan: LoadPlan): string {
  const { players, spectators, rate } = plan.points[0] ?? { players: 0, spectators: 0, rate: 0 };
  const rooms = plan.points.map((p) => p.rooms).join(', ');
  return [
    `workload: ${rooms} room(s) × (${players} phones + ${spectators} spectators + 1 TV), ${rate} move/s per phone, open loop with random phase`,
    `warm-up ${plan.warmupMs / 1000} s, measured ${plan.durationMs / 1000} s, ${plan.repeat} run(s) per point, timeout ${plan.timeoutMs} ms`,
    `ours: ${plan.nodes} process(es), store ${plan.store}, persistence on, test mode off, log level info; pass: p99 < ${plan.criteria.p99Ms} ms, no error, no timeout, ≥ ${plan.criteria.minAchievedShare * 100} % of offered moves accepted`,
  ].join('\n');
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  let plan: LoadPlan;
  try {
    plan = parseLoadArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const say = (line: string) => console.log(line);
  say(`# Rollcall load benchmark (${plan.preset})`);
  say(describeMachine());
  say(describePlan(plan));
  if (plan.waitQuiet) {
    const { quiet, loadAverage } = await waitForQuietMachine(say);
    say(quiet ? `machine quiet (load average ${loadAverage.toFixed(2)})` : 'figures taken on a busy machine');
  }

  const runs: JudgedRun[] = [];
  const stopped = new Set<string>();
  let sizes: FloorSizes = DEFAULT_FLOOR_SIZES;
  for (const workload of plan.points) {
    for (let n = 1; n <= plan.repeat; n++) {
      for (const target of plan.targets) {
        if (stopped.has(target)) continue;
        const { result, profile } = await runPoint(plan, target, workload, sizes);
        if (target === 'ours' && result.viewBytes.seatPart > 0) {
          sizes = { public: result.viewBytes.public, seatPart: result.viewBytes.seatPart };
        }
        const judged = { result, ...verdict(result, plan.criteria) };
        runs.push(judged);
        const l = result.latency;
        say(
          `${target} ${workload.rooms} rooms, run ${n}/${plan.repeat}: p50 ${l.p50.toFixed(1)} p99 ${l.p99.toFixed(1)} max ${l.max.toFixed(1)} ms, ` +
            `${result.achievedPerSecond.toFixed(0)}/${result.offeredPerSecond.toFixed(0)} moves/s, server CPU ${result.server.cpuPercent.toFixed(0)} %, ` +
            `${result.missedBeats} missed beats, ${result.olderViews} views out of order, load avg ${result.machine.loadAverage.toFixed(2)} → ${judged.passed ? 'pass' : `fail (${judged.reasons.join('; ')})`}`,
        );
        if (result.storm !== null) {
          const st = result.storm;
          say(
            `  storm: ${st.joined} spectators joined one more room in ${st.joinSeconds.toFixed(1)} s; its sockets received ${st.views} views ` +
              `(${(st.views / Math.max(1, st.joined)).toFixed(1)} per spectator); the other rooms' moves above were measured meanwhile`,
          );
        }
        if (result.redis != null) {
          const r = result.redis;
          const commands = Object.entries(r.commandsPerMove)
            .filter(([, n]) => n >= 0.05)
            .map(([name, n]) => `${name} ${n.toFixed(2)}`)
            .join(', ');
          say(
            `  Redis per move: ${r.totalCommandsPerMove.toFixed(1)} commands on the masters (${commands}); ` +
              `CPU ${Math.round(r.masterCpuMicrosPerMove)} µs on masters, ${Math.round(r.replicaCpuMicrosPerMove)} µs on replicas; ` +
              `masters ${Math.round(r.masterBytesInPerMove)} B in, ${Math.round(r.masterBytesOutPerMove)} B out; replicas ${Math.round(r.replicaBytesInPerMove)} B in; ` +
              `masters hold ${(r.masterMemoryBytes / 1e6).toFixed(1)} MB in ${r.masterKeys} keys at the end`,
          );
        }
        if (profile !== null) {
          say(`\nCPU profile of our server over the window (${profile.file}):\n\n${formatProfile(profile.summary)}\n`);
        }
      }
    }
    // A ladder stops climbing for a target once a step fails: the steps above would only take time.
    if (plan.preset === 'ladder') {
      for (const target of plan.targets) {
        if (runs.some((r) => r.result.target === target && r.result.workload.rooms === workload.rooms && !r.passed)) {
          stopped.add(target);
        }
      }
    }
  }

  say('');
  say(formatRuns(runs));
  if (plan.preset === 'ladder') {
    say('');
    say(formatCapacity(runs, Math.max(...plan.points.map((p) => p.rooms))));
  }
  if (plan.json !== null) writeFileSync(plan.json, JSON.stringify({ plan, machine: describeMachine(), runs }, null, 2));
}

await main();

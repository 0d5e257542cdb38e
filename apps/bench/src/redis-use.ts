/**
 * What Redis did over a run's window, read from its own counters (`INFO
 * commandstats`, `INFO stats`, `INFO replication`) on every server of the
 * run's private Redis, before and after: commands by name on the masters,
 * and bytes in and out of masters and replicas (a replica's input is the
 * replication stream).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One server's counters at one moment. */
export interface RedisCounters {
  port: number;
  master: boolean;
  /** Calls by command name (lower case, as Redis names them: `evalsha`, `spublish`, …). */
  calls: Record<string, number>;
  netInputBytes: number;
  netOutputBytes: number;
  /** CPU time Redis has used, user and system, in seconds. */
  cpuSeconds: number;
  /** Memory Redis holds for data (`used_memory`), and its keys. */
  usedMemoryBytes: number;
  keys: number;
}

/** Redis's work per accepted move over a window. */
export interface RedisUse {
  /** Commands run on the masters per move, by name, largest first; replication's copies not counted. */
  commandsPerMove: Record<string, number>;
  /** All master commands per move. */
  totalCommandsPerMove: number;
  /** Bytes the masters received and sent per move (clients and replication). */
  masterBytesInPerMove: number;
  masterBytesOutPerMove: number;
  /** Bytes the replicas received per move: the replication stream. */
  replicaBytesInPerMove: number;
  /** Redis's CPU time per move, in microseconds: masters (commands, pub/sub, replication) and replicas. */
  masterCpuMicrosPerMove: number;
  replicaCpuMicrosPerMove: number;
  /** What the masters hold as the window closes: memory (each server's own base of about a megabyte included) and keys. */
  masterMemoryBytes: number;
  masterKeys: number;
}

/** Parse `INFO` text into its fields. */
export function infoFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) fields.set(line.slice(0, at), line.slice(at + 1));
  }
  return fields;
}

/** Read one server's counters. */
export async function readCounters(port: number): Promise<RedisCounters> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'INFO', 'everything']);
  const fields = infoFields(stdout);
  const calls: Record<string, number> = {};
  for (const [name, value] of fields) {
    if (!name.startsWith('cmdstat_')) continue;
    const count = /calls=(\d+)/.exec(value);
    if (count !== null) calls[name.slice('cmdstat_'.length)] = Number(count[1]);
  }
  return {
    port,
    master: fields.get('role') === 'master',
    calls,
    netInputBytes: Number(fields.get('total_net_input_bytes') ?? 0),
    netOutputBytes: Number(fields.get('total_net_output_bytes') ?? 0),
    cpuSeconds: Number(fields.get('used_cpu_user') ?? 0) + Number(fields.get('used_cpu_sys') ?? 0),
    usedMemoryBytes: Number(fields.get('used_memory') ?? 0),
    keys: Number(/keys=(\d+)/.exec(fields.get('db0') ?? '')?.[1] ?? 0),
  };
}

/** Redis's work between two readings of the same servers, per accepted move. */
export function redisUse(before: RedisCounters[], after: RedisCounters[], moves: number): RedisUse | null {
  if (moves === 0 || before.length === 0) return null;
  const commands: Record<string, number> = {};
  let masterIn = 0;
  let masterOut = 0;
  let replicaIn = 0;
  let memory = 0;
  let masterCpu = 0;
  let replicaCpu = 0;
  let keys = 0;
  for (const end of after) {
    const start = before.find((b) => b.port === end.port);
    if (start === undefined) continue;
    // A server's role can change in a window (a failover); it counts as what it was at the end.
    if (end.master) {
      for (const [name, calls] of Object.entries(end.calls)) {
        const delta = calls - (start.calls[name] ?? 0);
        if (delta > 0) commands[name] = (commands[name] ?? 0) + delta;
      }
      masterIn += end.netInputBytes - start.netInputBytes;
      masterOut += end.netOutputBytes - start.netOutputBytes;
      memory += end.usedMemoryBytes;
      masterCpu += end.cpuSeconds - start.cpuSeconds;
      keys += end.keys;
    } else {
      replicaIn += end.netInputBytes - start.netInputBytes;
      replicaCpu += end.cpuSeconds - start.cpuSeconds;
    }
  }
  const perMove = Object.entries(commands)
    .map(([name, calls]) => [name, calls / moves] as const)
    .sort((a, b) => b[1] - a[1]);
  return {
    commandsPerMove: Object.fromEntries(perMove),
    totalCommandsPerMove: perMove.reduce((sum, [, n]) => sum + n, 0),
    masterBytesInPerMove: masterIn / moves,
    masterBytesOutPerMove: masterOut / moves,
    replicaBytesInPerMove: replicaIn / moves,
    masterCpuMicrosPerMove: (masterCpu * 1e6) / moves,
    replicaCpuMicrosPerMove: (replicaCpu * 1e6) / moves,
    masterMemoryBytes: memory,
    masterKeys: keys,
  };
}

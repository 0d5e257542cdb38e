import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What /proc says about a process at one moment. */
export interface ProcessSample {
  /** CPU time used so far, user plus system, in clock ticks. */
  cpuTicks: number;
  /** Resident memory now, in KiB. */
  rssKb: number;
  /** The most resident memory the process has had, in KiB. */
  peakRssKb: number;
}

/**
 * User plus system CPU ticks from the text of /proc/<pid>/stat. The command
 * name in parentheses may itself hold spaces or parentheses, so fields are
 * counted from the last closing parenthesis: utime and stime are fields 14
 * and 15 of the line, the 12th and 13th after it.
 */
export function cpuTicksFromStat(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('unreadable /proc stat line');
  return utime + stime;
}

/** VmRSS and VmHWM, in KiB, from the text of /proc/<pid>/status. */
export function memoryFromStatus(status: string): { rssKb: number; peakRssKb: number } {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (match?.[1] === undefined) throw new Error(`no ${name} in /proc status`);
    return Number(match[1]);
  };
  return { rssKb: field('VmRSS'), peakRssKb: field('VmHWM') };
}

/** Read a live process's CPU and memory. */
export function sampleProcess(pid: number): ProcessSample {
  const cpuTicks = cpuTicksFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return { cpuTicks, ...memoryFromStatus(readFileSync(`/proc/${pid}/status`, 'utf8')) };
}

/**
 * Busy CPU ticks of the whole machine, all cores, from the first line of
 * /proc/stat: everything but idle and waiting on I/O. Guest time is already
 * counted inside user time, so the guest columns are left out.
 */
export function busyTicksFromProcStat(text: string): number {
  const line = text.split('\n', 1)[0] ?? '';
  const [label, ...fields] = line.trim().split(/\s+/);
  if (label !== 'cpu' || fields.length < 4) throw new Error('unreadable /proc/stat');
  const [user, nice, system, idle, , irq, softirq, steal] = fields.map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, n) => sum + (n ?? 0), 0);
  if (idle === undefined || !Number.isFinite(busy)) throw new Error('unreadable /proc/stat');
  return busy;
}

/** Busy CPU ticks of the whole machine now. */
export function machineBusyTicks(): number {
  return busyTicksFromProcStat(readFileSync('/proc/stat', 'utf8'));
}

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second (USER_HZ), asked once. */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    ticksPerSecond = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return ticksPerSecond;
}

/** CPU use between two samples as a percentage of one core (200 % = both cores of this machine). */
export function cpuPercent(before: ProcessSample, after: ProcessSample, elapsedMs: number): number {
  if (elapsedMs <= 0) return Number.NaN;
  return ((after.cpuTicks - before.cpuTicks) / clockTicksPerSecond() / (elapsedMs / 1000)) * 100;
}

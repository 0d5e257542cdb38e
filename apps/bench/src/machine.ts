import { cpus, loadavg } from 'node:os';

/** One line naming the machine and when: date, cores, CPU model, Node version. */
export function describeMachine(now = new Date()): string {
  const list = cpus();
  const model = list[0]?.model.trim() ?? 'unknown CPU';
  return `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${list.length} cores (${model}), Node ${process.version}`;
}

/** How long to wait for others' work to finish before measuring, and how often to look. */
const QUIET_LOAD = 1.0;
const POLL_MS = 30_000;
const GIVE_UP_MS = 15 * 60_000;

/**
 * Wait until the 1-minute load average is below 1.0, looking every 30 s and
 * giving up after 15 minutes; says whether the machine was quiet in the end.
 */
export async function waitForQuietMachine(say: (line: string) => void): Promise<{ quiet: boolean; loadAverage: number }> {
  const until = Date.now() + GIVE_UP_MS;
  for (;;) {
    const load = loadavg()[0] ?? 0;
    if (load < QUIET_LOAD) return { quiet: true, loadAverage: load };
    if (Date.now() >= until) {
      say(`load average still ${load.toFixed(2)} after 15 minutes: measuring on a busy machine`);
      return { quiet: false, loadAverage: load };
    }
    say(`load average ${load.toFixed(2)} ≥ ${QUIET_LOAD}: waiting for the machine to quieten down`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

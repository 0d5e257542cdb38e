/** What `node --cpu-prof` writes: a call tree and the samples that hit it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  /** Microseconds, on the profiler's own clock. */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A share of the sampled time. */
export interface Share {
  name: string;
  ms: number;
  percent: number;
}

/** Where a profile's time went. */
export interface ProfileSummary {
  /** Sampled time considered, in ms. */
  totalMs: number;
  /** Time the process had nothing to do. */
  idlePercent: number;
  /** Self time by area: our server's files, each package, Node's internals, the garbage collector. */
  areas: Share[];
  /** The functions with the most self time. */
  selfTop: Share[];
  /** Our own functions (server, rules, protocol) by time spent in them and what they called. */
  oursInclusive: Share[];
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** The part of the code base a script belongs to, from its URL. */
export function areaOf(url: string, functionName: string): string {
  if (SPECIAL.has(functionName)) return functionName;
  const pkg = /node_modules\/\.pnpm\/((?:@[^+/]+\+)?[^@/]+)@/.exec(url) ?? /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1] !== undefined) return pkg[1].replace('+', '/');
  const ours = /\/(apps\/[^/]+|packages\/[^/]+)\/(?:src\/)?(.+)$/.exec(url);
  if (ours?.[1] !== undefined) return ours[1] === 'apps/server' ? `server ${ours[2] ?? ''}` : ours[1];
  if (url.startsWith('node:')) return 'node internals';
  if (url === '') return 'V8 builtins and native code';
  return url;
}

/** Whether a script is this repository's own code rather than a dependency's. */
function isOurs(url: string): boolean {
  return !url.includes('node_modules') && /\/(apps|packages)\/[^/]+\//.test(url);
}

function functionLabel(frame: { functionName: string; url: string; lineNumber: number }): string {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  if (frame.url === '') return name;
  const short = frame.url.replace(/^file:\/\//, '').replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/');
  return `${name} ${short}:${frame.lineNumber + 1}`;
}

const top = (table: Map<string, number>, total: number, limit: number): Share[] =>
  [...table.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => ({ name, ms: us / 1000, percent: total === 0 ? 0 : (us / total) * 100 }));

/**
 * Summarise a profile, optionally only the samples between `fromMs` and
 * `toMs` after the profile started (to keep set-up and shutdown out).
 */
export function summariseProfile(profile: CpuProfile, window: { fromMs?: number; toMs?: number } = {}, limit = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const from = (window.fromMs ?? 0) * 1000;
  const to = (window.toMs ?? Number.POSITIVE_INFINITY) * 1000;
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    // Each delta is the time before its sample; it is charged to that sample.
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    const node = byId.get(id);
    if (node === undefined) return;
    total += delta;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') idle += delta;
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    const label = SPECIAL.has(frame.functionName) ? frame.functionName : functionLabel(frame);
    self.set(label, (self.get(label) ?? 0) + delta);
    const counted = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)?.callFrame;
      if (f === undefined || !isOurs(f.url)) continue;
      const name = functionLabel(f);
      if (counted.has(name)) continue;
      counted.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  });
  return {
    totalMs: total / 1000,
    idlePercent: total === 0 ? 0 : (idle / total) * 100,
    areas: top(areas, total, limit),
    selfTop: top(self, total, limit),
    oursInclusive: top(inclusive, total, limit),
  };
}

/** Reading Prometheus's text format in tests: what a scrape of `/metrics` says. */

/** One sample: the metric's name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample in a scrape, comments left out. */
export function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = line.startsWith('#') ? null : SAMPLE.exec(line);
    if (match === null) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((l) => [l[1]!, l[2]!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The sum of the samples named so whose labels include `labels`; throws when there is none. */
export function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length === 0) throw new Error(`no sample ${name} ${JSON.stringify(labels)} in the scrape`);
  return found.reduce((sum, s) => sum + s.value, 0);
}

/** The metric families a scrape declares (`# TYPE name type`), by name. */
export function families(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

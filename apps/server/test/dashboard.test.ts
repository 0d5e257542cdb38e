/**
 * The Grafana dashboard (deploy/grafana/rollcall.json) queries only metrics
 * the server exports, so renaming one fails here rather than leaving an empty
 * panel. That its queries are PromQL Prometheus runs: prometheus.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { dashboardQueries } from './dashboard-queries.js';
import { closeAfterTest, dataDirForTest } from './harness.js';
import { families } from './metrics-text.js';

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'and', 'or', 'unless']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords, label names or numbers. */
function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter((m) => m[2] === undefined && !KEYWORDS.has(m[1]!))
    .map((m) => m[1]!);
}

/** The family a sample name belongs to: itself, or a histogram's or summary's without its suffix. */
function familyOf(name: string, declared: Map<string, string>): string | null {
  if (declared.has(name)) return name;
  const suffix = /_(bucket|sum|count)$/.exec(name);
  const base = suffix === null ? null : name.slice(0, -suffix[0].length);
  const type = base === null ? undefined : declared.get(base);
  if (type === 'histogram' || (type === 'summary' && suffix?.[1] !== 'bucket')) return base;
  return null;
}

describe('the Grafana dashboard', () => {
  it('reads metric names out of its queries', () => {
    expect(metricsIn('histogram_quantile(0.99, sum by (instance, le) (rate(rollcall_move_seconds_bucket[5m])))')).toEqual([
      'rollcall_move_seconds_bucket',
    ]);
    expect(metricsIn('sum(rate(rollcall_commits_total{outcome!="stored"}[5m])) / on (instance) group_left up')).toEqual([
      'rollcall_commits_total',
      'up',
    ]);
  });

  it('queries only metrics the server exports', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDirForTest(), METRICS_TOKEN: 'dashboard-test-token' });
    const app = closeAfterTest(await buildApp(config));
    const scrape = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer dashboard-test-token' } });
    expect(scrape.statusCode).toBe(200);
    const declared = families(scrape.body);

    const queries = dashboardQueries();
    expect(queries.length).toBeGreaterThanOrEqual(9);
    const read = queries.flatMap(({ panel, expr }) => metricsIn(expr).map((name) => ({ panel, name })));
    expect(read.filter(({ name }) => familyOf(name, declared) === null)).toEqual([]);
    // Every panel reads something, and the service's own metrics are all on the dashboard.
    expect(new Set(queries.map((q) => q.panel)).size).toBe(new Set(read.map((r) => r.panel)).size);
    const shown = new Set(read.map(({ name }) => familyOf(name, declared)));
    expect([...declared.keys()].filter((name) => name.startsWith('rollcall_') && !shown.has(name))).toEqual([]);
  });
});

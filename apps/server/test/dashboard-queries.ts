/** The queries of the Grafana dashboard (deploy/grafana/rollcall.json), for the tests that check them. */
import { readFileSync } from 'node:fs';

const DASHBOARD = new URL('../../../deploy/grafana/rollcall.json', import.meta.url);

interface Dashboard {
  panels: { title: string; targets: { expr: string }[] }[];
}

/** Every query of every panel of the dashboard, with its panel's title. */
export function dashboardQueries(): { panel: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  return dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr })));
}

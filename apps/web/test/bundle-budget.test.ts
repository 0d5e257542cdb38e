/**
 * The phone's download for each game stays within its budget, measured on the
 * build the browser tests run against: a library that grows, or one that
 * lands in the phone's shared part by an import, fails here rather than in a
 * player's data plan. So does a game's engine (or immer) reaching a phone,
 * TV or spectator screen, which only replaying a record needs.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/measure-bundle.js', import.meta.url));

describe('the phone bundle', () => {
  it('fits 150 KB gzip for every game on its own', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/A phone playing one game/);
    expect(run.stdout).toMatch(/What only replaying a record adds \(every game's engine, immer\): [\d.]+ KB gzip in _app\//);
    expect(run.status).toBe(0);
  });
});

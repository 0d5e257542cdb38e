import { describe, expect, it } from 'vitest';
import { areaOf, summariseProfile, type CpuProfile } from './cpu-profile.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
const SERVER = 'file:///work/main/apps/server/src/room-service.ts';
const SOCKET = 'file:///work/main/node_modules/.pnpm/socket.io@4.8.4/node_modules/socket.io/dist/socket.js';

/** root → publish (ours) → emit (socket.io) → stringify (native); root → (idle); root → (garbage collector). */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
    { id: 2, callFrame: frame('publish', SERVER, 40), children: [3] },
    { id: 3, callFrame: frame('emit', SOCKET, 10), children: [4] },
    { id: 4, callFrame: frame('stringify') },
    { id: 5, callFrame: frame('(idle)') },
    { id: 6, callFrame: frame('(garbage collector)') },
  ],
  startTime: 0,
  endTime: 10_000,
  samples: [2, 3, 4, 4, 5, 5, 5, 5, 6, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('CPU profile summary', () => {
  it('names the area a script belongs to', () => {
    expect(areaOf(SERVER, 'publish')).toBe('server room-service.ts');
    expect(areaOf(SOCKET, 'emit')).toBe('socket.io');
    expect(areaOf('file:///w/node_modules/.pnpm/@fastify+static@8.0.0/node_modules/@fastify/static/index.js', 'f')).toBe('@fastify/static');
    expect(areaOf('file:///work/main/packages/rules/src/games/wfgts/view.ts', 'wfgtsView')).toBe('packages/rules');
    expect(areaOf('node:internal/streams/writable', 'write')).toBe('node internals');
    expect(areaOf('', 'stringify')).toBe('V8 builtins and native code');
    expect(areaOf('', '(garbage collector)')).toBe('(garbage collector)');
  });

  it('charges self time to the sampled function and inclusive time to our callers', () => {
    const summary = summariseProfile(profile);
    expect(summary.totalMs).toBe(10);
    expect(summary.idlePercent).toBe(40);
    expect(summary.selfTop[0]).toEqual({ name: '(idle)', ms: 4, percent: 40 });
    expect(summary.selfTop.find((s) => s.name === 'stringify')?.ms).toBe(2);
    expect(summary.areas.find((a) => a.name === 'socket.io')?.ms).toBe(1);
    expect(summary.oursInclusive).toEqual([{ name: 'publish apps/server/src/room-service.ts:41', ms: 5, percent: 50 }]);
  });

  it('keeps only the samples inside the window asked for', () => {
    const summary = summariseProfile(profile, { fromMs: 4.5, toMs: 9 });
    expect(summary.totalMs).toBe(5);
    expect(summary.idlePercent).toBe(80);
  });
});

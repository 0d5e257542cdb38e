import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults with test mode off', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('./data');
    expect(config.testMode).toBe(false);
    expect(config.store).toBe('sqlite');
    expect(config.store === 'sqlite' && config.sqliteSync).toBe('normal');
    expect(config.publicUrl).toBeNull();
    expect(config.webDir).toMatch(/apps[\\/]web[\\/]build$/);
  });

  it('reads numbers, flags and hours from strings', () => {
    const config = loadConfig({ PORT: '8080', TEST_MODE: 'true', FINISHED_RETENTION_HOURS: '2', JOINS_PER_MINUTE: '30' });
    expect(config.port).toBe(8080);
    expect(config.testMode).toBe(true);
    expect(config.finishedRetentionMs).toBe(2 * 3_600_000);
    expect(config.joinLimit.perSecond).toBeCloseTo(0.5);
  });

  it('misses a silent phone within 9 s unless the heartbeat is set otherwise', () => {
    expect(loadConfig({}).heartbeat).toEqual({ intervalMs: 5000, timeoutMs: 4000 });
    expect(loadConfig({ PING_INTERVAL_MS: '25000', PING_TIMEOUT_MS: '20000' }).heartbeat).toEqual({ intervalMs: 25_000, timeoutMs: 20_000 });
    expect(() => loadConfig({ PING_TIMEOUT_MS: '10' })).toThrow(/PING_TIMEOUT_MS/);
    expect(() => loadConfig({ PING_INTERVAL_MS: '60000' })).toThrow(/PING_INTERVAL_MS/);
  });

  it('flushes every SQLite commit to disk when asked', () => {
    const config = loadConfig({ SQLITE_SYNC: 'full' });
    expect(config.store === 'sqlite' && config.sqliteSync).toBe('full');
  });

  it('swaps in Redis only with an address for it', () => {
    const config = loadConfig({ STORE: 'redis', REDIS_URL: 'redis://cache:6379' });
    expect(config.store).toBe('redis');
    expect(config.redis).toEqual({ urls: ['redis://cache:6379'], cluster: false });
    expect(loadConfig({}).redis).toBeNull();
    expect(() => loadConfig({ STORE: 'redis' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ STORE: 'redis', REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });

  it('serves metrics nowhere unless told, and their own listener on loopback unless told otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' }).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics.host).toBe('0.0.0.0');
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metrics.token).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
  });

  it('reaches a Redis Cluster through any of the nodes it names', () => {
    const config = loadConfig({ STORE: 'redis', REDIS_CLUSTER: 'true', REDIS_URL: 'redis://a:7000, redis://b:7001' });
    expect(config.redis).toEqual({ urls: ['redis://a:7000', 'redis://b:7001'], cluster: true });
    // Several addresses without the flag would be read as one server and the others ignored.
    expect(() => loadConfig({ STORE: 'redis', REDIS_URL: 'redis://a:7000,redis://b:7001' })).toThrow(/REDIS_CLUSTER/);
    expect(() => loadConfig({ STORE: 'redis', REDIS_CLUSTER: 'true', REDIS_URL: 'redis://a:7000,b:7001' })).toThrow(/REDIS_URL/);
  });

  it('refuses values it cannot use, naming them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TEST_MODE: 'maybe' })).toThrow(/TEST_MODE/);
    expect(() => loadConfig({ STORE: 'mongo' })).toThrow(/STORE/);
    expect(() => loadConfig({ SQLITE_SYNC: 'off' })).toThrow(/SQLITE_SYNC/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('slows a guessing connection before its whole address, and names the setting that was replaced', () => {
    const { limits } = loadConfig({});
    expect(limits.wrongCodesPerConnection).toBeLessThan(limits.wrongCodesPerAddressPerHour);
    expect(limits.wrongCodeWaitMaxMs).toBe(60_000);
    expect(() => loadConfig({ WRONG_CODES_PER_ADDRESS_PER_MINUTE: '10' })).toThrow(/WRONG_CODES_PER_ADDRESS_PER_HOUR/);
  });
});

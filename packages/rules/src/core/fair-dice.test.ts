import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientSeedMessage, commitmentOf, diceSeed } from './fair-dice.js';

const serverSeed = '5e'.repeat(32);

describe('commit, then reveal', () => {
  it('commits to a server seed with its SHA-256, as any SHA-256 tool computes it', () => {
    const expected = createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
    expect(commitmentOf(serverSeed)).toBe(expected);
  });

  it('makes the dice seed as HMAC-SHA256 of the client seeds in seat order, keyed by the server seed', () => {
    const clients = ['0a0b0c0d0e0f1011', null, 'ffeeddccbbaa9988'];
    expect(clientSeedMessage(clients)).toBe('0a0b0c0d0e0f1011,,ffeeddccbbaa9988');
    const expected = createHmac('sha256', Buffer.from(serverSeed, 'hex'))
      .update('0a0b0c0d0e0f1011,,ffeeddccbbaa9988')
      .digest('hex');
    expect(Buffer.from(diceSeed(serverSeed, clients)).toString('hex')).toBe(expected);
  });

  it('gives another dice seed when any client seed, their order or the server seed changes', () => {
    const base = Buffer.from(diceSeed(serverSeed, ['aa'.repeat(8), 'bb'.repeat(8)])).toString('hex');
    const others = [
      diceSeed(serverSeed, ['aa'.repeat(8), 'bb'.repeat(7) + 'bc']),
      diceSeed(serverSeed, ['bb'.repeat(8), 'aa'.repeat(8)]),
      diceSeed('5f' + '5e'.repeat(31), ['aa'.repeat(8), 'bb'.repeat(8)]),
    ].map((seed) => Buffer.from(seed).toString('hex'));
    for (const other of others) expect(other).not.toBe(base);
  });

  it('refuses a server seed that is not 32 bytes of hex', () => {
    expect(() => commitmentOf('5e'.repeat(31))).toThrow(RangeError);
    expect(() => diceSeed('XY'.repeat(32), [])).toThrow(RangeError);
  });
});

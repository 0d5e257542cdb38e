import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('the logger', () => {
  it('blanks out tokens and seeds wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger({ logLevel: 'info' }, sink).child({ room: 'ABCD', seat: 1 });
    log.info({ token: 'secret-a', payload: { seatToken: 'secret-b', nested: { hostToken: 'secret-c' } }, testSeed: 'ab' }, 'x');
    const line = lines.join('');
    expect(line).toContain('"room":"ABCD"');
    expect(line).toContain('"seat":1');
    expect(line).not.toMatch(/secret-|"ab"/);
    expect(line).toContain('[redacted]');
  });
});

import { describe, expect, it } from 'vitest';
import { fetchJoinBase, joinAddress, printedAddress } from './join-address.js';

const answering = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('the join address on the TV', () => {
  it('uses the address the server says phones can reach', async () => {
    const base = await fetchJoinBase('http://localhost:3000', answering(200, { publicUrl: 'http://192.168.1.20:3000/' }));
    expect(base).toBe('http://192.168.1.20:3000');
    expect(joinAddress(base, 'ABCD')).toBe('http://192.168.1.20:3000/play/ABCD');
  });

  it("falls back to the page's own address when the server has no answer", async () => {
    expect(await fetchJoinBase('http://tv.local:3000/', answering(404, {}))).toBe('http://tv.local:3000');
    expect(await fetchJoinBase('http://tv.local:3000', answering(200, { publicUrl: null }))).toBe('http://tv.local:3000');
    const failing = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    expect(await fetchJoinBase('http://tv.local:3000', failing)).toBe('http://tv.local:3000');
  });

  it('refuses an address that is not a web address', async () => {
    expect(await fetchJoinBase('http://tv.local', answering(200, { publicUrl: 'javascript:alert(1)' }))).toBe('http://tv.local');
  });

  it('prints the address without its scheme', () => {
    expect(printedAddress('http://192.168.1.20:3000/play/ABCD')).toBe('192.168.1.20:3000/play/ABCD');
    expect(printedAddress('https://rollcall.example/')).toBe('rollcall.example');
  });
});

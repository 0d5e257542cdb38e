import { describe, expect, it } from 'vitest';
import { SeatStorage } from './seat-storage.js';
import { memoryStore, refusingStore } from './test-support/stores.js';

describe('what the browser remembers', () => {
  it('keeps one seat per room, whatever the case of the code', () => {
    const storage = new SeatStorage(memoryStore());
    storage.keepSeat('abcd', { seat: 1, token: 'secret-token-000000' });
    expect(storage.seat('ABCD')).toEqual({ seat: 1, token: 'secret-token-000000' });
    expect(storage.seat('WXYZ')).toBeNull();
    storage.forgetSeat('ABCD');
    expect(storage.seat('abcd')).toBeNull();
  });

  it('treats a damaged entry as no seat', () => {
    const store = memoryStore();
    store.setItem('rollcall:seat:ABCD', '{not json');
    expect(new SeatStorage(store).seat('ABCD')).toBeNull();
    store.setItem('rollcall:seat:ABCD', JSON.stringify({ seat: 'one' }));
    expect(new SeatStorage(store).seat('ABCD')).toBeNull();
  });

  it('carries on without remembering when storage is refused', () => {
    const storage = new SeatStorage(refusingStore);
    expect(() => storage.keepName('Ann')).not.toThrow();
    expect(storage.lastName()).toBe('');
    expect(new SeatStorage(null).hostToken('ABCD')).toBeNull();
  });
});

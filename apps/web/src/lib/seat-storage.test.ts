import { describe, expect, it } from 'vitest';
import { SeatStorage, type KeyValueStore } from './seat-storage.js';

function memory(): KeyValueStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('what the browser remembers', () => {
  it('keeps one seat per room, whatever the case of the code', () => {
    const storage = new SeatStorage(memory());
    storage.keepSeat('abcd', { seat: 1, token: 'secret-token-000000' });
    expect(storage.seat('ABCD')).toEqual({ seat: 1, token: 'secret-token-000000' });
    expect(storage.seat('WXYZ')).toBeNull();
    storage.forgetSeat('ABCD');
    expect(storage.seat('abcd')).toBeNull();
  });

  it('treats a damaged entry as no seat', () => {
    const store = memory();
    store.setItem('rollcall:seat:ABCD', '{not json');
    expect(new SeatStorage(store).seat('ABCD')).toBeNull();
    store.setItem('rollcall:seat:ABCD', JSON.stringify({ seat: 'one' }));
    expect(new SeatStorage(store).seat('ABCD')).toBeNull();
  });

  it('carries on without remembering when storage is refused', () => {
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = new SeatStorage(refusing);
    expect(() => storage.keepName('Ann')).not.toThrow();
    expect(storage.lastName()).toBe('');
    expect(new SeatStorage(null).hostToken('ABCD')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { bestLocale, currentLocale, LOCALE_KEY, pickLocale, startLocale } from './locale.svelte.js';
import { appText } from './messages.js';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("a screen's language", () => {
  it("follows the browser's first preference we speak, by language when the region differs", () => {
    expect(bestLocale(['ja', 'de-AT', 'en'])).toBe('de');
    expect(bestLocale(['pt-PT'])).toBe('pt-BR');
    expect(bestLocale(['pt-BR'])).toBe('pt-BR');
    expect(bestLocale(['fr-CA', 'es'])).toBe('fr');
    expect(bestLocale(['ja', 'zh'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });

  it('prefers what was picked on the device, and remembers a new pick', async () => {
    const storage = memoryStorage();
    await startLocale(storage, ['es']);
    expect(currentLocale()).toBe('es');
    await pickLocale('it', storage);
    expect(storage.getItem(LOCALE_KEY)).toBe('it');
    await startLocale(storage, ['es']);
    expect(currentLocale()).toBe('it');
  });

  it('ignores a remembered value that is not a language we ship', async () => {
    const storage = memoryStorage();
    storage.setItem(LOCALE_KEY, 'xx');
    await startLocale(storage, ['fr']);
    expect(currentLocale()).toBe('fr');
  });

  it('words every message in the language picked', async () => {
    await pickLocale('de', null);
    expect(appText.language_picker_label()).toBe('Sprache');
    await pickLocale('en', null);
    expect(appText.language_picker_label()).toBe('Language');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { RoomView } from '@rollcall/protocol';
import { pickLocale } from '$lib/i18n/locale.svelte.js';
import { awayChoices, settingsLine, timers } from './room-settings.js';

const room = (changes: Partial<RoomView>) =>
  ({
    timer: { seconds: 0 },
    whenAway: { play: 'wait', seconds: 30 },
    locked: false,
    spectatorsAllowed: true,
    familyMode: true,
    streamerMode: false,
    ...changes,
  }) as RoomView;

describe("the room's settings in words", () => {
  afterEach(() => pickLocale('en', null));

  it('names each timer and away rule as the lead picks it', () => {
    expect(timers.map((t) => t.label())).toEqual(['Off', '30 s', '1 min', '2 min']);
    expect(awayChoices.map((c) => c.label())).toEqual([
      'Wait',
      'Default after 15 s',
      'Default after 30 s',
      'Default after 1 min',
      'Bot after 15 s',
      'Bot after 1 min',
    ]);
  });

  it('sums the settings up in one line, in the screen language', async () => {
    expect(settingsLine(room({}))).toBe('Timer off · Wait · Open · Spectators welcome · Family mode');
    const busy = room({ timer: { seconds: 60 } as RoomView['timer'], whenAway: { play: 'bot', seconds: 15 }, locked: true, streamerMode: true });
    expect(settingsLine(busy)).toBe('Timer 1 min · Bot after 15 s · Locked · Spectators welcome · Family mode · Streamer mode');
    await pickLocale('es', null);
    expect(settingsLine(busy)).toBe('Turnos de 1 min · Bot tras 15 s · Cerrada · Espectadores bienvenidos · Modo familiar · Modo streamer');
  });
});

import { describe, expect, it } from 'vitest';
import type { Cue } from './cues.js';
import { SoundCues } from './sound-cues.svelte.js';

function cues(stored: Record<string, string> = {}) {
  const store = new Map(Object.entries(stored));
  const heard: Cue[] = [];
  let clock = 0;
  const sound = new SoundCues({
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    player: (cue) => heard.push(cue),
    now: () => clock,
  });
  return { sound, heard, store, tick: (ms: number) => (clock += ms) };
}

describe('sound cues', () => {
  it('play every cue on the TV, and only "your turn" on a phone', () => {
    const tv = cues();
    tv.sound.use('tv');
    for (const cue of ['roll', 'score', 'turn', 'end', 'f8'] as const) tv.sound.cue(cue);
    expect(tv.heard).toEqual(['roll', 'score', 'turn', 'end', 'f8']);

    const phone = cues();
    phone.sound.use('phone');
    for (const cue of ['roll', 'score', 'turn', 'end', 'f8'] as const) phone.sound.cue(cue);
    expect(phone.heard).toEqual(['turn']);
  });

  it('stay quiet once muted, and remember the switch for that kind of screen', () => {
    const { sound, heard, store } = cues();
    sound.use('tv');
    sound.setMuted(true);
    sound.cue('roll');
    expect(heard).toEqual([]);
    expect(store.get('rollcall:muted:tv')).toBe('1');

    const again = cues(Object.fromEntries(store));
    again.sound.use('tv');
    expect(again.sound.muted).toBe(true);
    again.sound.use('phone');
    expect(again.sound.muted).toBe(false);
  });

  it('keep a spectator quiet until asked', () => {
    const { sound, heard } = cues();
    sound.use('spectator');
    sound.cue('end');
    expect(heard).toEqual([]);
  });

  it('hear seven dice landing together as one roll', () => {
    const { sound, heard, tick } = cues();
    sound.use('tv');
    for (let i = 0; i < 7; i++) sound.cue('roll');
    tick(1000);
    sound.cue('roll');
    expect(heard).toEqual(['roll', 'roll']);
  });
});

describe('a screen whose sound waits for a tap', () => {
  function waiting() {
    let tell: (heard: boolean) => void = () => undefined;
    const sound = new SoundCues({
      storage: null,
      player: () => undefined,
      whenHeard: (listener) => {
        tell = listener;
        listener(false);
      },
      now: () => 0,
    });
    return { sound, hear: (heard: boolean) => tell(heard) };
  }

  it('says so while the browser holds the sound back, and not once it is heard', () => {
    const { sound, hear } = waiting();
    sound.use('tv');
    expect(sound.waitsForTap).toBe(true);
    hear(true);
    expect(sound.waitsForTap).toBe(false);
    hear(false);
    expect(sound.waitsForTap).toBe(true);
  });

  it('says nothing when the screen is muted, or has no sound at all', () => {
    const { sound } = waiting();
    sound.use('spectator');
    expect(sound.waitsForTap).toBe(false);
    const silent = new SoundCues({ storage: null, player: null, whenHeard: (listener) => listener(false), now: () => 0 });
    silent.use('tv');
    expect(silent.waitsForTap).toBe(false);
  });
});

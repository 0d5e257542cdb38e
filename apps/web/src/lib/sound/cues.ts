/**
 * The table's sound cues, synthesised with Web Audio: no files to fetch, and
 * each cue a few notes or a burst of noise under half a second (the F8 and the
 * game's end a little longer).
 */

/** Something worth hearing. */
export type Cue = 'roll' | 'turn' | 'score' | 'end' | 'f8';

/** One note: when it starts (s from now), its pitch, how long it rings and how loud. */
export interface Note {
  at: number;
  hz: number;
  length: number;
  gain: number;
  wave: OscillatorType;
}

const tone = (at: number, hz: number, length: number, gain = 0.18, wave: OscillatorType = 'triangle'): Note => ({
  at,
  hz,
  length,
  gain,
  wave,
});

/** The notes of each cue; the roll adds a rattle of noise (see `play`). */
export const CUE_NOTES: Record<Cue, readonly Note[]> = {
  // Dice knocking on the table: short, low and dry.
  roll: [tone(0, 180, 0.05, 0.12, 'square'), tone(0.07, 150, 0.05, 0.1, 'square'), tone(0.15, 200, 0.05, 0.08, 'square')],
  // Two rising notes: a doorbell for "you're up".
  turn: [tone(0, 660, 0.16), tone(0.15, 880, 0.26)],
  // A quick upward sparkle.
  score: [tone(0, 784, 0.09, 0.14), tone(0.08, 988, 0.09, 0.14), tone(0.16, 1319, 0.18, 0.14)],
  // A little fanfare.
  end: [tone(0, 523, 0.16), tone(0.16, 659, 0.16), tone(0.32, 784, 0.16), tone(0.5, 1047, 0.5, 0.2)],
  // Six eights: the whole table should hear it.
  f8: [
    tone(0, 392, 0.12, 0.2, 'sawtooth'),
    tone(0.1, 523, 0.12, 0.2, 'sawtooth'),
    tone(0.2, 659, 0.12, 0.2, 'sawtooth'),
    tone(0.3, 784, 0.12, 0.2, 'sawtooth'),
    tone(0.42, 1047, 0.7, 0.22),
    tone(0.42, 1319, 0.7, 0.16),
  ],
};

/** Play a cue's notes on an audio context, with soft edges so nothing clicks. */
export function play(context: AudioContext, cue: Cue): void {
  const start = context.currentTime + 0.01;
  for (const note of CUE_NOTES[cue]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = note.wave;
    oscillator.frequency.value = note.hz;
    const t = start + note.at;
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(note.gain, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + note.length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(t);
    oscillator.stop(t + note.length + 0.02);
  }
  if (cue === 'roll') rattle(context, start);
}

/** A short burst of filtered noise under the roll's knocks. */
function rattle(context: AudioContext, start: number): void {
  const length = 0.22;
  const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
  const samples = buffer.getChannelData(0);
  // The fading hiss of dice tumbling: a fixed noise pattern (a sine hash), the same on every screen.
  for (let i = 0; i < samples.length; i++) {
    const hash = Math.sin(i * 12.9898) * 43758.5453;
    samples[i] = (2 * (hash - Math.floor(hash)) - 1) * (1 - i / samples.length);
  }
  const source = context.createBufferSource();
  source.buffer = buffer;
  const filter = context.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 2400;
  const gain = context.createGain();
  gain.gain.value = 0.08;
  source.connect(filter).connect(gain).connect(context.destination);
  source.start(start);
}

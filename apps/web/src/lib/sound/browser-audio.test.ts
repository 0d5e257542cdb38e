import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserAudio, REST_AFTER_MS } from './browser-audio.js';

/** Just enough of an AudioContext to see cues scheduled and the context run and rest. */
class FakeContext extends EventTarget {
  static made: FakeContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  sampleRate = 8000;
  destination = {};
  notes = 0;
  constructor() {
    super();
    FakeContext.made.push(this);
  }
  private become(state: AudioContextState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  resume = () => Promise.resolve().then(() => this.become('running'));
  suspend = () => Promise.resolve().then(() => this.become('suspended'));
  createOscillator() {
    this.notes++;
    return { frequency: {}, connect: (next: unknown) => next, start() {}, stop() {} };
  }
  createGain() {
    const ramp = () => undefined;
    return { gain: { setValueAtTime: ramp, linearRampToValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect: (next: unknown) => next };
  }
  createBuffer(_channels: number, length: number) {
    return { getChannelData: () => new Float32Array(length) };
  }
  createBufferSource() {
    return { connect: (next: unknown) => next, start() {}, stop() {} };
  }
  createBiquadFilter() {
    return { frequency: {}, Q: {}, connect: (next: unknown) => next };
  }
}

const page = new EventTarget();
const tap = () => page.dispatchEvent(new Event('pointerdown'));
const settle = async () => {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeContext.made = [];
  vi.stubGlobal('window', Object.assign(page, { AudioContext: FakeContext }));
  vi.stubGlobal('AudioContext', FakeContext);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A page's audio, with every "is it heard" it has said so far. */
function watched() {
  const audio = browserAudio()!;
  const heard: boolean[] = [];
  audio.watch((running) => heard.push(running));
  return { audio, heard };
}

/** The same, once the page has been tapped: its audio context exists and runs. */
async function tapped() {
  const page = watched();
  tap();
  await settle();
  return { ...page, context: FakeContext.made[0]! };
}

describe('the browser audio', () => {
  it('stays silent until the first tap, then runs', async () => {
    const { audio, heard } = watched();
    audio.play('turn');
    expect(FakeContext.made).toEqual([]);

    tap();
    await settle();
    const [context] = FakeContext.made;
    expect(context!.state).toBe('running');
    expect(heard.at(-1)).toBe(true);
  });

  it('rests between cues, still heard, and wakes for the next cue', async () => {
    const { audio, heard, context } = await tapped();

    audio.play('turn');
    const turnNotes = context.notes;
    expect(turnNotes).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS - 100);
    expect(context.state).toBe('running');
    await vi.advanceTimersByTimeAsync(200);
    expect(context.state).toBe('suspended');
    expect(heard.at(-1)).toBe(true);

    // A cue while resting is played once the context runs again, then it rests again.
    audio.play('turn');
    expect(context.notes).toBe(turnNotes);
    await settle();
    expect(context.state).toBe('running');
    expect(context.notes).toBe(2 * turnNotes);
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS + 100);
    expect(context.state).toBe('suspended');
  });

  it('rests after the first tap even if no cue comes', async () => {
    const { context } = await tapped();
    await vi.advanceTimersByTimeAsync(REST_AFTER_MS + 100);
    expect(context.state).toBe('suspended');
  });

  it('says the sound is not heard when the browser suspends it, until the next tap', async () => {
    const { audio, heard, context } = await tapped();
    await context.suspend();
    expect(heard.at(-1)).toBe(false);
    audio.play('turn');
    await settle();
    expect(context.state).toBe('suspended');

    tap();
    await settle();
    expect(context.state).toBe('running');
    expect(heard.at(-1)).toBe(true);
  });
});

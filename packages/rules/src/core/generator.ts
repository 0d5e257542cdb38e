/**
 * The dice generator: xoshiro128** (Blackman & Vigna), 128 bits of state.
 *
 * Its whole state is four unsigned 32-bit words in plain JSON, so a room can be
 * saved, moved to another node and replayed from its seed and action log.
 * The state never leaves the server: views are built from game state only.
 */

/** The generator's complete state, safe to store as JSON. */
export interface GeneratorState {
  algorithm: 'xoshiro128**';
  words: [number, number, number, number];
}

/** Bytes of seed required: 128 bits, the size of the state. */
export const SEED_BYTES = 16;

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

// MurmurHash3's finaliser spreads every seed bit over the word, so seeds that
// differ in one bit start far apart.
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A generator state from at least 128 bits of seed (longer seeds are folded in). */
export function seedGenerator(seed: Uint8Array): GeneratorState {
  if (seed.length < SEED_BYTES) {
    throw new RangeError(`a seed needs at least ${SEED_BYTES} bytes, got ${seed.length}`);
  }
  const folded = [0, 0, 0, 0];
  seed.forEach((byte, i) => {
    const w = (i >> 2) % 4;
    folded[w] = (((folded[w] ?? 0) ^ (byte << ((i % 4) * 8))) >>> 0) >>> 0;
  });
  const words = folded.map((w, i) => mix32(w ^ Math.imul(0x9e3779b9, i + 1))) as GeneratorState['words'];
  // The all-zero state is the one state xoshiro never leaves.
  if (words.every((w) => w === 0)) words[3] = 1;
  return { algorithm: 'xoshiro128**', words };
}

/** The next 32-bit output and the state after it; the input is not changed. */
export function nextUint32(state: GeneratorState): [number, GeneratorState] {
  let [s0, s1, s2, s3] = state.words;
  const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
  const t = (s1 << 9) >>> 0;
  s2 = (s2 ^ s0) >>> 0;
  s3 = (s3 ^ s1) >>> 0;
  s1 = (s1 ^ s2) >>> 0;
  s0 = (s0 ^ s3) >>> 0;
  s2 = (s2 ^ t) >>> 0;
  s3 = rotl(s3, 11);
  return [result, { algorithm: 'xoshiro128**', words: [s0, s1, s2, s3] }];
}

/** A uniform integer in 1..sides, by rejection so no face is favoured. */
export function nextRoll(state: GeneratorState, sides: number): [number, GeneratorState] {
  if (!Number.isInteger(sides) || sides < 1 || sides > 0xffffffff) {
    throw new RangeError(`a die needs a whole number of sides, got ${sides}`);
  }
  const limit = Math.floor(0x100000000 / sides) * sides;
  let current = state;
  for (;;) {
    const [x, next] = nextUint32(current);
    current = next;
    if (x < limit) return [(x % sides) + 1, current];
  }
}

/** A source of numbers in [0, 1) drawn from a generator seeded with `seed`: what a bot is handed. */
export function seededRandom(seed: Uint8Array): () => number {
  let state = seedGenerator(seed);
  return () => {
    const [x, next] = nextUint32(state);
    state = next;
    return x / 0x100000000;
  };
}

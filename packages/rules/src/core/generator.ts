/**
 * The dice generator: xoshiro128** (Blackman & Vigna), 128 bits of state.
 *
 * Its whole state is four unsigned 32-bit words in plain JSON, so a room can be
 * saved, moved to another node and replayed from its seed and action log.
 * The state never leaves the server: views are built from game state only.
 */
import { sha256 } from '@noble/hashes/sha2';

/** The generator's complete state, safe to store as JSON. */
export interface GeneratorState {
  algorithm: 'xoshiro128**';
  words: [number, number, number, number];
}

/** Bytes of seed required: 128 bits, the size of the state. */
export const SEED_BYTES = 16;

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** The state held in 16 bytes: four little-endian words; all zero is refused, xoshiro never leaves it. */
function stateOf(bytes: Uint8Array): GeneratorState {
  const view = new DataView(bytes.buffer, bytes.byteOffset, SEED_BYTES);
  const words = [0, 4, 8, 12].map((at) => view.getUint32(at, true)) as GeneratorState['words'];
  if (words.every((w) => w === 0)) throw new RangeError('the generator cannot start from the all-zero state');
  return { algorithm: 'xoshiro128**', words };
}

/**
 * A generator state from at least 128 bits of seed. The state is the first
 * half of the SHA-256 of the whole seed, so every bit of the seed moves every
 * word and seeds that differ anywhere start on unrelated streams.
 */
export function seedGenerator(seed: Uint8Array): GeneratorState {
  if (seed.length < SEED_BYTES) {
    throw new RangeError(`a seed needs at least ${SEED_BYTES} bytes, got ${seed.length}`);
  }
  const digest = sha256(seed);
  // SHA-256 giving sixteen zero bytes would be a preimage nobody has found; the
  // fallback only keeps the function total.
  return digest.subarray(0, SEED_BYTES).some((b) => b !== 0) ? stateOf(digest) : stateOf(digest.subarray(SEED_BYTES));
}

/**
 * A generator that starts from exactly the given state (16 bytes, four
 * little-endian words): fixed dice for tests that replay a known game.
 */
export function fixedGenerator(state: Uint8Array): GeneratorState {
  if (state.length !== SEED_BYTES) throw new RangeError(`a fixed state is ${SEED_BYTES} bytes, got ${state.length}`);
  return stateOf(state);
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

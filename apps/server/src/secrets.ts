import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '@rollcall/protocol';
import { SERVER_SEED_BYTES } from '@rollcall/rules';

/** A random whole number from 0 up to (not including) `below`. */
export type RandomIndex = (below: number) => number;

/** A random room code of `length` letters; whether it is free is the store's to say. */
export function newRoomCode(length: number = CODE_LENGTH, pick: RandomIndex = randomInt): string {
  return Array.from({ length }, () => CODE_ALPHABET[pick(CODE_ALPHABET.length)]).join('');
}

/** A one-time code of 6 letters: one that hands an away seat to a new phone, or one a waiting screen shows to be let in. */
export function newOneTimeCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** A seat or host token: 144 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(18).toString('base64url');
}

/** A short random id for server-side bookkeeping; not a secret. */
export function newId(): string {
  return randomBytes(9).toString('base64url');
}

/** A fresh server seed for a game's sealed dice: 256 bits, hex. */
export function newServerSeed(): string {
  return randomBytes(SERVER_SEED_BYTES).toString('hex');
}

/**
 * What the store keeps instead of a token. Tokens carry 144 random bits, so a
 * plain SHA-256 is enough: nothing to brute-force, and a leaked data file or
 * backup hands out no seats.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compare two token hashes without leaking how much of them matched. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

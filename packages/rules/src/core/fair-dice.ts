/**
 * Commit, then reveal: how a game's dice seed is made so that neither the
 * server nor any player can choose the rolls, and anyone can check them
 * afterwards (docs/fair-dice.md walks through it by hand).
 *
 * The server picks a 256-bit server seed and publishes its SHA-256 (the
 * commitment) before any player's contribution is final. Each phone adds a
 * client seed. The dice seed is HMAC-SHA256(server seed, the client seeds in
 * seat order), and the generator's state comes from the dice seed. When the
 * game ends the server seed is revealed, and the commitment proves it was the
 * one chosen at the start.
 *
 * Pure and synchronous, so the browser checks a record with the same code.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/** Bytes in a server seed: 256 bits. */
export const SERVER_SEED_BYTES = 32;

/** Hex of a server seed, a commitment or a dice seed: 32 bytes. */
const HEX_32 = /^[0-9a-f]{64}$/;

/** The commitment to a server seed (hex): its SHA-256, in hex. */
export function commitmentOf(serverSeedHex: string): string {
  if (!HEX_32.test(serverSeedHex)) throw new RangeError('a server seed is 32 bytes of lowercase hex');
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/**
 * The message the client seeds make: each seat's seed in seat order, joined
 * by commas, as text; a seat that gave none adds an empty string.
 */
export function clientSeedMessage(clientSeeds: readonly (string | null)[]): string {
  return clientSeeds.map((seed) => seed ?? '').join(',');
}

/** The game's dice seed: HMAC-SHA256 keyed by the server seed over the client seeds, as 32 bytes. */
export function diceSeed(serverSeedHex: string, clientSeeds: readonly (string | null)[]): Uint8Array {
  if (!HEX_32.test(serverSeedHex)) throw new RangeError('a server seed is 32 bytes of lowercase hex');
  return hmac(sha256, hexToBytes(serverSeedHex), utf8ToBytes(clientSeedMessage(clientSeeds)));
}

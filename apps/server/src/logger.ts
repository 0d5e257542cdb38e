import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Fields that may hold a secret, wherever they sit in a log line. */
const secretFields = ['token', 'seatToken', 'hostToken', 'testSeed', 'generator'];

/** Paths pino blanks out: the fields themselves and the same names up to three levels down. */
export const redactPaths = secretFields.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]);

/** The server's logger: JSON lines, secrets redacted. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino({ level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' } }, destination);
}

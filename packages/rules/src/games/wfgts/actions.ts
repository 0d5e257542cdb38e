import { z } from 'zod/mini';
import { DICE } from './scoring.js';

/** Game options: none yet, but still parsed so a room's stored options stay valid later. */
export const wfgtsOptions = z.object({});

/** Parsed options. */
export type WfgtsOptions = z.infer<typeof wfgtsOptions>;

/**
 * Lock in the columns to keep for the next line. Indices are only checked to
 * be whole numbers here; range and repeats are rule errors from `apply`, so
 * the phone can say exactly what was wrong.
 */
export const carryAction = z.object({
  type: z.literal('carry'),
  dice: z.array(z.int()).check(z.maxLength(DICE.length)),
});

/** Score the round from line c: the best grouping, or junk (once per game). */
export const scoreAction = z.object({
  type: z.literal('score'),
  choice: z.enum(['best', 'junk']),
});

/** Every action a seat can send. */
export const wfgtsAction = z.discriminatedUnion('type', [carryAction, scoreAction]);

/** A parsed action. */
export type WfgtsAction = z.infer<typeof wfgtsAction>;

/** How a round may be scored. */
export type ScoreChoice = z.infer<typeof scoreAction>['choice'];

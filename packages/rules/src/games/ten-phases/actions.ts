import { z } from 'zod/mini';
import { DICE } from './dice.js';

/** Game options: none, but still parsed so a room's stored options stay valid later. */
export const tenPhasesOptions = z.object({});

/** Parsed options. */
export type TenPhasesOptions = z.infer<typeof tenPhasesOptions>;

/**
 * Roll every die not in `keep`. The first roll of a turn keeps nothing; later
 * rolls keep any dice, so leaving out a die set aside earlier takes it back.
 * Indices are only checked to be whole numbers here; range and repeats are
 * rule errors from `apply`, so the phone can say exactly what was wrong.
 */
export const rollAction = z.object({
  type: z.literal('roll'),
  keep: z.array(z.int()).check(z.maxLength(DICE.length)),
});

/** End the turn now, after the first or second roll, and score what lies on the table. */
export const stopAction = z.object({
  type: z.literal('stop'),
});

/** Every action a seat can send. */
export const tenPhasesAction = z.discriminatedUnion('type', [rollAction, stopAction]);

/** A parsed action. */
export type TenPhasesAction = z.infer<typeof tenPhasesAction>;

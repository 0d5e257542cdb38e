import { z } from 'zod';

/** Options: "Hard decisions" also ends the game after round 20. */
export const warOptions = z.object({
  hardDecisions: z.boolean().default(false),
});

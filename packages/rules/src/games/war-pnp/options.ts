import { z } from 'zod/mini';

/** Options: "Hard decisions" also ends the game after round 20. */
export const warOptions = z.object({
  hardDecisions: z._default(z.boolean(), false),
});

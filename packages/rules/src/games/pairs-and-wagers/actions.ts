import { z } from 'zod/mini';

/**
 * Options: the goal (10 short, 20 long) and Bet to Mid, which only the long
 * game has because its target (10) is the short game's goal.
 */
export const pairsOptions = z
  .object({
    goal: z._default(z.union([z.literal(10), z.literal(20)]), 10),
    betToMid: z._default(z.boolean(), false),
  })
  .check(
    z.refine((o) => !o.betToMid || o.goal === 20, {
      message: 'Bet to Mid is only played with the 20-point goal.',
      path: ['betToMid'],
    }),
  );

/** Parsed options of a game of Pairs and Wagers. */
export type PairsOptions = z.infer<typeof pairsOptions>;

/** Every action a seat can send. */
export const pairsAction = z.discriminatedUnion('type', [
  /** Before the first turn of a game with Bet to Mid: join the pool or stay out. */
  z.strictObject({ type: z.literal('mid-opt-in'), join: z.boolean() }),
  /** Before the turn's first roll: stake 1 on the parity of the scoring dice. */
  z.strictObject({ type: z.literal('bet-odd'), call: z.enum(['odd', 'even']) }),
  /** Roll all four dice to start the turn. */
  z.strictObject({ type: z.literal('roll') }),
  /** After a roll that scored nothing: stake 1 and roll all four again. */
  z.strictObject({ type: z.literal('bet-get') }),
  /** After a scoring roll with dice left over: stake 1 and reroll those dice. */
  z.strictObject({ type: z.literal('bet-better') }),
  /** Decline the wager on offer and bank the turn. */
  z.strictObject({ type: z.literal('end-turn') }),
]);

/** An action of Pairs and Wagers. */
export type PairsAction = z.infer<typeof pairsAction>;

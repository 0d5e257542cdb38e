/**
 * A bot: what a seat does next, from the state alone. Pure: the same state,
 * seat and random numbers give the same action, so a server can replay it.
 * `random()` returns a number in [0, 1) from a generator the caller owns.
 */
export type Bot<S, A> = (state: S, seat: number, random: () => number) => A;

/** How well a bot plays: easy makes the short-sighted moves a beginner makes and slips now and then, strong is the game's best bot. */
export const BOT_STRENGTHS = ['easy', 'fair', 'strong'] as const;

/** How well a bot plays. */
export type BotStrength = (typeof BOT_STRENGTHS)[number];

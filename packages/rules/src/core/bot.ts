/**
 * A bot: what a seat does next, from the state alone. Pure: the same state,
 * seat and random numbers give the same action, so a server can replay it.
 * `random()` returns a number in [0, 1) from a generator the caller owns.
 */
export type Bot<S, A> = (state: S, seat: number, random: () => number) => A;

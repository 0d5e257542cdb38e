import { createSubscriber } from 'svelte/reactivity';

/** How often what is shown from the clock moves on: "away 2 min" and countdowns in whole seconds. */
const TICK_MS = 1000;

const subscribe = createSubscriber((update) => {
  const tick = setInterval(update, TICK_MS);
  return () => clearInterval(tick);
});

/**
 * The time now (epoch ms). Read in a template, a `$derived` or an effect, it
 * makes them run again every second for as long as they are on screen, so
 * labels worked out from the time ("away 2 min", "played for in 0:12") count
 * on by themselves; one timer serves every reader. Read anywhere else, it is
 * simply the time now.
 */
export function liveNow(): number {
  subscribe();
  return Date.now();
}

import { getContext, setContext, type Snippet } from 'svelte';

/**
 * The bar along the top of every room screen (TV, phone, spectator) is drawn
 * once by the room layout; each screen adds its own items to it: `start`
 * after the brand, `end` before the timer, sound and connection.
 */
export class RoomBar {
  start = $state<Snippet | undefined>();
  end = $state<Snippet | undefined>();
}

const barKey = Symbol('room-bar');

/** Called by the room layout: the bar its screens fill. */
export function provideRoomBar(): RoomBar {
  return setContext(barKey, new RoomBar());
}

/** Called by a room screen while it initialises: its items stay in the bar while it is shown. */
export function fillRoomBar(items: { start?: Snippet; end?: Snippet }): void {
  const bar = getContext<RoomBar | undefined>(barKey);
  if (!bar) return;
  $effect(() => {
    bar.start = items.start;
    bar.end = items.end;
    return () => {
      bar.start = undefined;
      bar.end = undefined;
    };
  });
}

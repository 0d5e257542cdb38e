import type { RoomView } from '@rollcall/protocol';

type Status = RoomView['status'];

/**
 * Whether the screen should go back to its top: the room moved on to another
 * stage (the game started, ended, or the table is back in the lobby). The
 * first look at a room is left alone, so a reloaded page stays where the
 * browser put it.
 */
export function startsAtTop(before: Status | null, now: Status | null): boolean {
  return before !== null && now !== null && before !== now;
}

/**
 * Scroll to the top each time the room's stage changes: the lead taps Start
 * at the bottom of the lobby, and their first turn must not open on the
 * player list at the bottom of the sheet.
 */
export function scrollToTopOnStage(status: () => Status | null): void {
  let before: Status | null = null;
  $effect(() => {
    const now = status();
    if (startsAtTop(before, now)) window.scrollTo({ top: 0, behavior: 'instant' });
    if (now !== null) before = now;
  });
}

import type { RoomView, WhenAway } from '@rollcall/protocol';

/** The turn timers the lead can pick, in seconds (0 is off). */
export const timers = [
  { seconds: 0, label: 'Off' },
  { seconds: 30, label: '30 s' },
  { seconds: 60, label: '1 min' },
  { seconds: 120, label: '2 min' },
] as const;

/** What the table does when a phone is away, as the lead picks it. */
export const awayChoices: { whenAway: WhenAway; label: string }[] = [
  { whenAway: { play: 'wait', seconds: 30 }, label: 'Wait' },
  { whenAway: { play: 'default', seconds: 15 }, label: 'Default after 15 s' },
  { whenAway: { play: 'default', seconds: 30 }, label: 'Default after 30 s' },
  { whenAway: { play: 'default', seconds: 60 }, label: 'Default after 1 min' },
  { whenAway: { play: 'bot', seconds: 15 }, label: 'Bot after 15 s' },
  { whenAway: { play: 'bot', seconds: 60 }, label: 'Bot after 1 min' },
];

/** Whether two away rules do the same (waiting has no time that matters). */
export const sameAway = (a: WhenAway, b: WhenAway) => a.play === b.play && (a.play === 'wait' || a.seconds === b.seconds);

/** The room's settings in a line: "Timer off · Wait when away · Open". */
export function settingsLine(view: RoomView): string {
  return [
    view.timer.seconds === 0 ? 'Timer off' : `Timer ${timers.find((t) => t.seconds === view.timer.seconds)?.label ?? `${view.timer.seconds} s`}`,
    awayChoices.find((c) => sameAway(view.whenAway, c.whenAway))?.label ?? 'Wait',
    view.locked ? 'Locked' : 'Open',
    view.spectatorsAllowed ? 'Spectators welcome' : 'No spectators',
    view.familyMode === false ? 'Family mode off' : 'Family mode',
    ...(view.streamerMode === true ? ['Streamer mode'] : []),
  ].join(' · ');
}

/** A request to the room that answers with whether it worked. */
export type RoomTask = () => Promise<{ ok: boolean; error?: { message: string } }>;

/** Sets the room's game, its options, the timer and, when given, the away rule and hints. */
export type Configure = (
  game: string,
  options: Record<string, unknown>,
  timer: 0 | 30 | 60 | 120,
  whenAway?: WhenAway,
  hints?: boolean,
) => Promise<void>;

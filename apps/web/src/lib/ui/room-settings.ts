import type { RoomView, WhenAway } from '@rollcall/protocol';
import { uiText } from '$lib/i18n/messages.js';

type TimerSeconds = 0 | 30 | 60 | 120;

/** "30 s", "1 min": a wait as the settings write it. */
function waitLabel(seconds: number): string {
  return seconds % 60 === 0 ? uiText.settings_minutes({ count: seconds / 60 }) : uiText.settings_seconds({ count: seconds });
}

/** The turn timers the lead can pick, in seconds (0 is off). */
export const timers: readonly { seconds: TimerSeconds; label: () => string }[] = ([0, 30, 60, 120] as const).map((seconds) => ({
  seconds,
  label: () => (seconds === 0 ? uiText.settings_timer_off() : waitLabel(seconds)),
}));

/** What the table does when a phone is away, as the lead picks it. */
export const awayChoices: readonly { whenAway: WhenAway; label: () => string }[] = (
  [
    { play: 'wait', seconds: 30 },
    { play: 'default', seconds: 15 },
    { play: 'default', seconds: 30 },
    { play: 'default', seconds: 60 },
    { play: 'bot', seconds: 15 },
    { play: 'bot', seconds: 60 },
  ] satisfies WhenAway[]
).map((whenAway) => ({ whenAway, label: () => awayLabel(whenAway) }));

function awayLabel(whenAway: WhenAway): string {
  if (whenAway.play === 'wait') return uiText.settings_away_wait();
  const time = waitLabel(whenAway.seconds);
  return whenAway.play === 'bot' ? uiText.settings_away_bot({ time }) : uiText.settings_away_default({ time });
}

/** Whether two away rules do the same (waiting has no time that matters). */
export const sameAway = (a: WhenAway, b: WhenAway) => a.play === b.play && (a.play === 'wait' || a.seconds === b.seconds);

/** The room's settings in a line: "Timer off · Wait · Open". */
export function settingsLine(view: RoomView): string {
  return [
    view.timer.seconds === 0 ? uiText.settings_line_timer_off() : uiText.settings_line_timer({ time: waitLabel(view.timer.seconds) }),
    awayLabel(view.whenAway),
    view.locked ? uiText.settings_line_locked() : uiText.settings_line_open(),
    view.spectatorsAllowed ? uiText.settings_line_spectators() : uiText.settings_line_no_spectators(),
    view.familyMode === false ? uiText.settings_line_family_off() : uiText.settings_line_family(),
    ...(view.streamerMode === true ? [uiText.settings_line_streamer()] : []),
  ].join(' · ');
}

/** A request to the room that answers with whether it worked. */
export type RoomTask = () => Promise<{ ok: boolean; error?: { message: string } }>;

/** Sets the room's game, its options, the timer and, when given, the away rule and hints. */
export type Configure = (
  game: string,
  options: Record<string, unknown>,
  timer: TimerSeconds,
  whenAway?: WhenAway,
  hints?: boolean,
) => Promise<void>;

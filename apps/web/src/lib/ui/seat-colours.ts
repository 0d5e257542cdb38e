/**
 * A colour per seat, to tell players apart at a glance on the TV. Always shown
 * with the player's initial and name, never on its own.
 */
const palette = ['#ffd23f', '#5ef0b0', '#6fd0ff', '#ff8ad8', '#ff8a80', '#c3a3ff', '#ffb057', '#b6f26b'];

/** The colour of a seat. */
export function seatColour(seat: number): string {
  return palette[seat % palette.length] ?? '#ffffff';
}

/** The first letter of a name, for avatars. */
export function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/**
 * A colour per seat, to tell players apart at a glance on the TV. Always shown
 * with the player's initial and name, never on its own.
 */
const seatColours = 8;

/** The colour of a seat, as a CSS value (the palette is in app.css): for styles, not SVG attributes. */
export function seatColour(seat: number): string {
  return `var(--seat-${seat % seatColours})`;
}

/** The first letter of a name, for avatars. */
export function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

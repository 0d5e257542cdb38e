import { z } from 'zod/mini';
import { BOX_IDS, DICE_COUNT } from './scoring.js';

/**
 * Roll the dice that are not kept. `hold` lists the positions (0..5) of the
 * dice to keep from the previous roll; it must be empty on a turn's first
 * roll. Nothing stays kept by itself: a die kept last time and left out of
 * `hold` now is rolled again.
 */
export const RollAction = z.object({
  type: z.literal('roll'),
  // Positions are checked by the game so a bad one gets its own error code.
  hold: z.array(z.int()).check(z.maxLength(DICE_COUNT)),
});

/** End the turn by writing the current dice's score (maybe 0) in one open box. */
export const FillAction = z.object({
  type: z.literal('fill'),
  box: z.enum(BOX_IDS),
});

/** Every action a Meet Fate seat can send. */
export const MeetFateAction = z.discriminatedUnion('type', [RollAction, FillAction]);

/** A parsed Meet Fate action. */
export type MeetFateAction = z.infer<typeof MeetFateAction>;

/**
 * Options for a new game. `firstSeat` is the seat that plays first: the room
 * passes the previous winner on a rematch, or the seat the table picked
 * (e.g. its youngest player); a seat beyond the table means the first seat.
 */
export const MeetFateOptions = z.object({
  firstSeat: z._default(z.int().check(z.minimum(0)), 0),
});

/** Parsed Meet Fate options. */
export type MeetFateOptions = z.infer<typeof MeetFateOptions>;

import { z } from 'zod/mini';
import { BOXES, COLUMN_IDS, POWER_NAMES, TRACK_TOP } from './sheet.js';

const seat = z.int().check(z.minimum(0), z.maximum(5));
const face = z.int().check(z.minimum(1), z.maximum(BOXES));
const column = z.enum(COLUMN_IDS);
const power = z.enum(POWER_NAMES);
// Up to three marks: the most any marking power gives at level vi.
const markCount = 3;
// Up to six: the most Cancel erases at level vi.
const eraseCount = 6;

/** One development: the next box of a Powers row (naming it if new) or of a Points column. */
export const developmentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('power'), row: face, name: z.optional(power) }),
  z.object({ kind: z.literal('points'), column }),
]);

/** One development. */
export type Development = z.infer<typeof developmentSchema>;

/** A box of a Points column: `box` 1 is the bottom one. */
export const boxRefSchema = z.object({ column, box: face });

/** A box of a Points column. */
export type BoxRef = z.infer<typeof boxRefSchema>;

/** A Powers row of one seat. */
export const rowRefSchema = z.object({ seat, row: face });

/** A Powers row of one seat. */
export type RowRef = z.infer<typeof rowRefSchema>;

/** A mark Cancel can erase: one on a Points box or a `T` on a score value. */
export const markRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('box'), seat, column, box: face }),
  z.object({ kind: z.literal('trap'), seat, value: z.int().check(z.minimum(0), z.maximum(TRACK_TOP)) }),
]);

/** A mark Cancel can erase. */
export type MarkRef = z.infer<typeof markRefSchema>;

const cancelSchema = z.discriminatedUnion('mode', [
  z.object({ power: z.literal('cancel'), mode: z.literal('stop'), target: rowRefSchema }),
  z.object({
    power: z.literal('cancel'),
    mode: z.literal('erase'),
    marks: z.array(markRefSchema).check(z.minLength(1), z.maxLength(eraseCount)),
  }),
  z.object({ power: z.literal('cancel'), mode: z.literal('unwither'), target: seat, column }),
]);

/** What one activation does: its power's name plus its targets and options. */
export const effectSchema = z.discriminatedUnion('power', [
  z.object({
    power: z.literal('grow'),
    /** How the opponents' share is split; may be left out when there is one opponent. */
    gifts: z.optional(z.array(z.object({ seat, count: z.int().check(z.minimum(1), z.maximum(BOXES)) })).check(z.maxLength(5))),
  }),
  z.object({ power: z.literal('double'), boxes: z.array(boxRefSchema).check(z.minLength(1), z.maxLength(markCount)) }),
  z.object({ power: z.literal('bend') }),
  z.object({ power: z.literal('block'), target: seat, boxes: z.array(boxRefSchema).check(z.minLength(1), z.maxLength(markCount)) }),
  z.object({ power: z.literal('steal'), target: seat }),
  cancelSchema,
  z.object({
    power: z.literal('trap'),
    target: seat,
    values: z.array(z.int().check(z.minimum(0), z.maximum(TRACK_TOP))).check(z.minLength(1), z.maxLength(markCount)),
  }),
  z.object({ power: z.literal('decay'), target: seat }),
  z.object({ power: z.literal('powerup'), box: boxRefSchema }),
  z.object({ power: z.literal('wither'), target: seat, column }),
]);

/** What one activation does. */
export type Effect = z.infer<typeof effectSchema>;

/** One activation (0 for the first die's, 1 for the second's) either used with an effect or passed. */
export const declarationSchema = z.union([
  z.object({ activation: z.int().check(z.minimum(0), z.maximum(1)), pass: z.literal(true) }),
  z.object({ activation: z.int().check(z.minimum(0), z.maximum(1)), effect: effectSchema }),
]);

/** One activation used or passed. */
export type Declaration = z.infer<typeof declarationSchema>;

/** A box a trap's owner removes: a Powers box by row and rank, or a Points box. */
export const removeTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('power'), row: face, rank: face }),
  z.object({ kind: z.literal('points'), column, box: face }),
]);

/** A box a trap's owner removes. */
export type RemoveTarget = z.infer<typeof removeTargetSchema>;

/** Every action a seat can send in Write And Roll: Powers 'n Points. */
export const warAction = z.discriminatedUnion('type', [
  /** Setup's five boxes, a round's Powers + Points pair, or the extra boxes Grow gave. */
  z.object({ type: z.literal('develop'), picks: z.array(developmentSchema).check(z.maxLength(BOXES * 12)) }),
  /** The main player rolls the two dice. */
  z.object({ type: z.literal('roll') }),
  /** Uses or passes activations: all of one's own (two players) or exactly one (3+ players). */
  z.object({ type: z.literal('declare'), declarations: z.array(declarationSchema).check(z.maxLength(2)) }),
  /** Bend (how far the sum is moved) and the box to gain from, or null when the column is empty. */
  z.object({ type: z.literal('gain'), bend: z.int().check(z.minimum(-10), z.maximum(10)), box: z.nullable(face) }),
  /** A sprung trap's owner removes one filled box of the trapped player. */
  z.object({ type: z.literal('remove'), target: removeTargetSchema }),
]);

/** A seat's action. */
export type WarAction = z.infer<typeof warAction>;

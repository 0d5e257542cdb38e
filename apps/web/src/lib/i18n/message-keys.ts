/**
 * Message keys are snake_case and rules ids kebab-case: a message named after
 * an id (`pattern_two_pair` for the pattern `two-pair`) is reached by the id
 * itself, and the typecheck fails while an id has no message.
 */

/** `two-pair` → `two_pair`, as a key names it. */
export type SnakeCase<Id extends string> = Id extends `${infer Head}-${infer Tail}` ? `${Head}_${SnakeCase<Tail>}` : Id;

/** An id as a message key names it. */
export function snakeCase<Id extends string>(id: Id): SnakeCase<Id> {
  return id.replaceAll('-', '_') as SnakeCase<Id>;
}

/**
 * A screen's public view travels as changes: after the first whole view, each
 * new one comes as the few values that differ from the one before. An edit
 * names where a value goes by its path of keys and array indices; a path
 * ending in an array's `length` shortens the array; an edit with no value
 * removes the key. Both sides are plain functions, so the server, the web app
 * and the load generator make and apply changes with the same code.
 */

/** One value that differs: `[path]` removes the key, `[path, value]` puts the value there. */
export type ViewEdit = [path: (string | number)[], value?: unknown];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The edits that turn `before` into `after`, both plain JSON data (a key whose
 * value is undefined counts as absent, as in JSON). Shared subtrees are
 * skipped by identity, so a state that kept its unchanged parts costs little.
 */
export function viewEdits(before: unknown, after: unknown): ViewEdit[] {
  const edits: ViewEdit[] = [];
  diff(before, after, [], edits);
  return edits;
}

/** Walks both with one path, copied only into the edits it makes: a view has hundreds of values and few change. */
function diff(before: unknown, after: unknown, path: (string | number)[], edits: ViewEdit[]): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) {
    const shared = Math.min(before.length, after.length);
    for (let i = 0; i < shared; i++) within(before[i], after[i], path, i, edits);
    for (let i = shared; i < after.length; i++) edits.push([[...path, i], after[i]]);
    if (after.length < before.length) edits.push([[...path, 'length'], after.length]);
  } else if (isRecord(before) && isRecord(after)) {
    for (const key in after) {
      const value = after[key];
      if (value !== undefined) within(before[key], value, path, key, edits);
    }
    for (const key in before) if (before[key] !== undefined && after[key] === undefined) edits.push([[...path, key]]);
  } else {
    edits.push([[...path], after]);
  }
}

function within(before: unknown, after: unknown, path: (string | number)[], key: string | number, edits: ViewEdit[]): void {
  if (before === after) return;
  path.push(key);
  diff(before, after, path, edits);
  path.pop();
}

/** `view` with the edits made, copying only what lies on their paths: the view given is left as it was. */
export function withEdits<T>(view: T, edits: readonly ViewEdit[]): T {
  return edits.reduce<T>((node, [path, ...value]) => put(node, path, 0, value) as T, view);
}

function put(node: unknown, path: readonly (string | number)[], at: number, value: unknown[]): unknown {
  if (at === path.length) return value[0];
  const copy = (Array.isArray(node) ? [...node] : { ...(node as object) }) as Record<string | number, unknown>;
  const key = path[at]!;
  if (at + 1 === path.length && value.length === 0) delete copy[key];
  else copy[key] = put(copy[key], path, at + 1, value);
  return copy;
}

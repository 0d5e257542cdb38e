/**
 * What the web app bundles in place of immer (see `vite.config.ts`): the same
 * `produce` contract (the base is left as it was, the recipe's changes come
 * back in a new value) by copying the base first. Copy-on-write with shared
 * parts pays on the server, where the parts of a state a move did not touch
 * keep their identity and so are not sent again; a phone only previews a
 * development or two with it, and immer's 4.5 KB gzip would put the Powers 'n
 * Points phone over its 150 KB budget.
 */
export class Immer {
  // Options such as auto-freeze mean nothing to a copy.
  constructor(_options?: unknown) {}

  produce = <T>(base: T, recipe: (draft: T) => T | void): T => {
    const draft = structuredClone(base);
    const replaced = recipe(draft);
    return replaced === undefined ? draft : replaced;
  };
}

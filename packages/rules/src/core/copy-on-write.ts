import { Immer } from 'immer';

/**
 * Immer's copy-on-write for game states: `produce(state, draft => …)` runs a
 * step on a draft and gives a new state that shares every part the step did
 * not touch. States are never changed once made, which the rules promise and
 * the core's per-state caches rely on; auto-freeze is off so that promise
 * costs no deep freeze per move (`docs/performance.md` has the measurement).
 */
const immer = new Immer({ autoFreeze: false });

/** The next state: `recipe` changes a draft of `base`, which stays as it was. */
export const produce: Immer['produce'] = immer.produce;

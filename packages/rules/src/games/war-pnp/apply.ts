import { produce } from '../../core/copy-on-write.js';
import type { ApplyContext, ApplyResult, GameEvent } from '../../core/define-game.js';
import { ruleError, type RuleErrorCode } from '../../core/errors.js';
import type { Declaration, Development, RemoveTarget, WarAction } from './actions.js';
import { checkEffect } from './activate.js';
import { checkDevelopment, developNeed } from './develop.js';
import { checkGain } from './gain.js';
import {
  advanceDeclaring,
  nextTrap,
  payGains,
  recordRoll,
  revealDeclarations,
  revealDevelopments,
  seatOfSlot,
} from './round.js';
import { sheetOf, type WarState } from './state.js';
import { isFilled, removeBox } from './traps.js';

type Result = ApplyResult<WarState>;

const refuse = (code: RuleErrorCode): Result => ({ ok: false, error: ruleError(code) });

/**
 * Runs a step on a draft of the state (immer's copy-on-write): the caller's
 * state is never changed, and the next state shares every part the step did
 * not touch, so an untouched sheet or slot keeps its identity.
 */
function advance(state: WarState, change: (next: WarState, events: GameEvent[]) => void): Result {
  const events: GameEvent[] = [];
  const next = produce(state, (draft) => change(draft, events));
  return { ok: true, state: next, events };
}

/** Setup's five boxes, a round's pair, or Grow's extra boxes: pending and hidden until everyone's are in. */
function develop(state: WarState, seat: number, picks: Development[]): Result {
  const kind = state.step.kind;
  if (kind !== 'setup' && kind !== 'develop' && kind !== 'grow') return refuse('rule/wrong-step');
  const need = developNeed(state, seat);
  if (!need) return refuse('rule/not-awaited');
  const checked = checkDevelopment(sheetOf(state, seat), need, picks);
  if (!checked.ok) return refuse(checked.code);
  return advance(state, (next, events) => {
    const step = next.step;
    if (step.kind !== 'setup' && step.kind !== 'develop' && step.kind !== 'grow') return;
    step.picks[seat] = picks;
    if (step.picks.every((p) => p !== null)) revealDevelopments(next, events);
  });
}

/** The main player rolls the two dice. */
function roll(state: WarState, seat: number, ctx: ApplyContext): Result {
  if (state.step.kind !== 'roll') return refuse('rule/wrong-step');
  if (seat !== state.main) return refuse('rule/not-your-turn');
  const dice: [number, number] = [ctx.dice.roll(6), ctx.dice.roll(6)];
  return advance(state, (next, events) => recordRoll(next, dice, events));
}

/** Why a seat's declarations are not legal now, or null. */
function checkDeclarations(state: WarState, seat: number, declarations: readonly Declaration[]): RuleErrorCode | null {
  const acts = state.turn?.activations[seat] ?? [];
  const seen = new Set<number>();
  for (const d of declarations) {
    const act = acts[d.activation];
    if (!act || !state.turn) return 'rule/war-no-activation';
    if (seen.has(d.activation)) return 'rule/war-declared';
    seen.add(d.activation);
    if ('effect' in d) {
      const problem = checkEffect(state, seat, act, d.effect);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Two players send all their activations at once, kept hidden until both are
 * in; with 3+ players each turn declares one activation, public at once.
 */
function declare(state: WarState, seat: number, declarations: Declaration[]): Result {
  const step = state.step;
  if (step.kind !== 'declare') return refuse('rule/wrong-step');
  const declared = state.turn?.declared[seat] ?? [];
  if (step.together) {
    if ((state.turn?.activations[seat]?.length ?? 0) === 0) return refuse('rule/not-awaited');
  } else {
    if (seat !== seatOfSlot(state, step.turn)) return refuse('rule/not-your-turn');
    if (declarations.length !== 1) return refuse('rule/war-one-declaration');
    if (declarations.some((d) => declared.some((x) => x.activation === d.activation))) {
      return refuse('rule/war-declared');
    }
  }
  const problem = checkDeclarations(state, seat, declarations);
  if (problem) return refuse(problem);
  return advance(state, (next, events) => {
    const nextStep = next.step;
    if (nextStep.kind !== 'declare' || !next.turn) return;
    if (nextStep.together) {
      nextStep.pending[seat] = declarations;
      if (nextStep.pending.every((p) => p !== null)) revealDeclarations(next, nextStep.pending, events);
      return;
    }
    const made = declarations.map((d) => ({ activation: d.activation, effect: 'effect' in d ? d.effect : null }));
    next.turn.declared[seat]?.push(...made);
    events.push({ type: 'declared-one', seat, declared: made });
    advanceDeclaring(next, nextStep.turn + 1, events);
  });
}

/** A seat's Bend and box; hidden until everyone has chosen, then all are paid together. */
function gain(state: WarState, seat: number, bend: number, box: number | null): Result {
  if (state.step.kind !== 'gain') return refuse('rule/wrong-step');
  const checked = checkGain(state, seat, { bend, box });
  if (!checked.ok) return refuse(checked.code);
  return advance(state, (next, events) => {
    const step = next.step;
    if (step.kind !== 'gain') return;
    step.choices[seat] = checked.value;
    if (step.choices.every((c) => c !== null)) payGains(next, events);
  });
}

/** The owner of the first sprung trap removes one filled box of the trapped player. */
function remove(state: WarState, seat: number, target: RemoveTarget): Result {
  const step = state.step;
  if (step.kind !== 'traps') return refuse('rule/wrong-step');
  const springing = step.queue[0];
  if (!springing || springing.owner !== seat) return refuse('rule/not-awaited');
  if (!isFilled(sheetOf(state, springing.victim), target)) return refuse('rule/war-box-empty');
  return advance(state, (next, events) => {
    const nextStep = next.step;
    if (nextStep.kind !== 'traps') return;
    removeBox(sheetOf(next, springing.victim), target);
    next.turn?.report.removed.push({ owner: seat, victim: springing.victim, target });
    events.push({ type: 'box-removed', owner: seat, victim: springing.victim, target });
    nextStep.queue.shift();
    nextTrap(next, events);
  });
}

/** Applies a parsed action for a seat: the game's `apply`. */
export function applyWar(state: WarState, seat: number, action: WarAction, ctx: ApplyContext): Result {
  if (state.step.kind === 'over') return refuse('rule/game-over');
  switch (action.type) {
    case 'develop':
      return develop(state, seat, action.picks);
    case 'roll':
      return roll(state, seat, ctx);
    case 'declare':
      return declare(state, seat, action.declarations);
    case 'gain':
      return gain(state, seat, action.bend, action.box);
    case 'remove':
      return remove(state, seat, action.target);
  }
}

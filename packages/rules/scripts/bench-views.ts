/// <reference types="node" />
/**
 * What the rules cost the server per move: apply the move, then what a
 * publish asks of the rules (`awaiting` and `outcome` as the room's
 * bookkeeping asks for them, the public view, each seat's own view, and
 * whether each seat's part changed, told by identity as the server tells it).
 * Every seat plays its timer default, so a run is the same moves every time;
 * wfgts, the game the server benchmark plays, goes last, on warmed code.
 * `--rules` points at another checkout's `packages/rules` to time its code on
 * the same moves (its dependencies must resolve from there).
 *
 *   nice pnpm --filter @rollcall/rules exec tsx scripts/bench-views.ts [--games N] [--rules DIR]
 *
 * Prints a Markdown table for docs/performance.md.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Rules from '../src/index.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    rules: { type: 'string', default: resolve(import.meta.dirname, '..') },
  },
});
const rules = (await import(pathToFileURL(resolve(args.rules, 'src/index.ts')).href)) as typeof Rules;
const count = Number(args.games);

/** Whether two own views hold the very same field values: how the server tells an unchanged part. */
function samePart(a: object | null, b: object | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const keys = Object.keys(a);
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(x[k], y[k]));
}

console.log('| game | moves | µs per move (CPU) | seat parts sent per move |');
console.log('|---|---|---|---|');
for (const id of ['war-pnp', 'meet-fate', 'wfgts']) {
  const game = rules.games[id]!;
  const seats = Math.min(4, game.players.max);
  let moves = 0;
  let sent = 0;
  const started = process.cpuUsage();
  for (let g = 0; g < count; g++) {
    const dice = rules.generatorDice(rules.seedGenerator(new Uint8Array(16).fill(g + 1)));
    let state: unknown = game.setup({ seats, options: game.options.parse({}), dice });
    // Defaults alone may never end a game (Powers 'n Points without "Hard decisions"): a game stops at 600 moves.
    for (let made = 0; game.outcome(state) === null && made < 600; made++) {
      const { seat, fallback } = game.awaiting(state)[0]!;
      const result = rules.applyAction(game, state, seat, fallback, { dice });
      if (!result.ok) throw new Error(result.error.code);
      const next = result.state;
      // The room's bookkeeping: whether the game ended, who is awaited before and after.
      game.outcome(next);
      game.awaiting(state);
      game.awaiting(next);
      game.view(next, { role: 'spectator' });
      for (let s = 0; s < seats; s++) {
        if (!samePart(game.ownView(state, s), game.ownView(next, s))) sent += 1;
      }
      state = next;
      moves += 1;
    }
  }
  const used = process.cpuUsage(started);
  const micros = (used.user + used.system) / moves;
  console.log(`| ${id} | ${moves} | ${micros.toFixed(1)} | ${(sent / moves).toFixed(2)} |`);
}

/** Plays wfgts through real sockets for the server tests: every awaited seat moves from its own view. */
import { randomUUID } from 'node:crypto';
import { ClientEvent, type ActionResult, type RoomView } from '@rollcall/protocol';
import { applyAction, findGame, generatorDice, fixedGenerator, type wfgts } from '@rollcall/rules';
import type { JournalEntry } from '../src/store/room-repository.js';
import type { Player, Table, TestClient } from './harness.js';

/** A phone's view of a wfgts room. */
export type WfgtsRoomView = RoomView<wfgts.WfgtsView>;

/** Picks a seat's move from the seat's own view. */
export type Chooser = (view: WfgtsRoomView) => wfgts.WfgtsAction;

/** Keep the low dice (they make runs), score the best grouping, spend junk on a big line c in the last round. */
export const lowDiceChooser: Chooser = (view) => {
  const play = view.play;
  if (play?.kind !== 'seat') throw new Error('a seat view was expected');
  if (play.step === 'carry') {
    const line = play.me.rounds.at(-1)?.lines.at(-1) ?? [];
    return { type: 'carry', dice: line.flatMap((n, column) => (n <= 3 ? [column] : [])) };
  }
  const scoring = play.me.scoring;
  const junk = scoring?.junk ?? null;
  const useJunk = play.round === 6 && junk !== null && junk > (scoring?.best.score ?? 0);
  return { type: 'score', choice: useJunk ? 'junk' : 'best' };
};

/** The newest view a client has, typed as a wfgts room. */
export function latest(client: TestClient): WfgtsRoomView {
  return client.view as WfgtsRoomView;
}

/** Send a seat's move with a fresh id, based on the version its phone shows. */
export function move(table: Table, player: Player, action: wfgts.WfgtsAction): Promise<ActionResult> {
  return player.client.must(ClientEvent.action, {
    code: table.code,
    token: player.token,
    id: randomUUID(),
    version: player.client.view.version,
    action,
  });
}

/** Wait until every connected screen at the table has seen `version`. */
export async function settle(table: Table, version: number): Promise<void> {
  const screens = [table.host, table.spectator, ...table.players.map((p) => p.client)];
  await Promise.all(
    screens.map((c) => (c?.socket.connected ? c.waitForView((v) => v.version >= version) : undefined)),
  );
}

/** The host screen picks wfgts and starts it; resolves once every screen has the started game. */
export async function startWfgts(table: Table): Promise<void> {
  await table.host.must(ClientEvent.configure, { code: table.code, token: table.hostToken, game: 'wfgts' });
  const { version } = await table.host.must(ClientEvent.start, { code: table.code, token: table.hostToken });
  await settle(table, version);
}

/**
 * Every awaited seat moves in turn until the game ends or `stop` says so;
 * returns the host's last view. `beforeMove` runs before each move (a test
 * against a deployment paces its phones with it).
 */
export async function playUntil(
  table: Table,
  stop: (view: WfgtsRoomView) => boolean = () => false,
  choose: Chooser = lowDiceChooser,
  beforeMove: (player: Player) => Promise<void> = () => Promise.resolve(),
): Promise<WfgtsRoomView> {
  for (;;) {
    const view = latest(table.host);
    if (view.status !== 'playing' || stop(view)) return view;
    for (const seat of view.awaiting) {
      const player = table.players[seat];
      if (player === undefined) throw new Error(`no phone for seat ${seat}`);
      const seen = (await player.client.waitForView((v) => v.version >= view.version)) as WfgtsRoomView;
      await beforeMove(player);
      const { version } = await move(table, player, choose(seen));
      await settle(table, version);
    }
  }
}

/** Replay a room's logged actions from its dice seed: the outcome they lead to (throws if they do not replay). */
export function replayedOutcome(log: JournalEntry[], seedHex: string, seats: number): unknown {
  const game = findGame('wfgts')!;
  const dice = generatorDice(fixedGenerator(Buffer.from(seedHex, 'hex')));
  let state: unknown = game.setup({ seats, options: {}, dice });
  for (const entry of log.filter((e) => e.kind === 'action')) {
    const result = applyAction(game, state, entry.seat ?? -1, entry.detail.action, { dice });
    if (!result.ok) throw new Error(`the log does not replay: ${result.error.code}`);
    state = result.state;
  }
  return game.outcome(state);
}

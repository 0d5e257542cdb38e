/**
 * How the players of the Meet Fate browser test play, and what the rules
 * module says will happen when they do. The browser test taps according to
 * these choices; `replay` plays the same choices through the rules module with
 * the same seeded generator the server uses, so the test knows in advance
 * which dice every screen must show and on which turn the F8 lands.
 */
import { applyAction, generatorDice, meetFate, fixedGenerator } from '@rollcall/rules';

type BoxId = meetFate.BoxId;

/** The dice to keep before roll 2 (every 7 and 8) and roll 3 (only the 8s: kept 7s go back in). */
export function keepFor(nextRoll: number, dice: readonly number[]): number[] {
  const wanted = nextRoll === 2 ? [7, 8] : [8];
  return dice.flatMap((d, i) => (wanted.includes(d) ? [i] : []));
}

/** Bo stops after the first roll of his first turn; everyone else rolls three times unless all six dice would be kept. */
export function stopsAfter(seat: number, seatTurn: number, rolls: number, dice: readonly number[]): boolean {
  if (rolls >= meetFate.MAX_ROLLS) return true;
  if (seat === 1 && seatTurn === 0) return true;
  return keepFor(rolls + 1, dice).length === meetFate.DICE_COUNT;
}

/** Ann writes her second turn into Six of a Kind (a 0, most likely); every other turn takes the phone's suggested best box. */
export function boxFor(seat: number, seatTurn: number, best: readonly BoxId[]): BoxId | null {
  if (seat === 0 && seatTurn === 1) return 'six-of-a-kind';
  return best[0] ?? null;
}

/** One turn as the rules module plays it. */
export interface PlannedTurn {
  seat: number;
  /** Which of this seat's turns it is, from 0. */
  seatTurn: number;
  /** The dice after each roll. */
  rolls: number[][];
  /** The box filled and its score; null when the turn ended in an F8. */
  fill: { box: BoxId; score: number } | null;
}

/** Play `seats` players with the choices above from a seed, up to the F8 or `maxTurns`. */
export function replay(seedHex: string, seats: number, maxTurns: number): PlannedTurn[] {
  const game = meetFate.meetFate;
  const dice = generatorDice(fixedGenerator(Buffer.from(seedHex, 'hex')));
  let state = game.setup({ seats, options: game.options.parse({}), dice });
  const turns: PlannedTurn[] = [];
  const act = (seat: number, action: meetFate.MeetFateAction) => {
    const result = applyAction(game, state, seat, action, { dice });
    if (!result.ok) throw new Error(`the plan made a refused move: ${result.error.code}`);
    state = result.state;
  };
  while (turns.length < maxTurns && game.outcome(state) === null) {
    const seat = state.turn.seat;
    const turn: PlannedTurn = { seat, seatTurn: turns.filter((t) => t.seat === seat).length, rolls: [], fill: null };
    turns.push(turn);
    act(seat, { type: 'roll', hold: [] });
    turn.rolls.push([...state.turn.dice]);
    while (state.f8 === null && !stopsAfter(seat, turn.seatTurn, state.turn.rolls, state.turn.dice)) {
      act(seat, { type: 'roll', hold: keepFor(state.turn.rolls + 1, state.turn.dice) });
      turn.rolls.push([...state.turn.dice]);
    }
    if (state.f8 !== null) break;
    const view = game.view(state, { role: 'host' });
    const box = boxFor(seat, turn.seatTurn, view.best);
    if (box === null) throw new Error('the plan found no open box');
    turn.fill = { box, score: view.preview.find((p) => p.box === box)?.score ?? 0 };
    act(seat, { type: 'fill', box });
  }
  return turns;
}

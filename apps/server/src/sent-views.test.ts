import { assembledView, hearChange, nothingHeard, type Heard, type Looker, type RoomChange, type SeatPart } from '@rollcall/protocol';
import { bots, games, seededRandom, seedGenerator } from '@rollcall/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accepted } from '../test/change-outcome.js';
import { addPlayer, configure, playAction, rematch, startGame } from './room-changes.js';
import { newRoom, type RoomRecord } from './room-record.js';
import { SentViews } from './sent-views.js';
import { publicView, samePart, seatPart, type Presence } from './views.js';

const now = 1_000;

/** What can happen between two views: a seat moves, someone comes or goes, a screen loses a message or its link. */
type Happening =
  | { kind: 'move' | 'spectators' | 'lose' | 'drop' | 'reconnect'; who: number }
  | { kind: 'rematch' };

const happening: fc.Arbitrary<Happening> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('move' as const), who: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('spectators' as const, 'lose' as const, 'drop' as const, 'reconnect' as const), who: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rematch' as const }) },
);

/** A screen as the web app has it: who it is, what it holds, and whether its link is up. */
interface Screen {
  id: string;
  seatId: string | null;
  looker: Looker;
  heard: Heard;
  online: boolean;
  /** The next message on its way is lost (a gap). */
  losesNext: boolean;
  /** It lost a message and none has come since: it cannot know yet. */
  behind: boolean;
}

/** One message as the delivery writes it: the change, and a seat's part when one comes with it. */
type Message = [RoomChange, SeatPart?];
const message = (change: string, part?: SeatPart): Message => [JSON.parse(change) as RoomChange, part];

/**
 * The room service and socket delivery, as one process runs them, less the
 * sockets: `publish` makes the seat parts that changed and the public view,
 * `SentViews` turns the view into the change (and the whole view for those
 * set apart), and each screen gets its one message, in order.
 */
class Table {
  readonly sent = new SentViews();
  readonly screens: Screen[];
  /** Spectators watching through other screens than the one followed here. */
  others = 0;
  private room: RoomRecord;
  private before: RoomRecord;

  constructor(room: RoomRecord) {
    this.room = room;
    this.before = room;
    this.screens = [
      ...room.seats.map((s) => ({ id: `phone-${s.id}`, seatId: s.id, looker: { role: 'seat' } as const, heard: nothingHeard, online: true, losesNext: false, behind: false })),
      { id: 'tv', seatId: null, looker: { role: 'host', controls: true }, heard: nothingHeard, online: true, losesNext: false, behind: false },
      { id: 'watcher', seatId: null, looker: { role: 'spectator' }, heard: nothingHeard, online: true, losesNext: false, behind: false },
    ];
    for (const screen of this.screens) this.welcome(screen);
  }

  get current(): RoomRecord {
    return this.room;
  }

  /** Who is connected: the phones and watchers whose link is up. */
  get presence(): Presence {
    const online = this.screens.filter((s) => s.online);
    return {
      connectedSeats: new Set(online.flatMap((s) => (s.seatId === null ? [] : [s.seatId]))),
      spectators: this.others + online.filter((s) => s.looker.role === 'spectator').length,
    };
  }

  /** A new version (or the same one, with others connected): as `RoomPublisher.publish` and `socketDelivery.send`. */
  publish(room: RoomRecord): void {
    const known = this.before;
    this.room = room;
    this.before = room;
    const presence = this.presence;
    const parts = new Map<string, SeatPart>();
    for (const s of room.seats) {
      if (!presence.connectedSeats.has(s.id) || samePart(known, room, s.id)) continue;
      parts.set(s.id, seatPart(room, s.id)!);
    }
    const next = this.sent.next(publicView(room, presence));
    for (const screen of this.screens.filter((s) => s.online)) {
      const part = screen.seatId === null ? undefined : parts.get(screen.seatId);
      this.deliver(screen, message(next.apart.includes(screen.id) ? next.whole() : next.change, part));
    }
  }

  /** A screen coming in or asking again: the whole view and its part, as `RoomPublisher.sendWhole`. */
  welcome(screen: Screen): void {
    const part = screen.seatId === null ? undefined : (seatPart(this.room, screen.seatId) ?? undefined);
    this.deliver(screen, message(this.sent.whole(publicView(this.room, this.presence), screen.id), part));
  }

  private deliver(screen: Screen, [change, part]: Message): void {
    screen.behind = screen.losesNext;
    if (screen.losesNext) {
      screen.losesNext = false;
      return;
    }
    const heard = hearChange(screen.heard, change, part);
    if (heard === null) this.welcome(screen);
    else screen.heard = heard;
  }

  /** The view a screen holding the room's whole view and its own part now would show. */
  truth(screen: Screen): unknown {
    const part = screen.seatId === null ? null : seatPart(this.room, screen.seatId);
    return assembledView({ room: publicView(this.room, this.presence), tag: null, part }, screen.looker);
  }
}

const tableFor = (id: string, seats: number, seed: Uint8Array): Table => {
  let room = newRoom({ code: 'ABCD', now, generator: seedGenerator(seed), seal: null, hostTokenHash: null });
  for (let i = 0; i < seats; i++) room = accepted(addPlayer(room, { name: `P${i}`, seatId: `s${i}`, tokenHash: `h${i}`, now }));
  room = accepted(configure(room, { game: id, options: {}, timer: 0, now }));
  return new Table(accepted(startGame(room, now)));
};

describe('changes of the public view', () => {
  it('leave every screen, after any moves, comings and goings, lost messages and lost links, holding the whole view of the version it shows', { timeout: 120_000 }, () => {
    const game = fc.constantFrom(...Object.keys(games)).chain((id) =>
      fc.record({
        id: fc.constant(id),
        seats: fc.integer({ min: games[id]!.players.min, max: Math.min(games[id]!.players.max, 5) }),
        seed: fc.uint8Array({ minLength: 16, maxLength: 16 }),
        botSeed: fc.uint8Array({ minLength: 16, maxLength: 16 }),
        happenings: fc.array(happening, { minLength: 10, maxLength: 120 }),
      }),
    );
    fc.assert(
      fc.property(game, ({ id, seats, seed, botSeed, happenings }) => {
        const table = tableFor(id, seats, seed);
        const random = seededRandom(botSeed);
        for (const h of happenings) {
          const room = table.current;
          const screen = h.kind === 'rematch' ? undefined : table.screens[h.who % table.screens.length]!;
          switch (h.kind) {
            case 'move': {
              if (room.status !== 'playing') break;
              const awaited = games[id]!.awaiting(room.play);
              const seat = awaited[h.who % Math.max(1, awaited.length)]?.seat;
              if (seat === undefined) break;
              const action: unknown = bots[id]!(room.play, seat, random);
              const change = playAction(room, { seat, action, by: 'seat', now, key: null });
              if (change.ok) table.publish(change.room);
              break;
            }
            case 'rematch':
              if (room.status === 'finished') table.publish(accepted(rematch(room, now, '5e'.repeat(32))));
              break;
            case 'spectators':
              // Who is there changes the view, not its version: the audience refresh sends it again.
              table.others = h.who % 7;
              table.publish(room);
              break;
            case 'lose':
              screen!.losesNext = true;
              break;
            case 'drop':
              screen!.online = false;
              table.publish(room);
              break;
            case 'reconnect':
              if (screen!.online) break;
              screen!.online = true;
              screen!.losesNext = false;
              screen!.behind = false;
              table.welcome(screen!);
              table.publish(room);
              break;
          }
          // A lost message shows only at the next one: until then a screen may be one behind, never wrong.
          for (const s of table.screens) if (s.online && !s.behind) expect(assembledView(s.heard, s.looker)).toEqual(table.truth(s));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('sends a change made from the view last sent, and the whole view to a screen set apart by its own', () => {
    const sent = new SentViews();
    const table = tableFor('wfgts', 2, new Uint8Array(16).fill(3));
    const view = publicView(table.current, table.presence);
    const first = JSON.parse(sent.next(view).change) as RoomChange;
    expect(first.view).toEqual(view);
    // A joiner's view that differs (it counts the joiner) sets it apart; one that does not keeps the room's tag.
    const joined = { ...view, spectators: view.spectators + 1 };
    expect((JSON.parse(sent.whole(view, 'same')) as RoomChange).tag).toBe(first.tag);
    expect((JSON.parse(sent.whole(joined, 'joiner')) as RoomChange).tag).not.toBe(first.tag);
    const next = sent.next(joined);
    expect(JSON.parse(next.change)).toMatchObject({ from: first.tag, edits: [[['spectators'], joined.spectators]] });
    expect(next.apart).toEqual(['joiner']);
    expect(JSON.parse(next.whole())).toMatchObject({ tag: (JSON.parse(next.change) as RoomChange).tag, view: joined });
    // One that came in before the room's next change holds nothing yet: it gets that change whole.
    sent.arrived(view.code, 'newcomer');
    expect(sent.next(view).apart).toEqual(['newcomer']);
    expect(sent.next(joined).apart).toEqual([]);
  });
});

import type { SeatPart } from '@rollcall/protocol';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Delivery } from './delivery.js';
import { seatIdOf, type Identity } from './identity.js';
import { markPresence } from './room-changes.js';
import type { Accepted } from './room-commands.js';
import { nextPlayersOf, type RoomRecord } from './room-record.js';
import type { RoomRepository } from './store/room-repository.js';
import type { TurnTimers } from './turn-timers.js';
import { publicView, samePart, seatPart, type Presence } from './views.js';

/** How soon a game asks again who is connected after an answer that left a node out. */
const PRESENCE_RECHECK_MS = 5_000;

/** Every connection id a room's views may go to by seat: its seats', and those waiting for the next game. */
const audienceIds = (room: RoomRecord): string[] => [...room.seats.map((s) => s.id), ...nextPlayersOf(room).map((n) => n.id)];

/**
 * Sends committed versions of rooms: the public view encoded once for all,
 * each seat's part only when it changed, a joiner its whole view. Sending
 * never commits: when what the sockets say shows the record wrong about who
 * has a phone, `stale` is told, and the room service stores that as a change
 * of its own before sending again.
 */
export class RoomPublisher {
  private presenceFrozen = false;
  private readonly presenceRechecks = new Set<string>();

  constructor(
    private readonly deps: { store: RoomRepository; clock: Clock; log: Logger; delivery: Delivery },
    private readonly timers: TurnTimers,
    /** The record of this room is wrong about who has a phone, or may be: look again. */
    private readonly stale: (code: string, after: 'now' | 'later') => void,
  ) {}

  /**
   * A connection came into a room without changing it: it gets the room's
   * newest views itself, at once, and everyone else learns who is there with
   * the next coalesced refresh, so K joins cost O(K) messages, not K²/2.
   */
  async welcome(room: RoomRecord, connectionId: string, identity: Identity): Promise<void> {
    try {
      const loaded = (await this.deps.store.load(room.code)) ?? room;
      await this.sendWhole(loaded, connectionId, identity);
    } catch (err) {
      this.log(room.code).error({ err }, 'could not send a joiner its views');
    }
  }

  /** Send one connection the room's whole view and its seat's part. */
  async sendWhole(room: RoomRecord, connectionId: string, identity: Identity): Promise<void> {
    const seatId = seatIdOf(identity);
    const presence = await this.deps.delivery.presence(room.code, audienceIds(room));
    this.deps.delivery.sendTo(connectionId, publicView(room, presence), seatId === null ? null : seatPart(room, seatId));
    if (seatId !== null) this.notice(room, presence);
  }

  /**
   * After a connection came in, or another writer got in between changes:
   * send the room as now stored, which another node may have changed since
   * `room` was loaded. That node's views may have skipped this connection,
   * which it did not know of yet (see `cluster/cluster-delivery.ts`).
   */
  async publishNewest(room: RoomRecord, known?: RoomRecord): Promise<void> {
    const newest = await this.deps.store.load(room.code).catch((err: unknown) => {
      this.log(room.code).warn({ err }, 'could not reload the room; sending the version at hand');
      return null;
    });
    // Another writer's version: its deadline may be one this node has no timer for.
    if (newest !== null && newest !== room) this.timers.set(newest.code, newest.status === 'playing' ? newest.deadline : null);
    await this.publish(newest ?? room, known);
  }

  /**
   * Send this version of the room to everyone in it: the public view, as a
   * change encoded once for all, and with it each connected seat's own part
   * when that differs from what the seat has (`known`, the version it last
   * got; without it, every part). The change is already stored, so a failure
   * here is logged and never turned into a refusal.
   */
  async publish(room: RoomRecord, known?: RoomRecord): Promise<void> {
    try {
      const { delivery } = this.deps;
      const presence = await delivery.presence(room.code, audienceIds(room));
      const parts = new Map<string, SeatPart>();
      for (const s of room.seats) {
        if (!presence.connectedSeats.has(s.id) || (known !== undefined && samePart(known, room, s.id))) continue;
        const part = seatPart(room, s.id);
        if (part !== null) parts.set(s.id, part);
      }
      delivery.send(room.code, publicView(room, presence), parts);
      this.notice(room, presence);
    } catch (err) {
      this.log(room.code).error({ err, version: room.version }, 'could not send views');
    }
  }

  /**
   * The change that stores who has a phone during a game, when the record
   * says otherwise (`also`: a seat whose phone is coming in now): a seat's
   * away time must be the same on every node and after a restart for its
   * default to be played once. A partial answer (a node did not reply)
   * proves nothing: it is looked at again later.
   */
  async presenceMark(room: RoomRecord, also?: string): Promise<Accepted | null> {
    if (this.presenceFrozen || room.status !== 'playing') return null;
    const presence = await this.deps.delivery.presence(room.code, audienceIds(room));
    const connected = also === undefined ? presence.connectedSeats : new Set([...presence.connectedSeats, also]);
    return this.markFor(room, { ...presence, connectedSeats: connected });
  }

  /** Stop recording presence: on shutdown every phone drops because the server goes, not because its player did. */
  freezePresence(): void {
    this.presenceFrozen = true;
  }

  private markFor(room: RoomRecord, presence: Presence): Accepted | null {
    if (this.presenceFrozen) return null;
    if (presence.partial === true) {
      this.recheck(room);
      return null;
    }
    const change = markPresence(room, { connected: presence.connectedSeats, now: this.deps.clock.now() });
    return change?.ok === true ? change : null;
  }

  /** What was just sent shows the record wrong about who has a phone: that is stored next. */
  private notice(room: RoomRecord, presence: Presence): void {
    if (this.markFor(room, presence) !== null) this.stale(room.code, 'now');
  }

  /**
   * Look again later at who is connected in a game when an answer was
   * partial: a phone that dropped meanwhile must still be marked away, or its
   * default would wait for the next move, which may be its own.
   */
  private recheck(room: RoomRecord): void {
    if (room.status !== 'playing' || this.presenceRechecks.has(room.code)) return;
    this.presenceRechecks.add(room.code);
    this.deps.clock.schedule(PRESENCE_RECHECK_MS, () => {
      this.presenceRechecks.delete(room.code);
      this.stale(room.code, 'later');
    });
  }

  private log(room: string): Logger {
    return this.deps.log.child({ room, seat: null });
  }
}

import type { SeatPart } from '@rollcall/protocol';
import type { Logger } from 'pino';
import { AudienceRefresh } from './audience-refresh.js';
import type { Clock } from './clock.js';
import type { Delivery, Membership } from './delivery.js';
import { seatIdOf, type Identity } from './identity.js';
import { markPresence } from './room-changes.js';
import type { Accepted, Effect } from './room-commands.js';
import { nextPlayersOf, type RoomRecord } from './room-record.js';
import type { RoomRepository } from './store/room-repository.js';
import type { TurnTimers } from './turn-timers.js';
import { publicView, samePart, seatPart, type Presence } from './views.js';

/** How soon a game asks again who is connected after an answer that left a node out. */
const PRESENCE_RECHECK_MS = 5_000;

/** Every connection id a room's views may go to by seat: its seats', and those waiting for the next game. */
const audienceIds = (room: RoomRecord): string[] => [...room.seats.map((s) => s.id), ...nextPlayersOf(room).map((n) => n.id)];

/**
 * Who is in a room and what they are sent: the connections a committed
 * decision lets in or out (its `Effect`s), and each committed version of a
 * room, as the public view encoded once for all with each seat's part only
 * when it changed, or whole to a joiner. Sending never commits: when what
 * the sockets say shows the record wrong about who has a phone, `restore`
 * is asked to store that as a change of its own, and send again.
 */
export class RoomPublisher {
  private presenceFrozen = false;
  private readonly presenceRechecks = new Set<string>();
  private readonly audience: AudienceRefresh;

  constructor(
    private readonly deps: { store: RoomRepository; clock: Clock; log: Logger; delivery: Delivery; audienceRefreshMs?: number },
    private readonly timers: TurnTimers,
    /** Store who has a phone in this room if the record says otherwise, then send its public view. */
    private readonly restore: (code: string) => void,
  ) {
    this.audience = new AudienceRefresh(deps.clock, deps.audienceRefreshMs ?? 50, (code) => deps.delivery.audienceSize(code), restore);
  }

  /** What a decision said to do once it was committed or answered, in order; `room` is the room it was decided on. */
  async carryOut(room: RoomRecord, connectionId: string | null, effects: readonly Effect[] = []): Promise<void> {
    const { delivery } = this.deps;
    for (const effect of effects) {
      switch (effect.do) {
        case 'enter':
          if (connectionId !== null) this.enter(connectionId, room.code, effect.identity);
          break;
        case 'welcome':
          if (connectionId === null) break;
          this.enter(connectionId, room.code, effect.identity);
          await this.welcome(room, connectionId, effect.identity);
          this.audience.changed(room.code);
          break;
        case 'send-whole':
          if (connectionId !== null) await this.sendWhole(room, connectionId, effect.identity);
          break;
        case 'evict':
          delivery.evictSeat(room.code, effect.seatId, effect.reason, effect.keepSender ? (connectionId ?? undefined) : undefined);
          break;
        case 'close-to-watchers':
          delivery.closeToWatchers(room.code);
          break;
        case 'admit-screen':
          delivery.admitScreen(room.code, effect.screen, { code: room.code, hostToken: effect.hostToken });
          break;
        case 'publish':
          await this.publish(room, effect.parts === 'all' ? undefined : room);
          break;
        case 'log':
          this.deps.log.child({ room: room.code, seat: effect.seat })[effect.level ?? 'info'](effect.fields ?? {}, effect.msg);
          break;
      }
    }
  }

  /** Put a connection into a room; the room it left, if another, learns who is still there. */
  enter(connectionId: string, code: string, identity: Identity): void {
    const left = this.deps.delivery.enter(connectionId, code, identity);
    if (left !== null && left.code !== code) this.presenceChanged(left);
  }

  /**
   * A connection left: the room's public view shows who is still there, and a
   * seat left with no phone during a game is marked away (by `restore`); no
   * seat's own part changed.
   */
  presenceChanged(membership: Membership): void {
    // Neither a host screen nor a screen waiting unseen is counted in the audience.
    const { identity } = membership;
    if (identity.role === 'waiting-screen' || (identity.role === 'host' && identity.controls)) return;
    this.audience.changed(membership.code);
  }

  /** Send nothing more because an audience changed. */
  stop(): void {
    this.audience.stop();
  }

  /**
   * A connection came into a room without changing it: it gets the room's
   * newest views itself, at once, and everyone else learns who is there with
   * the next coalesced refresh, so K joins cost O(K) messages, not K²/2.
   */
  private async welcome(room: RoomRecord, connectionId: string, identity: Identity): Promise<void> {
    try {
      const loaded = (await this.deps.store.load(room.code)) ?? room;
      await this.sendWhole(loaded, connectionId, identity);
    } catch (err) {
      this.log(room.code).error({ err }, 'could not send a joiner its views');
    }
  }

  /** Send one connection the room's whole view and its seat's part. */
  private async sendWhole(room: RoomRecord, connectionId: string, identity: Identity): Promise<void> {
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
    if (this.markFor(room, presence) !== null) this.restore(room.code);
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
      this.audience.changed(room.code);
    });
  }

  private log(room: string): Logger {
    return this.deps.log.child({ room, seat: null });
  }
}

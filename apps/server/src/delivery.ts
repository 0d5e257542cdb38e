import { ServerEvent, type PublicRoomView, type ScreenAdmitted, type SeatLost, type SeatPart, type WatchClosed } from '@rollcall/protocol';
import type { Server, Socket } from 'socket.io';
import { seatIdOf, type Identity } from './identity.js';
import { SentViews } from './sent-views.js';
import type { Presence } from './views.js';

/** The room a connection is in and who it is there, kept on the socket. */
export interface Membership {
  code: string;
  identity: Identity;
}

/** How the room service reaches connections; Socket.IO rooms underneath. */
export interface Delivery {
  /** Put a connection into a room as who it is there, out of whatever room it was in; returns what it left. */
  enter(connectionId: string, code: string, identity: Identity): Membership | null;
  /** Tell a seat's other connections it is no longer theirs, and stop sending them its views. */
  evictSeat(code: string, seatId: string, reason: SeatLost['reason'], keepConnectionId?: string): void;
  /** Which of the given seats have a connection, and how many spectators watch (asking other nodes, if any). */
  presence(code: string, seatIds: readonly string[]): Presence | Promise<Presence>;
  /**
   * Send a new public view to every connection in the room (host screens,
   * phones and spectators) as a change from the one before, and each seat
   * in `parts` its new part in the same message.
   */
  send(code: string, view: PublicRoomView, parts: ReadonlyMap<string, SeatPart>): void;
  /** Send one connection of this process the whole public view, and its seat's part, if any. */
  sendTo(connectionId: string, view: PublicRoomView, part: SeatPart | null): void;
  /** How many connections of this process are in the room. */
  audienceSize(code: string): number;
  /** Spectators are no longer allowed: every spectator and shared screen is told so and stops getting views. */
  closeToWatchers(code: string): void;
  /** Whether a connection, on any node, waits to be let in under this screen code. */
  screenWaiting(code: string, screen: string): Promise<boolean>;
  /** Give the screens waiting under this code, on any node, their host token. */
  admitScreen(code: string, screen: string, admitted: ScreenAdmitted): void;
}

/** The Socket.IO room of each audience of a room, and of the whole room. */
export const channel = {
  room: (code: string) => `${code}/all`,
  host: (code: string) => `${code}/host`,
  display: (code: string) => `${code}/display`,
  spectators: (code: string) => `${code}/spectators`,
  seat: (code: string, seatId: string) => `${code}/seat/${seatId}`,
  screen: (code: string, screen: string) => `${code}/screen/${screen}`,
};

/** The Socket.IO rooms a connection is in for who it is; the whole room's only when it gets the views. */
function channelsOf(code: string, identity: Identity): string[] {
  switch (identity.role) {
    case 'seat':
    case 'next':
      return [channel.seat(code, identity.seatId), channel.room(code)];
    case 'spectator':
      return [channel.spectators(code), channel.room(code)];
    case 'waiting-screen':
      return [channel.screen(code, identity.screen)];
    case 'host':
      return identity.controls
        ? [channel.host(code), channel.room(code)]
        : [channel.display(code), channel.room(code), channel.screen(code, identity.screen)];
  }
}

/** Whether an identity hears the room's views: every one but a screen still waiting to be let in. */
const hearsViews = (identity: Identity): boolean => identity.role !== 'waiting-screen';

/** Take a socket out of every Socket.IO room its membership put it in. */
function leaveRoom(socket: Socket, membership: Membership): void {
  for (const name of channelsOf(membership.code, membership.identity)) void socket.leave(name);
  setMembership(socket, null);
}

/** The membership recorded on a socket, if any. */
export function membershipOf(socket: Socket): Membership | null {
  return (socket.data as { membership?: Membership }).membership ?? null;
}

function setMembership(socket: Socket, membership: Membership | null): void {
  (socket.data as { membership?: Membership | null }).membership = membership;
}

/** Take a seat from this process's connections to it, telling each why; `keepConnectionId` keeps its seat. */
export function evictLocally(
  io: Server,
  code: string,
  seatId: string,
  reason: SeatLost['reason'],
  keepConnectionId?: string,
): void {
  const name = channel.seat(code, seatId);
  const lost: SeatLost = { code, reason };
  for (const id of io.sockets.adapter.rooms.get(name) ?? []) {
    const socket = io.sockets.sockets.get(id);
    const membership = socket === undefined ? null : membershipOf(socket);
    if (socket === undefined || membership === null || id === keepConnectionId) continue;
    leaveRoom(socket, membership);
    socket.emit(ServerEvent.seatLost, lost);
  }
}

/** How many sockets of this process watch a room without a seat or the host token: spectators and shared screens. */
export function localWatchers(io: Server, code: string): number {
  const rooms = io.sockets.adapter.rooms;
  return (rooms.get(channel.spectators(code))?.size ?? 0) + (rooms.get(channel.display(code))?.size ?? 0);
}

/** Who is connected to a room through this process. */
export function localPresence(io: Server, code: string, seatIds: readonly string[]): Presence {
  const connectedSeats = new Set(seatIds.filter((id) => hasLocal(io, channel.seat(code, id))));
  return { connectedSeats, spectators: localWatchers(io, code) };
}

/** Drop this process's spectators and shared screens from a room, telling each why. */
export function closeLocallyToWatchers(io: Server, code: string): void {
  const closed: WatchClosed = { code, reason: 'no-spectators' };
  for (const name of [channel.spectators(code), channel.display(code)]) {
    for (const id of [...(io.sockets.adapter.rooms.get(name) ?? [])]) {
      const socket = io.sockets.sockets.get(id);
      const membership = socket === undefined ? null : membershipOf(socket);
      if (socket === undefined || membership === null) continue;
      leaveRoom(socket, membership);
      socket.emit(ServerEvent.watchClosed, closed);
    }
  }
}

/**
 * Where a view for one audience goes, less the Socket.IO rooms in `except`:
 * by default to the whole Socket.IO room, wherever its sockets are; null when
 * nobody is in it. Socket.IO encodes a broadcast before it looks for sockets,
 * so an empty audience would still cost the encoding of a view.
 */
export type Route = (code: string, channel: string, except: readonly string[]) => Pick<ReturnType<Server['to']>, 'emit'> | null;

/** A `room:change`'s arguments as JSON texts: the change, and the seat's part when one goes with it. */
const changeArgs = (change: string, part: string | undefined): string[] => (part === undefined ? [change] : [change, part]);

/** Whether this process has a socket in the Socket.IO room. */
export function hasLocal(io: Server, channel: string): boolean {
  return (io.sockets.adapter.rooms.get(channel)?.size ?? 0) > 0;
}

/**
 * Delivery over one Socket.IO server. Each audience is a Socket.IO room, and
 * so is the whole room: the public change is encoded once and broadcast to
 * the room less the seats that get a part with it, each of those once to the
 * seat; `route` may narrow where each one goes.
 */
export function socketDelivery(
  io: Server,
  route: Route = (_code, name, except) => (hasLocal(io, name) ? io.to(name).except([...except]) : null),
): Delivery {
  const sent = new SentViews();
  return {
    enter(connectionId, code, identity) {
      const socket = io.sockets.sockets.get(connectionId);
      if (socket === undefined) return null;
      const before = membershipOf(socket);
      if (before !== null) leaveRoom(socket, before);
      void socket.join(channelsOf(code, identity));
      setMembership(socket, { code, identity });
      if (hearsViews(identity)) sent.arrived(code, connectionId);
      return before;
    },
    evictSeat: (code, seatId, reason, keepConnectionId) => evictLocally(io, code, seatId, reason, keepConnectionId),
    presence: (code, seatIds) => localPresence(io, code, seatIds),
    send(code, view, parts) {
      const next = sent.next(view);
      const partTexts = new Map([...parts].map(([seatId, part]) => [seatId, JSON.stringify(part)]));
      for (const [seatId, part] of partTexts) route(code, channel.seat(code, seatId), next.apart)?.emit(ServerEvent.change, next.change, part);
      const withPart = [...partTexts.keys()].map((seatId) => channel.seat(code, seatId));
      route(code, channel.room(code), [...withPart, ...next.apart])?.emit(ServerEvent.change, next.change);
      for (const connectionId of next.apart) {
        const socket = io.sockets.sockets.get(connectionId);
        const membership = socket === undefined ? null : membershipOf(socket);
        // Gone, into another room since, or now a screen waiting to be let in: this room's views are no longer its.
        if (socket === undefined || membership?.code !== code || !hearsViews(membership.identity)) continue;
        const seatId = seatIdOf(membership.identity);
        socket.emit(ServerEvent.change, ...changeArgs(next.whole(), seatId === null ? undefined : partTexts.get(seatId)));
      }
      if (!hasLocal(io, channel.room(code))) sent.forget(code);
    },
    sendTo(connectionId, view, part) {
      const socket = io.sockets.sockets.get(connectionId);
      if (socket === undefined) return;
      socket.emit(ServerEvent.change, ...changeArgs(sent.whole(view, connectionId), part === null ? undefined : JSON.stringify(part)));
    },
    audienceSize: (code) => io.sockets.adapter.rooms.get(channel.room(code))?.size ?? 0,
    closeToWatchers: (code) => closeLocallyToWatchers(io, code),
    // Through the adapter, so with several nodes every node is asked and told.
    screenWaiting: async (code, screen) => (await io.in(channel.screen(code, screen)).fetchSockets()).length > 0,
    admitScreen(code, screen, admitted) {
      io.to(channel.screen(code, screen)).emit(ServerEvent.screenAdmitted, admitted);
    },
  };
}

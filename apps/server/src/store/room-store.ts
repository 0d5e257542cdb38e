import type { ChangeNote } from '../room-changes.js';
import type { RoomRecord } from '../room-record.js';

/** One accepted change in a room's action log. */
export interface LogEntry extends ChangeNote {
  /** The room version the change produced. */
  version: number;
  /** When it was accepted (epoch ms). */
  at: number;
}

/** A room whose turn timer is running. */
export interface TimedRoom {
  code: string;
  deadline: number;
}

/**
 * Where rooms live. Every write is a compare-and-set on the room's version, so
 * two processes sharing a store can never both build on the same version.
 * Each accepted change is stored with its log entry in one atomic write.
 */
export interface RoomStore {
  /** Store a new room; false when its code is already taken by a live room. */
  create(room: RoomRecord, entry: LogEntry): Promise<boolean>;
  /** The room with this code, or null. */
  load(code: string): Promise<RoomRecord | null>;
  /** Replace the room if it is still at `expectedVersion`; false when someone else got there first. */
  commit(room: RoomRecord, expectedVersion: number, entry: LogEntry): Promise<boolean>;
  /** Rooms with a turn timer running (only those due by `dueBy` when given), to set timers from the store. */
  timedRooms(dueBy?: number): Promise<TimedRoom[]>;
  /** A room's action log, oldest first. */
  log(code: string): Promise<LogEntry[]>;
  /** Drop rooms finished before one cut-off or untouched since another, with their logs; returns their codes. */
  purge(cutoffs: { finishedBefore: number; idleBefore: number }): Promise<string[]>;
  close(): Promise<void>;
}

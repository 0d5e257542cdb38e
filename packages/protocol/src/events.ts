/** Events the server sends. */
export const ServerEvent = {
  /** What changed in the room as everyone sees it (`RoomChange`), and for a phone its seat's part when that changed; sent to every socket of the room after every change. */
  change: 'room:change',
  /** This socket lost its seat: another socket took it over, or the seat was removed. */
  seatLost: 'room:seat-lost',
  /** This spectator or shared screen no longer gets views: the room stopped allowing spectators. */
  watchClosed: 'room:watch-closed',
  /** This waiting screen was let in: it gets its own host token (`ScreenAdmitted`). */
  screenAdmitted: 'room:screen-admitted',
} as const;

/** Any server event name. */
export type ServerEventName = (typeof ServerEvent)[keyof typeof ServerEvent];

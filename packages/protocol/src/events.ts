/** Events a client sends; each is acknowledged with a `Reply`. */
export const ClientEvent = {
  /** Open a new room, as its host screen or as its first player. */
  createRoom: 'room:create',
  /** Enter a room as a player, a spectator or a host screen; or take a seat back with its token. */
  joinRoom: 'room:join',
  /** Lead or host: choose the game, its options and the turn timer. */
  configure: 'room:configure',
  /** Lead or host: close the room to new players, and allow or refuse spectators. */
  setLock: 'room:lock',
  /** Lead or host: start the chosen game with the seats present. */
  start: 'room:start',
  /** Lead or host: remove a seat (in the lobby it leaves; in a game it becomes vacant). */
  removeSeat: 'room:remove-seat',
  /** Lead or host: seat a bot in the lobby; it counts as a player and the server makes its moves. */
  addBot: 'room:add-bot',
  /** A player takes the lead while the lead's phone is away. */
  takeLead: 'room:take-lead',
  /** Lead or host: back to the lobby with the same seats, to play again (any game). */
  rematch: 'room:rematch',
  /** Lead or host: end the game in progress for everyone, back to the lobby or straight into another game. */
  endGame: 'room:end-game',
  /** A player leaves the room from their phone (in a game the seat becomes vacant). */
  leave: 'room:leave',
  /** A player changes their name in the lobby. */
  rename: 'room:rename',
  /** Lead or host: a one-time code that hands an away seat to a new phone. */
  handOver: 'room:hand-over',
  /** Lead or host: let in a screen waiting with the code it shows; it becomes a host screen. */
  admitScreen: 'room:admit-screen',
  /** Lead or host: start tonight's standings over, in the lobby. */
  resetNight: 'room:reset-night',
  /** A seat gives its random client seed for the next game's dice (see `DiceView`). */
  contributeSeed: 'dice:contribute',
  /** A seat's move in the game (or the lead's move for a vacant seat). */
  action: 'game:action',
  /** A seat's phone asks for its own suggested move while the game waits on it (`HintReply`). */
  askHint: 'game:hint',
  /** A screen whose views stopped following on from each other asks for the whole view again (`WholeView`). */
  wholeView: 'room:whole-view',
  /** Lead or host: play the game's default move for a vacant or away seat it waits on. */
  playDefault: 'game:default',
} as const;

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

/** Any client event name. */
export type ClientEventName = (typeof ClientEvent)[keyof typeof ClientEvent];
/** Any server event name. */
export type ServerEventName = (typeof ServerEvent)[keyof typeof ServerEvent];

import type { Component } from 'svelte';
import { ROOM_SEAT_LIMIT, type ActionResult, type RoomView } from '@rollcall/protocol';
import { catalogue, catalogueEntry, type CatalogueEntry } from '@rollcall/rules/catalogue';
import { loadMessages, type MessageArea } from '../i18n/locale.svelte.js';
import { snakeCase } from '../i18n/message-keys.js';
import { appText, pagesText } from '../i18n/messages.js';
import type { Sent } from '../room-connection.svelte.js';

/**
 * Everything the web app knows per game. Routes look games up here and never
 * name one: each game's phone sheet, TV board and rules page live in its own
 * folder and are loaded only when a screen needs them.
 */

/** What every phone sheet is given. */
export interface PhoneSheetProps {
  view: RoomView;
  /** This phone's seat. */
  seat: number;
  /** Send a move for this seat. */
  act: (action: unknown) => Promise<Sent<ActionResult>>;
}

/** What every TV board (and the spectator screen) is given. */
export interface TvBoardProps {
  view: RoomView;
}

type Lazy<P extends object> = () => Promise<{ default: Component<P> }>;

/** What a game's own lobby options form is given. */
export interface OptionsFormProps {
  /** The room's options for this game, defaults filled in. */
  options: Record<string, unknown>;
  disabled: boolean;
  /** Ask the room to play with these options. */
  change: (options: Record<string, unknown>) => void;
}

/**
 * A game as this app plays and explains it: its screens and its rules page.
 * Its name, designer and player counts are the rules' catalogue entry.
 */
export interface WebGame {
  phone: Lazy<PhoneSheetProps>;
  tv: Lazy<TvBoardProps>;
  /** A form for the game's options, shown in the lobby in place of the generic fields. */
  options?: Lazy<OptionsFormProps>;
  /** The rules page, in our own words. */
  rules: Lazy<Record<string, never>>;
  /** The dice it is played with, as its rules page lists them (read where shown: it is in the screen's language). */
  readonly dice: string;
  /** One line that sells the game (read where shown). */
  readonly blurb: string;
}

/** The screens of a game that can be played here. */
export type GameScreens = Pick<WebGame, 'phone' | 'tv' | 'options'>;

/** A game's rules page: who made it and how it plays. */
export type GameGuide = Pick<CatalogueEntry, 'id' | 'name' | 'designer'> & Pick<WebGame, 'dice' | 'blurb' | 'rules'>;

/** A game's screen, loaded with the game's words in the screen's language. */
function withWords<P extends object>(areas: MessageArea[], screen: Lazy<P>): Lazy<P> {
  return async () => {
    const [loaded] = await Promise.all([screen(), loadMessages(areas)]);
    return loaded;
  };
}

/** A game's id: an area of `messages/` that has a rules area beside it. */
type GameId = { [Area in MessageArea]: `${Area}-rules` extends MessageArea ? Area : never }[MessageArea];

/**
 * A game from its folder's screens, each loaded with the game's words (the
 * rules page with its own too); its dice and blurb are the app's messages
 * named after it. Each screen is an `import()` written out in full, so the
 * bundler gives every game its own chunks.
 */
function webGame(id: GameId, screens: Pick<WebGame, 'phone' | 'tv' | 'options' | 'rules'>): WebGame {
  const words = snakeCase(id);
  return {
    phone: withWords([id], screens.phone),
    tv: withWords([id], screens.tv),
    ...(screens.options && { options: withWords([id], screens.options) }),
    rules: withWords([id, `${id}-rules`], screens.rules),
    get dice() {
      return appText[`game_${words}_dice`]();
    },
    get blurb() {
      return pagesText[`game_${words}_blurb`]();
    },
  };
}

/**
 * Every game of the rules' catalogue, by id, each from its folder here:
 * adding a game is its folder and its entry here (see docs/adding-a-game.md);
 * the tests fail while a catalogue game or a folder has none.
 */
export const webGames: Record<string, WebGame> = {
  wfgts: webGame('wfgts', { phone: () => import('./wfgts/PhoneSheet.svelte'), tv: () => import('./wfgts/TvBoard.svelte'), rules: () => import('./wfgts/Rules.svelte') }),
  'ten-phases': webGame('ten-phases', { phone: () => import('./ten-phases/PhoneSheet.svelte'), tv: () => import('./ten-phases/TvBoard.svelte'), rules: () => import('./ten-phases/Rules.svelte') }),
  'meet-fate': webGame('meet-fate', { phone: () => import('./meet-fate/PhoneSheet.svelte'), tv: () => import('./meet-fate/TvBoard.svelte'), options: () => import('./meet-fate/OptionsForm.svelte'), rules: () => import('./meet-fate/Rules.svelte') }),
  'pairs-and-wagers': webGame('pairs-and-wagers', { phone: () => import('./pairs-and-wagers/PhoneSheet.svelte'), tv: () => import('./pairs-and-wagers/TvBoard.svelte'), options: () => import('./pairs-and-wagers/OptionsForm.svelte'), rules: () => import('./pairs-and-wagers/Rules.svelte') }),
  'war-pnp': webGame('war-pnp', { phone: () => import('./war-pnp/PhoneSheet.svelte'), tv: () => import('./war-pnp/TvBoard.svelte'), options: () => import('./war-pnp/OptionsForm.svelte'), rules: () => import('./war-pnp/Rules.svelte') }),
} satisfies Record<GameId, WebGame>;

/** The rules pages of the games, in the catalogue's order. */
export const guides: readonly GameGuide[] = Object.values(catalogue).flatMap((entry) => {
  const web = webGames[entry.id];
  if (web === undefined) return [];
  // The words are read from the game each time they are shown, in the screen's language of that moment.
  return [
    {
      id: entry.id,
      name: entry.name,
      designer: entry.designer,
      get dice() {
        return web.dice;
      },
      get blurb() {
        return web.blurb;
      },
      rules: web.rules,
    },
  ];
});

/** The rules page of a game, if it has one. */
export function guideFor(id: string): GameGuide | undefined {
  return guides.find((g) => g.id === id);
}

/** The screens of a game, if it can be played here. */
export function screensFor(id: string): GameScreens | undefined {
  return Object.hasOwn(webGames, id) ? webGames[id] : undefined;
}

/** Games a room can pick: in the rules' catalogue and with screens here. */
export function playableGames(): CatalogueEntry[] {
  return Object.values(catalogue).filter((game) => screensFor(game.id) !== undefined);
}

/** How many can play a game here, as a list of games says it: "2–12 players", "1–8 players"; a room seats at most 16. */
export function playerRange(id: string): string {
  const players = catalogueEntry(id)?.players;
  if (players === undefined) return '';
  const most = Math.min(players.max, ROOM_SEAT_LIMIT);
  if (players.min === most) return appText.players_count({ count: most });
  return appText.players_range({ min: players.min, max: most });
}

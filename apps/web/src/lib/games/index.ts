import type { Component } from 'svelte';
import { ROOM_SEAT_LIMIT, type ActionResult, type RoomView } from '@rollcall/protocol';
import { catalogue, catalogueEntry, type CatalogueEntry } from '@rollcall/rules/catalogue';
import { loadMessages, type MessageArea } from '../i18n/locale.svelte.js';
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

/**
 * Every game of the rules' catalogue, by id, each from its folder here:
 * adding a game is its folder and its entry here (see docs/adding-a-game.md);
 * the tests fail while a catalogue game or a folder has none.
 */
export const webGames: Record<string, WebGame> = {
  wfgts: {
    phone: withWords(['wfgts'], () => import('./wfgts/PhoneSheet.svelte')),
    tv: withWords(['wfgts'], () => import('./wfgts/TvBoard.svelte')),
    rules: withWords(['wfgts', 'wfgts-rules'], () => import('./wfgts/Rules.svelte')),
    get dice() {
      return appText.game_wfgts_dice();
    },
    get blurb() {
      return pagesText.game_wfgts_blurb();
    },
  },
  'ten-phases': {
    phone: withWords(['ten-phases'], () => import('./ten-phases/PhoneSheet.svelte')),
    tv: withWords(['ten-phases'], () => import('./ten-phases/TvBoard.svelte')),
    rules: withWords(['ten-phases', 'ten-phases-rules'], () => import('./ten-phases/Rules.svelte')),
    get dice() {
      return appText.game_ten_phases_dice();
    },
    get blurb() {
      return pagesText.game_ten_phases_blurb();
    },
  },
  'meet-fate': {
    phone: withWords(['meet-fate'], () => import('./meet-fate/PhoneSheet.svelte')),
    tv: withWords(['meet-fate'], () => import('./meet-fate/TvBoard.svelte')),
    options: withWords(['meet-fate'], () => import('./meet-fate/OptionsForm.svelte')),
    rules: withWords(['meet-fate', 'meet-fate-rules'], () => import('./meet-fate/Rules.svelte')),
    get dice() {
      return appText.game_meet_fate_dice();
    },
    get blurb() {
      return pagesText.game_meet_fate_blurb();
    },
  },
  'pairs-and-wagers': {
    phone: withWords(['pairs-and-wagers'], () => import('./pairs-and-wagers/PhoneSheet.svelte')),
    tv: withWords(['pairs-and-wagers'], () => import('./pairs-and-wagers/TvBoard.svelte')),
    options: withWords(['pairs-and-wagers'], () => import('./pairs-and-wagers/OptionsForm.svelte')),
    rules: withWords(['pairs-and-wagers', 'pairs-and-wagers-rules'], () => import('./pairs-and-wagers/Rules.svelte')),
    get dice() {
      return appText.game_pairs_and_wagers_dice();
    },
    get blurb() {
      return pagesText.game_pairs_and_wagers_blurb();
    },
  },
  'war-pnp': {
    phone: withWords(['war-pnp'], () => import('./war-pnp/PhoneSheet.svelte')),
    tv: withWords(['war-pnp'], () => import('./war-pnp/TvBoard.svelte')),
    options: withWords(['war-pnp'], () => import('./war-pnp/OptionsForm.svelte')),
    rules: withWords(['war-pnp', 'war-pnp-rules'], () => import('./war-pnp/Rules.svelte')),
    get dice() {
      return appText.game_war_pnp_dice();
    },
    get blurb() {
      return pagesText.game_war_pnp_blurb();
    },
  },
};

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

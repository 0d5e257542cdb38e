import type { Component } from 'svelte';
import { ROOM_SEAT_LIMIT, type ActionResult, type RoomView } from '@rollcall/protocol';
import { catalogue, catalogueEntry, type CatalogueEntry } from '@rollcall/rules/catalogue';
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

/** A game's rules page: who made it and how it plays. */
export interface GameGuide {
  id: string;
  name: string;
  designer: string;
  dice: string;
  /** One line that sells the game. */
  blurb: string;
  rules: Lazy<Record<string, never>>;
}

/** What a game's own lobby options form is given. */
export interface OptionsFormProps {
  /** The room's options for this game, defaults filled in. */
  options: Record<string, unknown>;
  disabled: boolean;
  /** Ask the room to play with these options. */
  change: (options: Record<string, unknown>) => void;
}

/** The screens of a game that can be played here. */
export interface GameScreens {
  phone: Lazy<PhoneSheetProps>;
  tv: Lazy<TvBoardProps>;
  /** A form for the game's options, shown in the lobby in place of the generic fields. */
  options?: Lazy<OptionsFormProps>;
}

/** Rules pages for every game the product hosts, playable yet or not. */
export const guides: readonly GameGuide[] = [
  {
    id: 'wfgts',
    name: 'Waiting for the Game to Start',
    designer: 'Jonathan Leistiko',
    dice: 'seven dice: d4, d6, d8, two d10s, d12, d20',
    blurb: 'Everyone plays the same rolls at once and hunts for runs and sets.',
    rules: () => import('./wfgts/Rules.svelte'),
  },
  {
    id: 'ten-phases',
    name: 'Ten Phases',
    designer: 'Garrett J. Donner and Michael S. Steer',
    dice: 'ten coloured dice, six high and four low with wilds',
    blurb: 'Climb through ten patterns in order, three rolls a turn.',
    rules: () => import('./ten-phases/Rules.svelte'),
  },
  {
    id: 'meet-fate',
    name: 'Meet Fate (F8)',
    designer: 'f8dice',
    dice: 'six eight-sided dice',
    blurb: 'Fill nineteen boxes, and pray for six eights.',
    rules: () => import('./meet-fate/Rules.svelte'),
  },
  {
    id: 'pairs-and-wagers',
    name: 'Pairs and Wagers',
    designer: '"Super" Dave Radzik',
    dice: 'four six-sided dice',
    blurb: 'Roll for pairs, then bet your own points to push your luck.',
    rules: () => import('./pairs-and-wagers/Rules.svelte'),
  },
  {
    id: 'war-pnp',
    name: "Write And Roll – Powers 'n Points",
    designer: 'Jonathan Leistiko',
    dice: 'two six-sided dice',
    blurb: 'Grow powers, bank points, and wreck your rival’s sheet.',
    rules: () => import('./war-pnp/Rules.svelte'),
  },
];

/** The phone and TV screens of each game built for this app. */
const screens: Record<string, GameScreens> = {
  wfgts: {
    phone: () => import('./wfgts/PhoneSheet.svelte'),
    tv: () => import('./wfgts/TvBoard.svelte'),
  },
  'ten-phases': {
    phone: () => import('./ten-phases/PhoneSheet.svelte'),
    tv: () => import('./ten-phases/TvBoard.svelte'),
  },
  'pairs-and-wagers': {
    phone: () => import('./pairs-and-wagers/PhoneSheet.svelte'),
    tv: () => import('./pairs-and-wagers/TvBoard.svelte'),
    options: () => import('./pairs-and-wagers/OptionsForm.svelte'),
  },
  'meet-fate': {
    phone: () => import('./meet-fate/PhoneSheet.svelte'),
    tv: () => import('./meet-fate/TvBoard.svelte'),
    options: () => import('./meet-fate/OptionsForm.svelte'),
  },
  'war-pnp': {
    phone: () => import('./war-pnp/PhoneSheet.svelte'),
    tv: () => import('./war-pnp/TvBoard.svelte'),
  },
};

/** The rules page of a game, if it has one. */
export function guideFor(id: string): GameGuide | undefined {
  return guides.find((g) => g.id === id);
}

/** The screens of a game, if it can be played here. */
export function screensFor(id: string): GameScreens | undefined {
  return Object.hasOwn(screens, id) ? screens[id] : undefined;
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
  if (players.min === most) return players.min === 1 ? '1 player' : `${most} players`;
  return `${players.min}–${most} players`;
}

/**
 * A room's three kinds of screen, stopped at the moments worth looking at: a
 * TV, a phone holding the lead's seat and a spectator, in the lobby, in the
 * middle of a game, at its end and back in the lobby with tonight's standings.
 *
 * The browser only looks: the seats are sockets, and the game is played
 * quickly from the stored state (table-driver.ts) while the screens are
 * parked on a blank page, so only the moments looked at are drawn.
 */
import type { Page } from 'playwright-core';
import { PHONE, languageOf, type BrowserRoom } from './browser-room.js';
import { settle } from './chromium.js';
import { say, type Locale } from './languages.js';
import { movesInAGame, seatPlayers, type SeatedTable } from './table-driver.js';

/** Names of several lengths, as a real table has. */
export const NAMES = ['Ann', 'Bartholomew', 'Cy', 'Dee', 'Everett', 'Fay', 'Gus', 'Hildegard', 'Ivo', 'Jo', 'Kit', 'Lou'];

/** Fixed dice, so every run of a game looks the same. */
export const TABLE_SEED = '623b8a340507794f609f62b9c457d1a9';

export type Role = 'tv' | 'phone' | 'spectator';
export type Stage = 'lobby' | 'mid' | 'end' | 'night';
export type RoomScreens = Record<Role, Page>;

/** The size each screen opens at. */
export const SCREEN_SIZES: Record<Role, { width: number; height: number }> = {
  tv: { width: 1920, height: 1080 },
  phone: PHONE,
  spectator: { width: 1280, height: 800 },
};

/** A TV, a phone and a spectator's window, in `locale` (the browser's language; English unless given). */
export async function openScreens(room: BrowserRoom, locale?: Locale): Promise<RoomScreens> {
  const [tv, phone, spectator] = await Promise.all(
    (['tv', 'phone', 'spectator'] as const).map((role) => room.newPage(SCREEN_SIZES[role], role === 'phone', locale)),
  );
  return { tv: tv!, phone: phone!, spectator: spectator! };
}

const addressOf: Record<Role, string> = { tv: 'tv', phone: 'play', spectator: 'watch' };

/**
 * Wait until `check` holds. Not vitest's `expect.poll`: the files that play
 * through a table run their tests side by side, where only a test's own
 * `expect` knows which test it is in.
 */
async function until(what: string, check: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  for (const end = Date.now() + timeout; !(await check()); ) {
    if (Date.now() > end) throw new Error(`waited ${timeout} ms until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Open each screen of the room and wait until it shows `stage`, drawn and still. */
async function show(room: BrowserRoom, screens: RoomScreens, code: string, stage: Exclude<Stage, 'night'>): Promise<void> {
  const ready = {
    lobby: { tv: '[data-testid="room-code"]', phone: '#hello-title', spectator: '#wait-title' },
    mid: { tv: '[data-testid="game-screen"] > *', phone: '[data-testid="game-screen"] > *', spectator: '[data-testid="game-screen"] > *' },
    end: { tv: '[data-testid="standings"]', phone: '[data-testid="standings"]', spectator: '[data-testid="standings"]' },
  }[stage];
  await Promise.all(
    (Object.keys(screens) as Role[]).map(async (role) => {
      const page = screens[role];
      if (page.url() !== `${room.url}/${addressOf[role]}/${code}`) await page.goto(`${room.url}/${addressOf[role]}/${code}`);
      await page.locator(ready[role]).first().waitFor({ timeout: 15_000 });
      await settle(page);
    }),
  );
}

/** Leave the room's screens on a blank page, so the game can be played quickly without drawing every move. */
async function park(screens: RoomScreens): Promise<void> {
  await Promise.all(Object.values(screens).map((page) => page.goto('about:blank')));
}

/** Play moves until `enough` says so or the game ends. */
async function playUntil(table: SeatedTable, enough: (moves: number, awaiting: number[]) => boolean): Promise<void> {
  for (let moves = 0; ; moves++) {
    const { status, awaiting } = await table.status();
    if (status !== 'playing' || enough(moves, awaiting)) return;
    await table.step();
  }
}

/**
 * Host a room of `game` for `players` on the TV, seat them, and stop at each
 * stage for `look`, which is told whether the phone has a move to make.
 * The night stage (tonight's standings in the next lobby) follows a game of
 * more than one player when `night` is asked for.
 */
export async function playThrough(
  room: BrowserRoom,
  screens: RoomScreens,
  { game, players, night = false }: { game: string; players: number; night?: boolean },
  look: (stage: Stage, decides: boolean) => Promise<void>,
): Promise<void> {
  const { tv, phone } = screens;
  const { code } = await room.hostRoom(TABLE_SEED, tv);
  const table = await seatPlayers(room.server, code, NAMES.slice(0, players));
  try {
    // The phone holds seat 0 (the lead's): it takes it back as a returning phone does.
    await phone.goto(`${room.url}/`);
    await phone.evaluate(
      ({ key, held }) => localStorage.setItem(key, held),
      { key: `rollcall:seat:${code}`, held: JSON.stringify({ seat: 0, token: table.tokens[0] ?? '' }) },
    );

    await tv.locator(`input[name="game"][value="${game}"]`).check();
    const start = tv.getByRole('button', { name: say(await languageOf(tv), 'Start the game') });
    await until('the game can start', () => start.isEnabled());
    await show(room, screens, code, 'lobby');
    await look('lobby', false);

    await tv.getByRole('button', { name: say(await languageOf(tv), 'Start the game') }).click();
    await until('the game is on', async () => (await table.status()).status === 'playing');
    await park(screens);
    // The middle of a game: some way in, at a moment this phone has a move to make.
    const half = Math.round(movesInAGame(game, players, TABLE_SEED) * 0.45);
    await playUntil(table, (moves, awaiting) => moves >= half && (awaiting.includes(0) || moves > half + 60));
    const decides = (await table.status()).awaiting.includes(0);
    await show(room, screens, code, 'mid');
    await look('mid', decides);

    await park(screens);
    await playUntil(table, () => false);
    await show(room, screens, code, 'end');
    await look('end', false);

    // A game of one is not counted tonight; any other leaves the night's table on the TV for the next game's lobby.
    if (night && players > 1) {
      await table.rematch();
      await Promise.all(
        [tv.getByTestId('night-table'), phone.getByTestId('night-place')].map((shown) => shown.waitFor({ timeout: 15_000 })),
      );
      await Promise.all([settle(tv), settle(phone)]);
      await look('night', false);
    }
  } finally {
    table.close();
  }
}

/**
 * Switch a screen to `locale` with its own language picker, as a person does
 * mid-game: every word is redrawn in place, without a reload.
 */
export async function switchLanguage(page: Page, locale: Locale): Promise<void> {
  await page.getByTestId('language').selectOption(locale);
  await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
  await settle(page);
}

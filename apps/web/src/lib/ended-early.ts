import type { RoomView } from '@rollcall/protocol';
import { catalogueEntry } from '@rollcall/rules/catalogue';
import { appText } from './i18n/messages.js';

const gameName = (id: string) => catalogueEntry(id)?.name ?? id;

/**
 * What every screen says about a game the lead or the TV ended early: who
 * ended which game, and, while the room goes straight into another, that it
 * starts once the phones are in (their client seeds seal its dice) or that it
 * has started. Null when no game was ended early, or once the next game ran
 * to its end.
 */
export function endedLine(view: Pick<RoomView, 'ended' | 'status' | 'game'>): string | null {
  const ended = view.ended;
  if (!ended || view.status === 'finished') return null;
  const who = ended.by === 'host' ? appText.ended_by_tv() : (ended.name ?? appText.ended_by_lead());
  const game = gameName(ended.game);
  const next = ended.next !== null && view.game?.id === ended.next ? gameName(ended.next) : null;
  if (next === null) return appText.ended_early({ who, game });
  if (view.status === 'playing') return appText.ended_early_started_next({ who, game, next });
  return appText.ended_early_next_soon({ who, game, next });
}

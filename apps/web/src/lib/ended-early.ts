import type { RoomView } from '@rollcall/protocol';
import { catalogueEntry } from '@rollcall/rules/catalogue';

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
  const who = ended.by === 'host' ? 'The TV' : (ended.name ?? 'The lead');
  const stopped = `${who} ended ${gameName(ended.game)} early`;
  const next = ended.next !== null && view.game?.id === ended.next ? gameName(ended.next) : null;
  if (next === null) return `${stopped}.`;
  if (view.status === 'playing') return `${stopped} and started ${next}.`;
  return `${stopped}. ${next} starts as soon as every player's phone has checked in.`;
}

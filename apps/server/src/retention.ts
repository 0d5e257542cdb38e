import type { FastifyInstance } from 'fastify';
import type { Clock, TimerHandle } from './clock.js';
import type { Config } from './config.js';
import type { RoomRepository } from './store/room-repository.js';

/** How often old rooms are looked for. */
export const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Drops finished rooms once their result has been kept long enough, and rooms
 * nobody has touched for a long time, so their codes can be used again.
 * Sweeps run on the injected clock, so a test can move them by hand.
 */
export async function retention(
  app: FastifyInstance,
  { config, store, clock }: { config: Config; store: Pick<RoomRepository, 'purge'>; clock: Clock },
): Promise<void> {
  const sweep = async () => {
    const now = clock.now();
    const purged = await store.purge({
      finishedBefore: now - config.finishedRetentionMs,
      idleBefore: now - config.idleRetentionMs,
    });
    if (purged.length > 0) app.log.info({ rooms: purged.length }, 'old rooms purged');
  };
  let timer: TimerHandle | null = null;
  let closed = false;
  // The next sweep is set once this one is over, so a slow purge never overlaps the next.
  const next = () => {
    if (closed) return;
    timer = clock.schedule(SWEEP_EVERY_MS, () => {
      void sweep()
        .catch((err: unknown) => app.log.error({ err }, 'purge failed'))
        .finally(next);
    });
  };
  app.addHook('onReady', async () => {
    await sweep();
    next();
  });
  app.addHook('preClose', async () => {
    closed = true;
    timer?.cancel();
  });
}
